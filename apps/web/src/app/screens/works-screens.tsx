import { useTranslation } from 'react-i18next';
import { PageShell } from '../../components/page-shell';
import { usePageTitle } from '../../components/use-page-title';
import { WorksPage } from '../../features/works';

/** /aiDesignMangement (spec spelling): the user's works; no footer (spec §2). */
export const WorksScreen = () => {
  const { t } = useTranslation();
  usePageTitle(t('works.title'));
  return (
    <PageShell footer={false}>
      <WorksPage />
    </PageShell>
  );
};
