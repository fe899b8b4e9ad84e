import { SearchOutlined } from '@ant-design/icons';
import { classifyTreeSchema, type ClassifyNode, type Envelope } from '@huijing/contracts';
import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { Alert, Button, Empty, Input, Segmented, Skeleton } from 'antd';
import { HotWords } from '../../../components/hot-words';
import { track } from '../../../lib/beacon';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../../../lib/request';
import { galleryPageQuery, type GalleryFilter } from '../api/gallery.api';
import { GalleryCard } from './gallery-card';
import { ImageHashViewer, openImage } from './gallery-viewer';
import { Masonry } from './masonry';

/** The category tree (public, cached for the session) for the filter chips. */
export const useCategoryTree = () =>
  useQuery({
    queryKey: ['catalog', 'classify'],
    queryFn: async () => {
      const e: Envelope<ClassifyNode[]> = await api.get('/ai/getAllClassify', {
        schema: classifyTreeSchema,
        silent: true,
      });
      return e.success ? e.data : [];
    },
    staleTime: 5 * 60_000,
  });

/** Level-2 categories of every group: the chips people filter the square by. */
const chipsOf = (tree: ClassifyNode[]) =>
  tree.flatMap((g) => (g.children ?? []).map((c) => ({ id: c.id, name: c.name }))).slice(0, 24);

export const CategoryChips = ({
  value,
  onChange,
}: {
  value?: string;
  onChange: (id: string | undefined) => void;
}) => {
  const { t } = useTranslation();
  const tree = useCategoryTree();
  const chips = chipsOf(tree.data ?? []);
  if (chips.length === 0) return null;
  return (
    <div className="hj-chips" role="toolbar" aria-label={t('community.filter.category')}>
      <button
        type="button"
        className={`hj-chip${value ? '' : ' is-on'}`}
        onClick={() => onChange(undefined)}
      >
        {t('community.filter.all')}
      </button>
      {chips.map((c) => (
        <button
          key={c.id}
          type="button"
          className={`hj-chip${value === c.id ? ' is-on' : ''}`}
          onClick={() => onChange(c.id)}
        >
          {c.name}
        </button>
      ))}
    </div>
  );
};

export const SearchBox = ({
  value,
  onSearch,
  placeholder,
}: {
  value?: string;
  onSearch: (kw: string) => void;
  placeholder?: string;
}) => {
  const { t } = useTranslation();
  const [text, setText] = useState(value ?? '');
  const search = (kw: string) => {
    const word = kw.trim();
    // What designers search for makes the hot words (spec §3); a settled search counts once.
    if (word) track('search', { keyword: word, scope: 'gallery' });
    onSearch(word);
  };
  return (
    <>
      <Input.Search
        className="hj-gsearch"
        size="large"
        allowClear
        maxLength={40}
        value={text}
        prefix={<SearchOutlined />}
        placeholder={placeholder ?? t('community.search.placeholder')}
        enterButton={t('community.search.button')}
        onChange={(e) => setText(e.target.value)}
        onSearch={search}
        data-testid="gallery-search"
      />
      <HotWords
        scope="gallery"
        className="hj-gsearch__hot"
        onPick={(w) => {
          setText(w);
          search(w);
        }}
      />
    </>
  );
};

export const SortTabs = ({
  value,
  onChange,
}: {
  value: 'new' | 'hot';
  onChange: (v: 'new' | 'hot') => void;
}) => {
  const { t } = useTranslation();
  return (
    <Segmented
      value={value}
      onChange={(v) => onChange(v as 'new' | 'hot')}
      options={[
        { value: 'hot', label: t('community.sort.hot') },
        { value: 'new', label: t('community.sort.new') },
      ]}
    />
  );
};

/**
 * A waterfall of one filter: loading skeletons, an empty state, the virtualised masonry with
 * cursor pages as the end comes near, and the viewer for #image-<id>.
 */
export const GalleryWaterfall = ({
  filter,
  empty,
  enabled = true,
}: {
  filter: GalleryFilter;
  empty?: ReactNode;
  enabled?: boolean;
}) => {
  const { t } = useTranslation();
  const list = useInfiniteQuery(galleryPageQuery(filter, enabled));
  const items = list.data?.pages.flatMap((p) => p.list) ?? [];
  const total = list.data?.pages[0]?.total ?? 0;
  const { hasNextPage, isFetchingNextPage, fetchNextPage } = list;
  const onEnd = () => {
    if (hasNextPage && !isFetchingNextPage) void fetchNextPage();
  };
  return (
    <section className="hj-waterfall" data-testid="gallery-waterfall" data-total={total}>
      <ImageHashViewer />
      {list.isPending && enabled ? (
        <div className="hj-waterfall__skeleton">
          {Array.from({ length: 10 }, (_, i) => (
            <Skeleton.Node
              key={i}
              active
              style={{ width: '100%', height: 160 + ((i * 53) % 140) }}
            />
          ))}
        </div>
      ) : list.isError ? (
        <Alert
          type="error"
          showIcon
          message={t('community.list.error')}
          action={<Button onClick={() => void list.refetch()}>{t('community.list.retry')}</Button>}
        />
      ) : items.length === 0 ? (
        (empty ?? <Empty description={t('community.list.empty')} />)
      ) : (
        <>
          <Masonry
            items={items}
            onEnd={onEnd}
            renderCard={(item, height) => (
              <GalleryCard item={item} height={height} onOpen={openImage} />
            )}
          />
          <div className="hj-waterfall__end">
            {isFetchingNextPage
              ? t('community.list.loading')
              : hasNextPage
                ? ''
                : t('community.list.end', { n: total })}
          </div>
        </>
      )}
    </section>
  );
};
