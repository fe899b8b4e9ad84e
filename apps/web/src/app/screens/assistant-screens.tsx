import { useTranslation } from 'react-i18next';
import { PageShell } from '../../components/page-shell';
import { usePageTitle } from '../../components/use-page-title';
import { ChatPage, EditPage } from '../../features/assistant';

/** /deepseek: the GPT assistant. The chat fills the screen, so there is no footer. */
export const AssistantChatScreen = () => {
  const { t } = useTranslation();
  usePageTitle(t('assistant.chat.title'));
  return (
    <PageShell footer={false}>
      <ChatPage />
    </PageShell>
  );
};

/** /imgagent: the image-editing model. */
export const ImageAgentScreen = () => {
  const { t } = useTranslation();
  usePageTitle(t('assistant.edit.title'));
  return (
    <PageShell>
      <EditPage />
    </PageShell>
  );
};
