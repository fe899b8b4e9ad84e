import { CloseCircleOutlined, LoadingOutlined, ReloadOutlined } from '@ant-design/icons';
import type { TaskInfo } from '@huijing/contracts';
import { Button, Progress, Result } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';

const elapsedText = (ms: number) => {
  const s = Math.max(0, Math.floor(ms / 1000));
  return `${String(Math.floor(s / 60)).padStart(2, '0')}:${String(s % 60).padStart(2, '0')}`;
};

const useNow = (active: boolean) => {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (!active) return;
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, [active]);
  return now;
};

/** A queued or running task: position, progress, elapsed time and cancel. */
export const TaskProgress = ({
  task,
  onCancel,
  canceling,
}: {
  task: TaskInfo;
  onCancel: () => void;
  canceling: boolean;
}) => {
  const { t } = useTranslation();
  const now = useNow(true);
  const queued = task.status === 'queued';
  const started = Date.parse(task.createdAt);
  return (
    <div className="hj-task" role="status" aria-live="polite">
      <div className="hj-task__orb" aria-hidden>
        <LoadingOutlined />
      </div>
      <h3 className="hj-task__title">
        {queued
          ? task.queueNum > 0
            ? t('tools.task.ahead', { count: task.queueNum })
            : t('tools.task.next')
          : t('tools.task.running')}
      </h3>
      <Progress
        className="hj-task__bar"
        percent={queued ? 0 : Math.max(2, task.progress)}
        status="active"
        strokeColor={{ from: '#4f46e5', to: '#06b6d4' }}
        aria-label={t('tools.task.progress')}
      />
      <p className="hj-task__meta">
        {t('tools.task.elapsed')} {Number.isNaN(started) ? '--:--' : elapsedText(now - started)}
        <span aria-hidden> · </span>
        {t('tools.task.keep')}
      </p>
      <Button icon={<CloseCircleOutlined />} onClick={onCancel} loading={canceling}>
        {t('tools.task.cancel')}
      </Button>
    </div>
  );
};

/** A failed or canceled task, with the server's message and a retry. */
export const TaskEnded = ({ task, onRetry }: { task: TaskInfo; onRetry: () => void }) => {
  const { t } = useTranslation();
  const failed = task.status === 'failed';
  return (
    <Result
      className="hj-task-ended"
      status={failed ? 'error' : 'info'}
      title={failed ? t('tools.task.failed') : t('tools.task.canceled')}
      subTitle={failed ? (task.error ?? t('tools.task.failedBody')) : t('tools.task.canceledBody')}
      extra={
        <Button type="primary" icon={<ReloadOutlined />} onClick={onRetry}>
          {t('tools.task.retry')}
        </Button>
      }
    />
  );
};
