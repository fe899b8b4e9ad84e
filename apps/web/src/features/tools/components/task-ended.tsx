import { ReloadOutlined } from '@ant-design/icons';
import type { TaskInfo } from '@huijing/contracts';
import { Button, Result } from 'antd';
import { useTranslation } from 'react-i18next';

// Apart from task-panel.tsx: antd's Result brings its status drawings (~9 KB brotli), which the
// tool page loads only when a run ends without a result.

/**
 * A failed or canceled task, with the server's message and a retry. A cancel says where the
 * tickets went (`refund`: the ticket kind and the balance now, when known).
 */
export const TaskEnded = ({
  task,
  onRetry,
  refund,
}: {
  task: TaskInfo;
  onRetry: () => void;
  refund?: { ticket: string; balance: number | null };
}) => {
  const { t } = useTranslation();
  const failed = task.status === 'failed';
  const canceledText = !refund
    ? t('tools.task.canceledBody')
    : refund.balance === null
      ? t('firstHour.queue.refunded', { ticket: refund.ticket })
      : t('firstHour.queue.refundedBalance', refund);
  return (
    <Result
      className="hj-task-ended"
      status={failed ? 'error' : 'info'}
      title={failed ? t('tools.task.failed') : t('tools.task.canceled')}
      subTitle={failed ? (task.error ?? t('tools.task.failedBody')) : canceledText}
      extra={
        <Button type="primary" icon={<ReloadOutlined />} onClick={onRetry}>
          {t('tools.task.retry')}
        </Button>
      }
    />
  );
};
