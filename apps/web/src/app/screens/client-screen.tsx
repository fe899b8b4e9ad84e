import { useTranslation } from 'react-i18next';
import { PageShell } from '../../components/page-shell';
import { usePageTitle } from '../../components/use-page-title';
import { ClientPage } from '../../features/client';

/** /client: desktop client download (with the footer, spec §2). */
export const ClientScreen = () => {
  const { t } = useTranslation();
  usePageTitle(t('works.client.title'));
  return (
    <PageShell>
      <ClientPage />
    </PageShell>
  );
};
