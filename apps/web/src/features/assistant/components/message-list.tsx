import {
  BulbOutlined,
  CopyOutlined,
  DownOutlined,
  ExclamationCircleOutlined,
  LoadingOutlined,
  ReloadOutlined,
  RobotOutlined,
} from '@ant-design/icons';
import type { ChatMessage } from '@huijing/contracts';
import { Button, Tooltip } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { notify } from '../../../lib/notify';
import { MarkdownView } from './markdown-view';

/** The folded "深度思考" block above an answer; open while the model is still thinking. */
const Reasoning = ({ text, live }: { text: string; live: boolean }) => {
  const { t } = useTranslation();
  const [open, setOpen] = useState<boolean | null>(null);
  const expanded = open ?? live;
  return (
    <div className={`hj-reasoning${expanded ? ' is-open' : ''}`}>
      <button
        type="button"
        className="hj-reasoning__toggle"
        aria-expanded={expanded}
        onClick={() => setOpen(!expanded)}
      >
        {live ? <LoadingOutlined aria-hidden /> : <BulbOutlined aria-hidden />}
        <span>{live ? t('assistant.chat.thinkingLive') : t('assistant.chat.thinkingDone')}</span>
        <DownOutlined className="hj-reasoning__chevron" aria-hidden />
      </button>
      {expanded ? <div className="hj-reasoning__body">{text}</div> : null}
    </div>
  );
};

const AnswerItem = ({
  message,
  last,
  busy,
  onRegenerate,
}: {
  message: ChatMessage;
  last: boolean;
  busy: boolean;
  onRegenerate: (answerId: string) => void;
}) => {
  const { t } = useTranslation();
  const streaming = message.status === 'streaming';
  const thinking = streaming && !message.content;
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(message.content);
      notify(t('assistant.chat.copied'), 'success');
    } catch {
      notify(t('assistant.chat.copyFailed'), 'warning');
    }
  };
  return (
    <article
      className="hj-msg hj-msg--assistant"
      data-status={message.status}
      aria-busy={streaming}
    >
      <span className="hj-msg__avatar" aria-hidden>
        <RobotOutlined />
      </span>
      <div className="hj-msg__body">
        {message.reasoning ? <Reasoning text={message.reasoning} live={thinking} /> : null}
        {streaming && !message.content && !message.reasoning ? (
          <p className="hj-msg__waiting">
            <LoadingOutlined aria-hidden /> {t('assistant.chat.waiting')}
          </p>
        ) : null}
        {message.content ? (
          <MarkdownView text={message.content} className={streaming ? 'is-streaming' : undefined} />
        ) : null}
        {message.status === 'failed' || message.status === 'stopped' ? (
          <p
            className={`hj-msg__note hj-msg__note--${message.status}`}
            role={message.status === 'failed' ? 'alert' : undefined}
          >
            {message.status === 'failed' ? <ExclamationCircleOutlined aria-hidden /> : null}
            {message.error ?? t(`assistant.chat.${message.status}`)}
          </p>
        ) : null}
        {!streaming ? (
          <div className="hj-msg__actions">
            {message.content ? (
              <Tooltip title={t('assistant.chat.copy')}>
                <Button
                  size="small"
                  type="text"
                  icon={<CopyOutlined />}
                  onClick={() => void copy()}
                  aria-label={t('assistant.chat.copy')}
                />
              </Tooltip>
            ) : null}
            {last ? (
              <Button
                size="small"
                type="text"
                icon={<ReloadOutlined />}
                disabled={busy}
                onClick={() => onRegenerate(message.id)}
              >
                {t('assistant.chat.regenerate')}
              </Button>
            ) : null}
          </div>
        ) : null}
      </div>
    </article>
  );
};

const QuestionItem = ({ message }: { message: ChatMessage }) => {
  const { t } = useTranslation();
  return (
    <article className="hj-msg hj-msg--user">
      <div className="hj-msg__bubble">
        {message.image ? (
          <a href={message.image.url} target="_blank" rel="noreferrer" className="hj-msg__image">
            <img
              src={message.image.thumbUrl ?? message.image.url}
              alt={t('assistant.edit.source')}
            />
          </a>
        ) : null}
        {message.content ? <p>{message.content}</p> : null}
      </div>
    </article>
  );
};

/** The conversation; follows the newest text while the reader is at the bottom. */
export const MessageList = ({
  messages,
  busy,
  onRegenerate,
}: {
  messages: ChatMessage[];
  busy: boolean;
  onRegenerate: (answerId: string) => void;
}) => {
  const end = useRef<HTMLDivElement>(null);
  const box = useRef<HTMLDivElement>(null);
  const pinned = useRef(true);
  const lastAnswer = [...messages].reverse().find((m) => m.role === 'assistant')?.id;
  const tail = messages.at(-1);
  const size = (tail?.content.length ?? 0) + (tail?.reasoning.length ?? 0);
  useEffect(() => {
    if (pinned.current) end.current?.scrollIntoView?.({ block: 'end' });
  }, [messages.length, size]);
  return (
    <div
      ref={box}
      className="hj-chat__messages"
      aria-live="polite"
      onScroll={(e) => {
        const el = e.currentTarget;
        pinned.current = el.scrollHeight - el.scrollTop - el.clientHeight < 80;
      }}
    >
      {messages.map((m) =>
        m.role === 'user' ? (
          <QuestionItem key={m.id} message={m} />
        ) : (
          <AnswerItem
            key={m.id}
            message={m}
            last={m.id === lastAnswer}
            busy={busy}
            onRegenerate={onRegenerate}
          />
        ),
      )}
      <div ref={end} />
    </div>
  );
};
