import { useTranslation } from 'react-i18next';
import { PageShell } from '../../components/page-shell';
import { usePageTitle } from '../../components/use-page-title';
import { ImageToPromptPage, TextToPromptPage } from '../../features/prompts';

/** /text2prompt and /img2prompt have no footer (spec §2). */
export const TextToPromptScreen = () => {
  const { t } = useTranslation();
  usePageTitle(t('works.prompts.text.title'));
  return (
    <PageShell footer={false}>
      <TextToPromptPage />
    </PageShell>
  );
};

export const ImageToPromptScreen = () => {
  const { t } = useTranslation();
  usePageTitle(t('works.prompts.image.title'));
  return (
    <PageShell footer={false}>
      <ImageToPromptPage />
    </PageShell>
  );
};
