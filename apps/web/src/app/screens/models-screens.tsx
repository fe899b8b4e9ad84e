import { useTranslation } from 'react-i18next';
import { PageShell } from '../../components/page-shell';
import { usePageTitle } from '../../components/use-page-title';
import {
  ModelSquarePage as Square,
  ModelTrainingPage as Training,
  ModelTrainPage as Train,
} from '../../features/models';

/** /modelTrain, /modelTraining and /modelsquare (spec §2). */
export const ModelTrainPage = () => {
  const { t } = useTranslation();
  usePageTitle(t('models.nav.train'));
  return (
    <PageShell>
      <Train />
    </PageShell>
  );
};

export const ModelTrainingPage = () => {
  const { t } = useTranslation();
  usePageTitle(t('models.nav.training'));
  return (
    <PageShell>
      <Training />
    </PageShell>
  );
};

export const ModelSquarePage = () => {
  const { t } = useTranslation();
  usePageTitle(t('models.nav.square'));
  return (
    <PageShell>
      <Square />
    </PageShell>
  );
};
