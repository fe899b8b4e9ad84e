import { PictureOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { Button, Empty, Tabs } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router';
import { useCurrentUser } from '../../../components/use-session';
import { collectionQuery, collectionsQuery, type GalleryFilter } from '../api/gallery.api';
import { CaseGrid } from './case-grid';
import { PublishProjectButton } from './publish-project';
import { CollectionManageBar, NewCollectionButton } from './collection-manage';
import { CategoryChips, GalleryWaterfall, SearchBox, SortTabs } from './gallery-browse';
import { Shell, SignInFirst, useFilterParams } from './gallery-shell';

/** The square with search, sort and category chips: /findPage, /tupianHome, /caseHome … */
const Square = ({
  title,
  sub,
  sort = 'hot',
}: {
  title: string;
  sub: string;
  sort?: 'new' | 'hot';
}) => {
  const f = useFilterParams({ sort });
  const filter: GalleryFilter = { keyword: f.keyword, sort: f.sort, classifyId: f.classifyId };
  return (
    <Shell
      title={title}
      sub={sub}
      tools={<SortTabs value={f.sort} onChange={(v) => f.set({ sort: v })} />}
    >
      <SearchBox key={f.keyword} value={f.keyword} onSearch={(kw) => f.set({ kw })} />
      <CategoryChips value={f.classifyId} onChange={(c) => f.set({ c })} />
      <GalleryWaterfall filter={filter} />
    </Shell>
  );
};

export const FindPage = () => {
  const { t } = useTranslation();
  return <Square title={t('community.find.title')} sub={t('community.find.sub')} />;
};
export const TupianHome = () => {
  const { t } = useTranslation();
  return <Square title={t('community.tupian.title')} sub={t('community.tupian.sub')} />;
};
/** /classifyPage/<l1>-<l2>-<l3>: the deepest id given filters the square. */
export const ClassifyPage = () => {
  const { t } = useTranslation();
  const { ids = '' } = useParams();
  const classifyId = ids.split('-').filter(Boolean).slice(0, 3).at(-1);
  const f = useFilterParams({ sort: 'hot' });
  return (
    <Shell
      title={t('community.classify.title')}
      tools={<SortTabs value={f.sort} onChange={(v) => f.set({ sort: v })} />}
    >
      <GalleryWaterfall filter={{ classifyId, sort: f.sort }} />
    </Shell>
  );
};

/** /seachInspiration?kw= and /searchCase?kw=: results for a keyword. */
export const SearchPage = () => {
  const { t } = useTranslation();
  const f = useFilterParams({ sort: 'hot' });
  return (
    <Shell
      title={
        f.keyword
          ? t('community.search.resultsFor', { kw: f.keyword })
          : t('community.search.title')
      }
      tools={<SortTabs value={f.sort} onChange={(v) => f.set({ sort: v })} />}
    >
      <SearchBox key={f.keyword} value={f.keyword} onSearch={(kw) => f.set({ kw })} />
      <GalleryWaterfall
        filter={{ keyword: f.keyword, sort: f.sort }}
        empty={<Empty description={t('community.search.none')} />}
      />
    </Shell>
  );
};

const CollectionStrip = ({ userId }: { userId?: string }) => {
  const { t } = useTranslation();
  const list = useQuery(collectionsQuery(userId));
  const items = list.data ?? [];
  if (items.length === 0) return null;
  return (
    <div className="hj-collections" aria-label={t('community.collections.title')}>
      {items.map((c) => (
        <Link key={c.id} to={`/insHomeByCollect/${c.id}`} className="hj-collection">
          {c.cover ? (
            <img src={c.cover} alt="" />
          ) : (
            <span className="hj-collection__empty">
              <PictureOutlined />
            </span>
          )}
          <span className="hj-collection__name">{c.name}</span>
          <span className="hj-muted">
            {t('community.collections.count', { n: c.count })}
            {c.isPublic ? '' : ` · ${t('community.collections.private')}`}
          </span>
        </Link>
      ))}
    </div>
  );
};

/** /authorHomePage/<id>, /authorInspirationhome/<id>, /insHomeByCreate/<id>: one author. */
export const AuthorPage = () => {
  const { t } = useTranslation();
  const { id = '' } = useParams();
  const f = useFilterParams({ sort: 'new' });
  return (
    <Shell
      title={t('community.author.title')}
      tools={<SortTabs value={f.sort} onChange={(v) => f.set({ sort: v })} />}
    >
      <CollectionStrip userId={id} />
      <GalleryWaterfall filter={{ authorId: id, sort: f.sort }} />
    </Shell>
  );
};

const mineTabs = {
  create: '/casemineByCreate',
  case: '/casemineByCase',
  collect: '/casemineByCollect',
} as const;

/** /casemineByCreate, /casemineByCase, /casemineByCollect: the designer's own pages. */
export const MinePage = ({ tab }: { tab: keyof typeof mineTabs }) => {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { signedIn, loading } = useCurrentUser();
  return (
    <Shell title={t('community.mine.title')}>
      <Tabs
        activeKey={tab}
        onChange={(k) => navigate(mineTabs[k as keyof typeof mineTabs])}
        items={[
          { key: 'create', label: t('community.mine.published') },
          { key: 'case', label: t('community.mine.cases') },
          { key: 'collect', label: t('community.mine.collected') },
        ]}
      />
      {!signedIn && !loading ? (
        <SignInFirst />
      ) : tab === 'collect' ? (
        <>
          <div className="hj-manage__new">
            <NewCollectionButton />
          </div>
          <CollectionStrip />
          <GalleryWaterfall filter={{ scope: 'collected' }} enabled={signedIn} />
        </>
      ) : tab === 'case' ? (
        <>
          <div className="hj-manage__new">
            <PublishProjectButton />
          </div>
          <CaseGrid
            filter={{ scope: 'mine' }}
            enabled={signedIn}
            empty={t('community.cases.mineEmpty')}
          />
        </>
      ) : (
        <GalleryWaterfall
          filter={{ scope: 'mine' }}
          enabled={signedIn}
          empty={
            <Empty description={t('community.mine.none')}>
              <Link to="/list">
                <Button type="primary">{t('community.mine.goCreate')}</Button>
              </Link>
            </Empty>
          }
        />
      )}
    </Shell>
  );
};
export const MineCreatePage = () => <MinePage tab="create" />;
export const MineCollectPage = () => <MinePage tab="collect" />;
export const MineCasePage = () => <MinePage tab="case" />;

/** /insHomeByCollect/<id>: one collection (private ones only for their owner). */
export const CollectionPage = () => {
  const { t } = useTranslation();
  const { id = '' } = useParams();
  const [managing, setManaging] = useState(false);
  const c = useQuery(collectionQuery(id));
  if (c.isError) {
    return (
      <Shell title={t('community.collections.title')}>
        <Empty description={t('community.collections.gone')} />
      </Shell>
    );
  }
  return (
    <Shell
      title={c.data?.name ?? t('community.collections.title')}
      sub={
        c.data ? (
          <Link to={`/authorHomePage/${c.data.owner.id}`}>
            {c.data.owner.nickname} · {t('community.collections.count', { n: c.data.count })}
          </Link>
        ) : null
      }
    >
      {c.data ? (
        <CollectionManageBar collection={c.data} managing={managing} onManaging={setManaging} />
      ) : null}
      {managing ? null : <GalleryWaterfall filter={{ collectionId: id }} />}
    </Shell>
  );
};
