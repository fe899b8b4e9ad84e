import { DeleteOutlined, PictureOutlined, ShareAltOutlined } from '@ant-design/icons';
import type { TaskInfo } from '@huijing/contracts';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Skeleton } from '../../../components/antd-look';
import { LazyPopconfirm } from '../../../components/lazy-overlay';
import { formatDateTime } from '../../../lib/format';

/** A run that ended without pictures gave its tickets back (released once, server side). */
const refunded = (status: string) => status === 'canceled' || status === 'failed';

const statusKey = {
  queued: 'tools.history.queued',
  running: 'tools.history.running',
  succeeded: 'tools.history.succeeded',
  failed: 'tools.history.failed',
  canceled: 'tools.history.canceled',
} as const;

/** The designer's earlier runs of this tool: open one, or delete it. */
export const HistoryStrip = ({
  tasks,
  loading,
  currentId,
  onOpen,
  detailHref,
  onDelete,
}: {
  tasks: TaskInfo[] | undefined;
  loading: boolean;
  currentId?: string;
  onOpen: (taskId: string) => void;
  /** The finished task's done page ("查看详情 / 分享"). */
  detailHref?: (taskId: string) => string;
  onDelete: (taskId: string) => void;
}) => {
  const { t } = useTranslation();
  return (
    <section className="hj-history" aria-label={t('tools.history.title')}>
      <h2 className="hj-history__title">{t('tools.history.title')}</h2>
      {loading ? (
        <div className="hj-history__row">
          {[0, 1, 2, 3].map((i) => (
            <Skeleton.Image key={i} className="hj-history__skeleton" />
          ))}
        </div>
      ) : !tasks?.length ? (
        <p className="hj-history__empty">{t('tools.history.empty')}</p>
      ) : (
        <ul className="hj-history__row">
          {tasks.map((task) => {
            const cover = task.outputs[0];
            return (
              <li
                key={task.taskId}
                className={`hj-history__item${task.taskId === currentId ? ' is-active' : ''}`}
              >
                <button
                  type="button"
                  className="hj-history__open"
                  onClick={() => onOpen(task.taskId)}
                  title={
                    refunded(task.status)
                      ? `${formatDateTime(task.createdAt)} · ${t('tools.history.refunded')}`
                      : formatDateTime(task.createdAt)
                  }
                >
                  {cover?.kind === 'image' ? (
                    <img src={cover.thumbUrl ?? cover.url} alt={t('tools.history.open')} />
                  ) : cover?.kind === 'video' ? (
                    <video src={cover.url} muted preload="metadata" />
                  ) : (
                    <span className="hj-history__placeholder">
                      <PictureOutlined />
                      {refunded(task.status) ? (
                        <small className="hj-history__refund">
                          {t('tools.history.refundedShort')}
                        </small>
                      ) : null}
                    </span>
                  )}
                  <span className={`hj-history__status is-${task.status}`}>
                    {t(statusKey[task.status])}
                  </span>
                </button>
                {detailHref && task.status === 'succeeded' ? (
                  <Link
                    to={detailHref(task.taskId)}
                    className="hj-history__detail"
                    aria-label={t('results.detail')}
                    title={t('results.detail')}
                  >
                    <ShareAltOutlined />
                  </Link>
                ) : null}
                <LazyPopconfirm
                  title={t('tools.history.confirm')}
                  okText={t('tools.history.delete')}
                  cancelText={t('tools.history.keep')}
                  onConfirm={() => onDelete(task.taskId)}
                >
                  <button
                    type="button"
                    className="hj-history__del"
                    aria-label={t('tools.history.delete')}
                  >
                    <DeleteOutlined />
                  </button>
                </LazyPopconfirm>
              </li>
            );
          })}
        </ul>
      )}
    </section>
  );
};
