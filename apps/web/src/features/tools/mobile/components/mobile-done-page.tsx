import {
  AppstoreOutlined,
  DownloadOutlined,
  ReloadOutlined,
  ShareAltOutlined,
  SlidersOutlined,
} from '@ant-design/icons';
import { ticketTypeNames, type TaskInfo } from '@huijing/contracts';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Skeleton } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate } from 'react-router';
import { ResultActionSlot } from '../../../../components/result-action-slot';
import { useLocalized } from '../../../../components/use-localized';
import { usePageTitle } from '../../../../components/use-page-title';
import { notify } from '../../../../lib/notify';
import { cancelTask, taskQuery, toolKeys, ToolApiError } from '../../api/tools.api';
import { TaskEnded } from '../../components/task-ended';
import { TaskProgress } from '../../components/task-panel';
import { useTaskPoll } from '../../hooks/use-task-poll';
import { isTerminal } from '../../model/poll-delay';
import type { ToolDefinition } from '@huijing/tools';
import { useAgainPrice, useRunAgain } from '../../results/use-run-again';
import { useMobileRun } from '../hooks/use-mobile-run';
import { useSaveShare } from '../hooks/use-save-share';
import { doneHref, listHref, parseDoneQuery, prepareHref, toolById } from '../model/mobile-flow';
import { MobileResult } from './mobile-result';
import { MobileTopBar } from './mobile-top-bar';
import { MobileWorks } from './mobile-works';
// The shared pieces (parameter fields, task panel, compare slider) are styled there.
import '../../tools.css';
import '../mobile-flow.css';
import '../mobile-done.css';

/**
 * /mobileDone?tool=<id>&task=<taskId>: the run's queue position, progress and cancel, then the
 * result with save and share. Without a task it lists the designer's works.
 */
export const MobileDonePage = () => {
  const { search } = useLocation();
  const { tool, taskId } = parseDoneQuery(search);
  if (!taskId) return <MobileWorks />;
  if (!tool) return <FindTool taskId={taskId} />;
  return <DoneTask key={taskId} tool={tool} taskId={taskId} />;
};

/** A link with only the task: the task names its tool. */
const FindTool = ({ taskId }: { taskId: string }) => {
  const { t } = useTranslation();
  const found = useQuery(taskQuery(taskId));
  const tool = toolById(found.data?.toolId);
  if (tool) return <DoneTask tool={tool} taskId={taskId} />;
  return (
    <div className="hj-mf">
      <MobileTopBar title={t('mobile.done.works')} back="/mobileDone" />
      <main className="hj-mf__main">
        {found.isPending ? (
          <Skeleton active />
        ) : (
          <Alert type="warning" showIcon message={t('mobile.done.lost')} />
        )}
      </main>
    </div>
  );
};

const DoneTask = ({ tool, taskId }: { tool: ToolDefinition; taskId: string }) => {
  const { t } = useTranslation();
  const pick = useLocalized();
  const navigate = useNavigate();
  const client = useQueryClient();
  usePageTitle(pick(tool.name));
  const poll = useTaskPoll(taskId, tool.ticketType, tool.id);
  const task = poll.data;
  const run = useMobileRun(tool, (id) => void navigate(doneHref(tool.id, id), { replace: true }));
  const [canceling, setCanceling] = useState(false);
  const [canceledHere, setCanceledHere] = useState(false);
  // The original is known only for the family store's own run (not one opened from the works).
  const before = run.state.taskId === taskId ? run.state.inputs['upload_img']?.[0]?.url : undefined;

  // "再来一次" / "重试": this run again with its own images and settings, at its own price, as on
  // the desktop (docs/product-decisions.md, "再来一次"). When its image is gone or it cannot start
  // now, the form opens with everything filled in, under the message saying why.
  const repeat = useRunAgain({
    tool,
    signedIn: run.signedIn,
    availability: run.availability,
    unitPrice: run.unitPrice,
    balance: run.balance,
    busy: run.start.isPending,
    start: (setup) => run.start.mutate(setup),
    onHeld: () => void navigate(prepareHref(tool.id)),
  });
  const again = () => {
    if (!run.signedIn) void navigate(prepareHref(tool.id));
    else repeat.mutate(taskId);
  };
  const againPrice = useAgainPrice(
    taskId,
    run.signedIn && task?.status === 'succeeded',
    run.unitPrice,
  );
  const cancel = async () => {
    setCanceling(true);
    try {
      await cancelTask(taskId);
      // Canceled (tickets back) and kept in history as 已取消: show the end the server confirmed
      // at once instead of waiting for the next poll. Ending also refreshes the balance.
      await client.cancelQueries({ queryKey: toolKeys.task(taskId) });
      client.setQueryData<TaskInfo>(toolKeys.task(taskId), (old) =>
        old ? { ...old, status: 'canceled', finishedAt: new Date().toISOString() } : old,
      );
      setCanceledHere(true);
    } catch (error) {
      if (!(error instanceof ToolApiError) && error instanceof Error)
        notify(error.message, 'error');
    } finally {
      setCanceling(false);
    }
  };

  let body: React.ReactNode;
  if (poll.isPending) {
    body = (
      <div className="hj-mf-stage" role="status">
        <Skeleton.Image active className="hj-mf-stage__skeleton" />
        <p>{t('mobile.done.loading')}</p>
      </div>
    );
  } else if (poll.isError || !task) {
    body = (
      <div className="hj-mf-empty">
        <Alert type="warning" showIcon message={t('mobile.done.lost')} />
        <Link className="hj-mf-btn hj-mf-btn--primary" to={prepareHref(tool.id)}>
          {t('mobile.done.adjust')}
        </Link>
      </div>
    );
  } else if (!isTerminal(task.status)) {
    body = (
      <div className="hj-mf-stage">
        <TaskProgress task={task} canceling={canceling} onCancel={() => void cancel()} />
      </div>
    );
  } else if (task.status === 'succeeded') {
    return (
      <DoneResult
        tool={tool}
        task={task}
        before={before}
        again={again}
        againPrice={againPrice}
        busy={run.start.isPending || repeat.isPending}
      />
    );
  } else {
    body = (
      <div className="hj-mf-stage">
        <TaskEnded
          task={task}
          onRetry={again}
          refund={
            canceledHere
              ? { ticket: pick(ticketTypeNames[tool.ticketType]), balance: run.balance }
              : undefined
          }
        />
      </div>
    );
  }

  return (
    <div className="hj-mf">
      <MobileTopBar title={pick(tool.name)} back={prepareHref(tool.id)} />
      <main className="hj-mf__main">{body}</main>
    </div>
  );
};

const DoneResult = ({
  tool,
  task,
  before,
  again,
  againPrice,
  busy,
}: {
  tool: ToolDefinition;
  task: TaskInfo;
  before?: string;
  again: () => void;
  /** What the re-run costs (its own count of images), once known. */
  againPrice?: number;
  busy: boolean;
}) => {
  const { t } = useTranslation();
  const pick = useLocalized();
  const [index, setIndex] = useState(0);
  const actions = useSaveShare(task, index, tool.ticketType);
  return (
    <div className="hj-mf hj-mf--bar">
      <MobileTopBar title={pick(tool.name)} back={prepareHref(tool.id)} />
      <main className="hj-mf__main">
        <MobileResult task={task} before={before} index={index} onIndex={setIndex} />
        <p className="hj-mf-note">{t('mobile.done.saveHint')}</p>
        <div className="hj-mf-more-actions">
          <Button
            size="large"
            className="hj-mf-again-btn"
            icon={<ReloadOutlined />}
            onClick={again}
            loading={busy}
            title={t('results.again.hint')}
          >
            <span className="hj-mf-again">
              {t('mobile.done.again')}
              {againPrice !== undefined && againPrice > 0 ? (
                <small className="hj-mf-again__price">
                  {againPrice > 0
                    ? t('results.again.price', { price: againPrice })
                    : t('results.again.free')}
                </small>
              ) : null}
            </span>
          </Button>
          <Link className="hj-mf-btn" to={prepareHref(tool.id)}>
            <SlidersOutlined aria-hidden /> {t('mobile.done.adjust')}
          </Link>
          <Link className="hj-mf-btn" to={listHref(tool.family)}>
            <AppstoreOutlined aria-hidden /> {t('mobile.done.toTools')}
          </Link>
          {task.outputs[index]?.kind === 'image' ? (
            // 发布到灵感广场, as on the desktop result panel (the gallery fills the slot).
            <ResultActionSlot
              taskId={task.taskId}
              index={index}
              defaultTitle={pick(tool.name)}
              hasBefore={Boolean(before)}
              size="large"
            />
          ) : null}
        </div>
      </main>
      <div className="hj-mf-startbar hj-mf-startbar--actions">
        <Button
          size="large"
          className="hj-mf-startbar__share"
          icon={<ShareAltOutlined />}
          onClick={() => void actions.share()}
          disabled={actions.busy}
        >
          {t('mobile.done.share')}
        </Button>
        <Button
          type="primary"
          size="large"
          className="hj-mf-startbar__go"
          icon={<DownloadOutlined />}
          loading={actions.busy}
          onClick={() => void actions.save()}
        >
          {t('mobile.done.save')}
        </Button>
      </div>
    </div>
  );
};
