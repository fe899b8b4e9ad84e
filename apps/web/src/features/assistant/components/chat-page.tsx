import { HistoryOutlined, PlusOutlined } from '@ant-design/icons';
import { Alert, Button, Drawer, Skeleton } from 'antd';
import { useInfiniteQuery, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { useStore } from 'zustand';
import { useAccountDialogs } from '../../../components/account-dialogs.store';
import { useCurrentUser } from '../../../components/use-session';
import { notify } from '../../../lib/notify';
import { sessionKeys, ticketBalanceQuery } from '../../../lib/session';
import {
  assistantKeys,
  assistantStatusQuery,
  conversationsQuery,
  deleteConversation,
  fetchConversation,
  renameConversation,
  streamQuestion,
} from '../api/assistant.api';
import { usePagedList } from '../hooks/use-paged-list';
import { createChatStore } from '../store/chat-store';
import { Composer } from './composer';
import { HistorySidebar } from './history-sidebar';
import { MessageList } from './message-list';
import '../assistant.css';

/** One chat per tab: the conversation survives moving to another page and back. */
export const chatStore = createChatStore({ stream: streamQuestion, load: fetchConversation });

const EXAMPLES = ['review', 'material', 'furniture'] as const;

/** Spec §3 hand-off from other pages: `state` or the query carries initialMessage/initialImage. */
const handOffOf = (state: unknown, search: string) => {
  const fromState = (state ?? {}) as { initialMessage?: unknown; initialImage?: unknown };
  const query = new URLSearchParams(search);
  const text = (v: unknown) => (typeof v === 'string' && v ? v : undefined);
  return {
    initialMessage: text(fromState.initialMessage) ?? text(query.get('initialMessage')),
    initialImage: text(fromState.initialImage) ?? text(query.get('initialImage')),
  };
};

/** /deepseek: the GPT assistant (spec §1, §2). */
export const ChatPage = () => {
  const { t } = useTranslation();
  const chat = useStore(chatStore);
  const client = useQueryClient();
  const { pathname, search, state } = useLocation();
  const { signedIn } = useCurrentUser();
  const openLogin = useAccountDialogs((s) => s.openLogin);
  const [drawer, setDrawer] = useState(false);

  const status = useQuery(assistantStatusQuery());
  const conversations = useInfiniteQuery(conversationsQuery(signedIn));
  const history = usePagedList(conversations, (c) => c.id);
  const balance = useQuery(ticketBalanceQuery(3, signedIn));
  const models = status.data?.models;
  const unconfigured = models !== undefined && !models.gemini && !models.gpt;

  useEffect(() => {
    const initial = handOffOf(state, search);
    if (initial.initialMessage || initial.initialImage) chatStore.getState().handOff(initial);
    // Only the visit that carried the hand-off applies it.
  }, [state, search]);

  // A model that is not configured is never the selected one while the other one is.
  useEffect(() => {
    if (!models || models[chat.model]) return;
    const other = chat.model === 'gpt' ? 'gemini' : 'gpt';
    if (models[other]) chatStore.getState().setModel(other);
  }, [models, chat.model]);

  // The history refresh counter of spec §3: after every answer, the list and balance refresh.
  useEffect(() => {
    if (chat.historyRefresh === 0) return;
    void client.invalidateQueries({ queryKey: assistantKeys.history });
    void client.invalidateQueries({ queryKey: sessionKeys.tickets(3) });
    // A stopped answer's tickets go back once the server has seen the disconnect: look again.
    const later = setTimeout(
      () => void client.invalidateQueries({ queryKey: sessionKeys.tickets(3) }),
      1500,
    );
    return () => clearTimeout(later);
  }, [chat.historyRefresh, client]);

  const signIn = () => openLogin({ returnTo: pathname });
  const open = (id: string) => {
    setDrawer(false);
    void chatStore.getState().open(id);
  };
  const newChat = () => {
    setDrawer(false);
    chatStore.getState().newChat();
  };
  const sidebar = (
    <HistorySidebar
      signedIn={signedIn}
      loading={conversations.isPending}
      error={conversations.isError}
      conversations={history.list}
      total={history.total}
      loadingMore={history.loadingMore}
      onLoadMore={history.loadMore}
      activeId={chat.conversationId}
      onNew={newChat}
      onOpen={open}
      onRetry={() => void conversations.refetch()}
      onRename={async (id, title) => {
        await renameConversation(id, title);
        await client.invalidateQueries({ queryKey: assistantKeys.history });
      }}
      onDelete={async (id) => {
        await deleteConversation(id);
        chatStore.getState().forget(id);
        notify(t('assistant.chat.deleted'), 'success');
        await client.invalidateQueries({ queryKey: assistantKeys.history });
      }}
    />
  );

  return (
    <div className="hj-chat">
      <aside className="hj-chat__side">{sidebar}</aside>
      <Drawer
        open={drawer}
        onClose={() => setDrawer(false)}
        placement="left"
        width={300}
        title={t('assistant.chat.history')}
        className="hj-chat__drawer"
      >
        {sidebar}
      </Drawer>
      <section className="hj-chat__main">
        <header className="hj-chat__head">
          <Button
            className="hj-chat__menu"
            icon={<HistoryOutlined />}
            aria-label={t('assistant.chat.openHistory')}
            onClick={() => setDrawer(true)}
          />
          <div className="hj-chat__titles">
            <h1>{t('assistant.chat.title')}</h1>
            <p>{t('assistant.chat.subtitle')}</p>
          </div>
          <Button
            className="hj-chat__new"
            icon={<PlusOutlined />}
            aria-label={t('assistant.chat.newChat')}
            onClick={newChat}
          />
        </header>
        {unconfigured ? (
          <Alert
            className="hj-chat__alert"
            type="warning"
            showIcon
            message={t('assistant.unconfigured.title')}
            description={t('assistant.unconfigured.body')}
          />
        ) : null}
        {chat.loadError ? (
          <Alert
            className="hj-chat__alert"
            type="error"
            showIcon
            message={t('assistant.chat.loadFailed')}
            description={chat.loadError}
          />
        ) : null}
        {chat.loading ? (
          <div className="hj-chat__messages">
            <Skeleton active avatar paragraph={{ rows: 3 }} />
          </div>
        ) : chat.messages.length === 0 ? (
          <div className="hj-chat__empty">
            <h2>{t('assistant.chat.emptyTitle')}</h2>
            <p>{t('assistant.chat.emptyHint')}</p>
            <div className="hj-chat__examples">
              {EXAMPLES.map((key) => (
                <button
                  type="button"
                  key={key}
                  onClick={() => chatStore.getState().setInput(t(`assistant.chat.examples.${key}`))}
                >
                  {t(`assistant.chat.examples.${key}`)}
                </button>
              ))}
            </div>
          </div>
        ) : (
          <MessageList
            messages={chat.messages}
            busy={chat.streamingId !== null || unconfigured}
            onRegenerate={(id) => void chatStore.getState().regenerate(id)}
          />
        )}
        <Composer
          text={chat.inputMessage}
          image={chat.uploadedImage}
          model={chat.model}
          deepThinking={chat.deepThinking}
          streaming={chat.streamingId !== null}
          signedIn={signedIn}
          status={status.data}
          balance={balance.data}
          onText={(text) => chatStore.getState().setInput(text)}
          onImage={(image) => chatStore.getState().setImage(image)}
          onModel={(model) => chatStore.getState().setModel(model)}
          onDeepThinking={(on) => chatStore.getState().setDeepThinking(on)}
          onSend={() => void chatStore.getState().send()}
          onStop={() => chatStore.getState().stop()}
          onSignIn={signIn}
        />
      </section>
    </div>
  );
};
