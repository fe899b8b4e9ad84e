import { useQuery } from '@tanstack/react-query';
import { Empty } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { caseQuery } from '../api/gallery.api';
import { CaseGrid } from './case-grid';
import { CategoryChips, GalleryWaterfall } from './gallery-browse';
import { Shell, useFilterParams } from './gallery-shell';

/** /caseHome: every author's projects, newest first. */
export const CaseHome = () => {
  const { t } = useTranslation();
  return (
    <Shell title={t('community.case.title')} sub={t('community.case.sub')}>
      <CaseGrid filter={{}} />
    </Shell>
  );
};

/** /classifyCase?c=: projects with a picture in the chosen category. */
export const ClassifyCase = () => {
  const { t } = useTranslation();
  const f = useFilterParams({ sort: 'new' });
  return (
    <Shell title={t('community.classify.title')} sub={t('community.classify.sub')}>
      <CategoryChips value={f.classifyId} onChange={(c) => f.set({ c })} />
      <CaseGrid filter={{ classifyId: f.classifyId }} />
    </Shell>
  );
};

/** /insHomeByCase/<id>: one project, all its published pictures (the viewer opens each). */
export const CasePage = () => {
  const { t } = useTranslation();
  const { id = '' } = useParams();
  const c = useQuery(caseQuery(id));
  if (c.isError) {
    return (
      <Shell title={t('community.case.title')}>
        <Empty description={t('community.cases.gone')} />
      </Shell>
    );
  }
  return (
    <Shell
      title={c.data?.name ?? t('community.case.title')}
      sub={
        c.data ? (
          <Link to={`/authorHomePage/${c.data.author.id}`}>
            {c.data.author.nickname} · {t('community.cases.count', { n: c.data.count })}
          </Link>
        ) : null
      }
    >
      <GalleryWaterfall filter={{ caseId: id, sort: 'new' }} />
    </Shell>
  );
};
