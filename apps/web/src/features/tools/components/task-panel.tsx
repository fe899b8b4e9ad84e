import { CloseCircleOutlined, LoadingOutlined } from '@ant-design/icons';
import type { TaskInfo } from '@huijing/contracts';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/antd-look';
import { LazyPopconfirm } from '../../../components/lazy-overlay';
import { queueEstimateQuery } from '../api/tools.api';
import { roundedWait, secondsLeft, shownPercent } from '../model/queue-estimate';

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

/** A queued or running task: position, one progress value, an estimated wait, and cancel. */
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
  const estimate = useQuery(queueEstimateQuery(task.toolId));
  const left = secondsLeft(task, estimate.data);
  const wait = left === undefined ? undefined : roundedWait(left);
  const waitText = wait ? t(`firstHour.queue.${wait.unit}`, { n: wait.n }) : undefined;
  // One number drives both the bar's width and the printed percentage, so they always agree.
  const percent = shownPercent(task);
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
      <div className="hj-task__progress">
        <div
          className="hj-task__bar"
          role="progressbar"
          aria-label={t('tools.task.progress')}
          aria-valuemin={0}
          aria-valuemax={100}
          aria-valuenow={percent}
          data-queued={queued || undefined}
        >
          <span className="hj-task__fill" style={{ width: `${percent}%` }} />
        </div>
        <span className="hj-task__percent" data-testid="task-percent">
          {queued ? t('firstHour.queue.queued') : `${percent}%`}
        </span>
      </div>
      <p className="hj-task__eta" data-testid="task-eta">
        {waitText
          ? t(queued ? 'firstHour.queue.waitAbout' : 'firstHour.queue.leftAbout', {
              time: waitText,
            })
          : estimate.isSuccess
            ? t('firstHour.queue.noEstimate')
            : '\u00a0'}
      </p>
      <p className="hj-task__meta">
        {t('tools.task.elapsed')} {Number.isNaN(started) ? '--:--' : elapsedText(now - started)}
        <span aria-hidden> · </span>
        {t('tools.task.keep')}
      </p>
      <LazyPopconfirm
        title={t('firstHour.queue.confirmTitle')}
        description={t('firstHour.queue.confirmBody')}
        okText={t('firstHour.queue.confirmOk')}
        cancelText={t('firstHour.queue.confirmKeep')}
        onConfirm={onCancel}
      >
        <Button icon={<CloseCircleOutlined />} loading={canceling}>
          {t('tools.task.cancel')}
        </Button>
      </LazyPopconfirm>
    </div>
  );
};
