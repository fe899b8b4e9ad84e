import { DownloadOutlined, EditOutlined, ReloadOutlined } from '@ant-design/icons';
import type { EditInfo } from '@huijing/contracts';
import { Alert, Button, Progress, Skeleton } from 'antd';
import { useInfiniteQuery, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { useAccountDialogs } from '../../../components/account-dialogs.store';
import { useCurrentUser } from '../../../components/use-session';
import { sessionKeys, ticketBalanceQuery } from '../../../lib/session';
import {
  assistantKeys,
  assistantStatusQuery,
  editHistoryQuery,
  startEdit,
} from '../api/assistant.api';
import { useEditPoll } from '../hooks/use-edit-poll';
import { usePagedList } from '../hooks/use-paged-list';
import { BeforeAfter } from './before-after';
import { ImagePicker } from './image-picker';
import { LoadMore } from './load-more';
import '../assistant.css';
import { AutoTextArea } from '../../../components/auto-text-area';

const EXAMPLES = ['sofa', 'snow', 'wall', 'plants'] as const;
const EDIT_TICKET_TYPE = 1;

/**
 * Version numbers in the order the edits were made: the list comes newest first and may hold only
 * the newest pages of `total`.
 */
const versionNumbers = (list: EditInfo[], total: number) =>
  new Map(list.map((e, i) => [e.taskId, Math.max(total, list.length) - i]));

const Stage = ({
  taskId,
  index,
  onContinue,
}: {
  taskId: string;
  index: number | undefined;
  onContinue: (edit: EditInfo) => void;
}) => {
  const { t } = useTranslation();
  const client = useQueryClient();
  const info = useEditPoll(taskId);
  const edit = info.data;
  const settled = edit?.status === 'succeeded' || edit?.status === 'failed';
  useEffect(() => {
    if (!settled) return;
    void client.invalidateQueries({ queryKey: assistantKeys.edits });
    void client.invalidateQueries({ queryKey: sessionKeys.tickets(EDIT_TICKET_TYPE) });
  }, [settled, client]);
  if (info.isError) return <Alert type="error" showIcon message={info.error.message} />;
  if (!edit) return <Skeleton.Image active className="hj-imgedit__skeleton" />;
  const output = edit.outputs[0];
  return (
    <div className="hj-imgedit__result">
      <div className="hj-imgedit__result-head">
        <strong>
          {index ? t('assistant.edit.version', { index }) : t('assistant.edit.result')}
        </strong>
        <span className="hj-imgedit__instruction">{edit.instruction}</span>
      </div>
      {edit.status === 'succeeded' && output && edit.source ? (
        <BeforeAfter before={edit.source.url} after={output.url} />
      ) : edit.status === 'failed' || edit.status === 'canceled' ? (
        <Alert
          type="error"
          showIcon
          message={t('assistant.edit.failed')}
          description={edit.error}
        />
      ) : (
        <div className="hj-imgedit__progress" role="status">
          {edit.source ? <img src={edit.source.thumbUrl ?? edit.source.url} alt="" /> : null}
          <div className="hj-imgedit__progress-text">
            <Progress percent={edit.progress} size="small" status="active" showInfo={false} />
            <span>
              {edit.status === 'queued'
                ? t('assistant.edit.queued', { count: edit.queueNum })
                : t('assistant.edit.running', { progress: edit.progress })}
            </span>
          </div>
        </div>
      )}
      {edit.status === 'succeeded' && output ? (
        <div className="hj-imgedit__result-actions">
          <Button type="primary" icon={<EditOutlined />} onClick={() => onContinue(edit)}>
            {t('assistant.edit.continue')}
          </Button>
          <Button icon={<DownloadOutlined />} href={output.url} download="photo.png">
            {t('assistant.edit.download')}
          </Button>
        </div>
      ) : null}
    </div>
  );
};

/** /imgagent: upload, describe, edit; every result can be edited again (a version chain). */
export const EditPage = () => {
  const { t } = useTranslation();
  const client = useQueryClient();
  const { pathname } = useLocation();
  const { signedIn } = useCurrentUser();
  const openLogin = useAccountDialogs((s) => s.openLogin);
  const [image, setImage] = useState<string | null>(null);
  const [parent, setParent] = useState<string | null>(null);
  const [instruction, setInstruction] = useState('');
  const [current, setCurrent] = useState<string | null>(null);
  const [submitting, setSubmitting] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const status = useQuery(assistantStatusQuery());
  const history = useInfiniteQuery(editHistoryQuery(signedIn));
  const versions = usePagedList(history, (e) => e.taskId);
  const balance = useQuery(ticketBalanceQuery(EDIT_TICKET_TYPE, signedIn));
  const edit = status.data?.edit;
  const unavailable = edit !== undefined && !edit.available;
  const { list } = versions;
  const numbers = versionNumbers(list, versions.total);

  const submit = async () => {
    if (!signedIn) return openLogin({ returnTo: pathname });
    if (!image || !instruction.trim()) return;
    setSubmitting(true);
    setError(null);
    try {
      const started = await startEdit({ image, instruction, parentTaskId: parent });
      setCurrent(started.taskId);
      setInstruction('');
      void client.invalidateQueries({ queryKey: assistantKeys.edits });
      void client.invalidateQueries({ queryKey: sessionKeys.tickets(EDIT_TICKET_TYPE) });
    } catch (e) {
      setError(e instanceof Error ? e.message : t('assistant.edit.failed'));
    } finally {
      setSubmitting(false);
    }
  };

  const continueFrom = (from: EditInfo) => {
    const output = from.outputs[0];
    if (!output) return;
    setImage(output.url);
    setParent(from.taskId);
    setInstruction('');
  };

  return (
    <div className="hj-imgedit">
      <header className="hj-imgedit__head">
        <h1>{t('assistant.edit.title')}</h1>
        <p>{t('assistant.edit.subtitle')}</p>
      </header>
      {unavailable ? (
        <Alert
          className="hj-chat__alert"
          type="warning"
          showIcon
          message={t('assistant.unconfigured.editTitle')}
          description={edit?.reason ?? t('assistant.unconfigured.editBody')}
        />
      ) : null}
      <div className="hj-imgedit__body">
        <section className="hj-imgedit__panel">
          <h2>{t('assistant.edit.source')}</h2>
          {parent ? (
            <p className="hj-imgedit__chain">
              {t('assistant.edit.continuing', { index: numbers.get(parent) ?? 1 })}
              <Button
                type="link"
                size="small"
                icon={<ReloadOutlined />}
                onClick={() => {
                  setParent(null);
                  setImage(null);
                }}
              >
                {t('assistant.edit.restart')}
              </Button>
            </p>
          ) : null}
          <ImagePicker
            size="large"
            value={image}
            onChange={(v) => {
              setImage(v);
              setParent(null);
            }}
            disabled={submitting}
          />
          <label className="hj-imgedit__label" htmlFor="hj-imgedit-instruction">
            {t('assistant.edit.instruction')}
          </label>
          <AutoTextArea
            id="hj-imgedit-instruction"
            value={instruction}
            onChange={(e) => setInstruction(e.target.value)}
            onKeyDown={(e) => {
              if (e.key === 'Enter' && !e.shiftKey && !e.nativeEvent.isComposing) {
                e.preventDefault();
                void submit();
              }
            }}
            minRows={3}
            maxRows={6}
            maxLength={1000}
            placeholder={t('assistant.edit.instructionPlaceholder')}
          />
          <div className="hj-chat__examples hj-imgedit__examples">
            {EXAMPLES.map((key) => (
              <button
                type="button"
                key={key}
                onClick={() => setInstruction(t(`assistant.edit.examples.${key}`))}
              >
                {t(`assistant.edit.examples.${key}`)}
              </button>
            ))}
          </div>
          {error ? <Alert type="error" showIcon message={error} /> : null}
          <Button
            type="primary"
            size="large"
            block
            loading={submitting}
            disabled={signedIn && (!image || !instruction.trim() || unavailable)}
            onClick={() => void submit()}
          >
            {signedIn ? t('assistant.edit.start') : t('assistant.edit.signIn')}
          </Button>
          {edit && signedIn ? (
            <p className="hj-imgedit__price">
              {t('assistant.edit.price', { count: edit.price })}
              {balance.data !== null && balance.data !== undefined
                ? ` · ${t('assistant.composer.balance', { count: balance.data })}`
                : ''}
            </p>
          ) : null}
        </section>
        <section className="hj-imgedit__stage">
          {current ? (
            <Stage taskId={current} index={numbers.get(current)} onContinue={continueFrom} />
          ) : (
            <div className="hj-imgedit__placeholder">{t('assistant.edit.emptyStage')}</div>
          )}
          {signedIn ? (
            <div className="hj-imgedit__versions">
              <h2>{t('assistant.edit.versions')}</h2>
              {history.isPending ? (
                <Skeleton active paragraph={{ rows: 1 }} title={false} />
              ) : list.length === 0 ? (
                <p className="hj-convs__note">{t('assistant.edit.versionsEmpty')}</p>
              ) : (
                <ul>
                  {list.map((e) => {
                    const thumb = e.outputs[0]?.thumbUrl ?? e.outputs[0]?.url ?? e.source?.thumbUrl;
                    return (
                      <li key={e.taskId}>
                        <button
                          type="button"
                          className={e.taskId === current ? 'is-active' : undefined}
                          onClick={() => setCurrent(e.taskId)}
                          title={e.instruction}
                        >
                          {thumb ? (
                            <img src={thumb} alt="" />
                          ) : (
                            <span className="hj-imgedit__thumb" />
                          )}
                          <span>
                            {t('assistant.edit.version', { index: numbers.get(e.taskId) })}
                          </span>
                          <small data-status={e.status}>{e.instruction}</small>
                        </button>
                      </li>
                    );
                  })}
                </ul>
              )}
              <LoadMore
                shown={list.length}
                total={versions.total}
                loading={versions.loadingMore}
                onMore={versions.loadMore}
              />
            </div>
          ) : null}
        </section>
      </div>
    </div>
  );
};
