import { DeleteOutlined, EditOutlined, MessageOutlined, PlusOutlined } from '@ant-design/icons';
import type { Conversation } from '@huijing/contracts';
import { Button, Input, Modal, Popconfirm, Skeleton } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LoadMore } from './load-more';

/** The conversation list: new, open, rename, delete; states for signed out, loading, empty, error. */
export const HistorySidebar = ({
  signedIn,
  loading,
  error,
  conversations,
  total,
  loadingMore,
  onLoadMore,
  activeId,
  onNew,
  onOpen,
  onRename,
  onDelete,
  onRetry,
}: {
  signedIn: boolean;
  loading: boolean;
  error: boolean;
  conversations: Conversation[];
  /** All the user's conversations; "load more" shows while fewer are loaded. */
  total: number;
  loadingMore: boolean;
  onLoadMore: () => void;
  activeId: string | null;
  onNew: () => void;
  onOpen: (id: string) => void;
  onRename: (id: string, title: string) => Promise<void>;
  onDelete: (id: string) => Promise<void>;
  onRetry: () => void;
}) => {
  const { t } = useTranslation();
  const [renaming, setRenaming] = useState<Conversation | null>(null);
  const [title, setTitle] = useState('');
  const [saving, setSaving] = useState(false);

  const body = !signedIn ? (
    <p className="hj-convs__note">{t('assistant.chat.historySignIn')}</p>
  ) : loading ? (
    <Skeleton active paragraph={{ rows: 4 }} title={false} />
  ) : error ? (
    <p className="hj-convs__note">
      {t('assistant.chat.historyError')}{' '}
      <Button type="link" size="small" onClick={onRetry}>
        {t('assistant.chat.retry')}
      </Button>
    </p>
  ) : conversations.length === 0 ? (
    <p className="hj-convs__note">{t('assistant.chat.historyEmpty')}</p>
  ) : (
    <>
      <ul className="hj-convs__list">
        {conversations.map((c) => (
          <li key={c.id} className={c.id === activeId ? 'is-active' : undefined}>
            <button
              type="button"
              className="hj-convs__item"
              onClick={() => onOpen(c.id)}
              aria-current={c.id === activeId ? 'true' : undefined}
            >
              <MessageOutlined aria-hidden />
              <span className="hj-convs__title">{c.title}</span>
            </button>
            <span className="hj-convs__tools">
              <Button
                size="small"
                type="text"
                icon={<EditOutlined />}
                aria-label={t('assistant.chat.rename')}
                onClick={() => {
                  setRenaming(c);
                  setTitle(c.title);
                }}
              />
              <Popconfirm
                title={t('assistant.chat.deleteConfirm')}
                okText={t('assistant.chat.delete')}
                okButtonProps={{ danger: true }}
                onConfirm={() => onDelete(c.id)}
              >
                <Button
                  size="small"
                  type="text"
                  icon={<DeleteOutlined />}
                  aria-label={t('assistant.chat.delete')}
                />
              </Popconfirm>
            </span>
          </li>
        ))}
      </ul>
      <LoadMore
        shown={conversations.length}
        total={total}
        loading={loadingMore}
        onMore={onLoadMore}
      />
    </>
  );

  return (
    <nav className="hj-convs" aria-label={t('assistant.chat.history')}>
      <Button block icon={<PlusOutlined />} onClick={onNew} className="hj-convs__new">
        {t('assistant.chat.newChat')}
      </Button>
      <h2 className="hj-convs__heading">{t('assistant.chat.history')}</h2>
      {body}
      <Modal
        open={renaming !== null}
        title={t('assistant.chat.renameTitle')}
        confirmLoading={saving}
        okButtonProps={{ disabled: !title.trim() }}
        onCancel={() => setRenaming(null)}
        onOk={async () => {
          if (!renaming) return;
          setSaving(true);
          try {
            await onRename(renaming.id, title.trim());
            setRenaming(null);
          } finally {
            setSaving(false);
          }
        }}
        destroyOnHidden
      >
        <Input
          value={title}
          maxLength={60}
          autoFocus
          placeholder={t('assistant.chat.renamePlaceholder')}
          onChange={(e) => setTitle(e.target.value)}
        />
      </Modal>
    </nav>
  );
};
