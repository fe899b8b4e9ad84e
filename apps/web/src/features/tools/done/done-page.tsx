import {
  ArrowLeftOutlined,
  ClockCircleOutlined,
  FrownOutlined,
  LockOutlined,
  PictureOutlined,
} from '@ant-design/icons';
import { DONE_SHARE_PARAM, DONE_TASK_PARAM } from '@huijing/contracts';
import { getTool, toolVerb } from '@huijing/tools';
import type { TaskDetail } from '@huijing/contracts';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Progress, Skeleton, Tag } from 'antd';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate } from 'react-router';
import { useAccountDialogs } from '../../../components/account-dialogs.store';
import { ToolGlyph } from '../../../components/tool-glyph';
import { useLocalized } from '../../../components/use-localized';
import { usePageTitle } from '../../../components/use-page-title';
import { useCurrentUser } from '../../../components/use-session';
import { formatDateTime } from '../../../lib/format';
import { notify } from '../../../lib/notify';
import { ResultView } from '../components/result-view';
import { variantForPath, type DoneVariant } from '../results/send-to';
import { useTaskStream } from '../../../components/use-task-stream';
import { doneKeys, isMissing, sharedTaskQuery, taskDetailQuery } from './done.api';
import { LinkButton } from '../results/link-button';
import { loadTaskIntoStore, taskSetup } from '../store/load-task';
import { SharePanel } from './share-panel';
import '../tools.css';
import './done.css';

/** Where each done page leads back to (docs/product-decisions.md, "Done pages"). */
const backLinks: Record<DoneVariant, { to: string; key: string }> = {
  done: { to: '/list?tab=1', key: 'results.done.backRender' },
  done2: { to: '/list?tab=2', key: 'results.done.backEdit' },
  '3d': { to: '/3drender', key: 'results.done.back3d' },
};

const Panel = ({
  icon,
  title,
  children,
}: {
  icon: ReactNode;
  title: string;
  children?: ReactNode;
}) => (
  <div className="hj-done__panel" role="status">
    <span className="hj-done__panel-icon" aria-hidden>
      {icon}
    </span>
    <h1>{title}</h1>
    {children}
  </div>
);

/**
 * /done, /done2 and /3dRenderDone: one finished task by link. `?taskId=` is the owner's view
 * (signed in; another user's task is "not found"); `?share=` is anyone's read-only view of the
 * outputs through a token the owner created.
 */
export const DonePage = () => {
  const { t } = useTranslation();
  const pick = useLocalized();
  const { pathname, search } = useLocation();
  const params = new URLSearchParams(search);
  const taskId = params.get(DONE_TASK_PARAM) ?? '';
  const token = params.get(DONE_SHARE_PARAM) ?? '';
  const variant = variantForPath(pathname);
  const { signedIn, loading: userLoading } = useCurrentUser();
  const openLogin = useAccountDialogs((s) => s.openLogin);
  const navigate = useNavigate();

  const [streamOpen, setStreamOpen] = useState(false);
  const client = useQueryClient();
  const detail = useQuery(taskDetailQuery(taskId, signedIn && !token && taskId !== '', streamOpen));
  const waiting = detail.data?.task.status === 'queued' || detail.data?.task.status === 'running';
  // While the run is not over, its changes are pushed (the poll above slows to a safety check).
  useTaskStream(waiting ? taskId : undefined, {
    onTask: (task) =>
      client.setQueryData<TaskDetail>(doneKeys.detail(taskId), (old) =>
        old ? { ...old, task } : old,
      ),
    onGone: () => void detail.refetch(),
    onOpen: setStreamOpen,
  });
  const shared = useQuery({ ...sharedTaskQuery(token), enabled: token !== '' });
  const toolId = token ? shared.data?.toolId : detail.data?.task.toolId;
  const tool = toolId ? getTool(toolId) : undefined;
  usePageTitle(
    tool ? t('results.done.pageTitle', { tool: pick(tool.name) }) : t(titleKey(variant)),
  );

  const back = backLinks[variant];
  const header = (sub?: ReactNode) => (
    <header className="hj-done__head">
      <Link className="hj-done__back" to={back.to}>
        <ArrowLeftOutlined /> {t(back.key)}
      </Link>
      {tool ? (
        <div className="hj-done__title">
          <ToolGlyph family={tool.family} seed={tool.id} label={tool.name['zh-CN']} size={44} />
          <div>
            <h1>{pick(tool.name)}</h1>
            {sub}
          </div>
        </div>
      ) : null}
    </header>
  );

  const missing = (
    <Panel icon={<FrownOutlined />} title={t('results.done.notFound')}>
      <p>{token ? t('results.done.notFoundShare') : t('results.done.notFoundOwner')}</p>
      <div className="hj-done__panel-actions">
        <LinkButton to="/list" type="primary">
          {t('results.done.browse')}
        </LinkButton>
        <LinkButton to="/home">{t('results.done.home')}</LinkButton>
      </div>
    </Panel>
  );

  const body = (() => {
    if (!token && !taskId) {
      return (
        <Panel icon={<PictureOutlined />} title={t('results.done.noTask')}>
          <p>{t('results.done.noTaskHint')}</p>
          <div className="hj-done__panel-actions">
            <LinkButton to="/aiDesignMangement" type="primary">
              {t('results.done.works')}
            </LinkButton>
            <LinkButton to="/list">{t('results.done.browse')}</LinkButton>
          </div>
        </Panel>
      );
    }
    if (token) {
      if (shared.isPending) return <DoneSkeleton />;
      if (shared.isError || !tool || !shared.data) {
        return shared.isError && !isMissing(shared.error) ? (
          <LoadError onRetry={() => void shared.refetch()} />
        ) : (
          missing
        );
      }
      const data = shared.data;
      return (
        <>
          {header(
            <p className="hj-done__meta">
              <Tag color="purple">{t('results.done.sharedTag')}</Tag>
              {data.finishedAt ? formatDateTime(data.finishedAt) : null}
            </p>,
          )}
          <div className="hj-done__stage">
            <ResultView
              task={{ outputs: data.outputs, createdAt: data.createdAt }}
              tool={tool}
              ticketType={data.ticketType}
              variant={variant}
              canSend={false}
              zipAlways
            />
          </div>
          <aside className="hj-done__cta">
            <div>
              <h2>{t('results.done.ctaTitle', { tool: pick(tool.name) })}</h2>
              <p>{pick(tool.description)}</p>
            </div>
            <LinkButton to={tool.routes[0]!} type="primary" size="large">
              {t('results.done.ctaButton')}
            </LinkButton>
          </aside>
        </>
      );
    }
    if (userLoading) return <DoneSkeleton />;
    if (!signedIn) {
      return (
        <Panel icon={<LockOutlined />} title={t('results.done.signIn')}>
          <p>{t('results.done.signInHint')}</p>
          <Button type="primary" onClick={() => openLogin({ returnTo: pathname + search })}>
            {t('results.done.signInButton')}
          </Button>
        </Panel>
      );
    }
    if (detail.isPending) return <DoneSkeleton />;
    if (detail.isError || !detail.data || !tool) {
      return detail.isError && !isMissing(detail.error) ? (
        <LoadError onRetry={() => void detail.refetch()} />
      ) : (
        missing
      );
    }
    const { task, before, ticketType, shareToken } = detail.data;
    // "再来一次" here opens the tool with this run's images and settings, not started: the
    // designer came back to look, so they adjust first (docs/product-decisions.md, "再来一次").
    const openWithRun = () => {
      const setup = taskSetup(tool, detail.data);
      loadTaskIntoStore(tool, setup);
      const names = setup.missing.map((i) => pick(i.label)).join('、');
      notify(
        names
          ? t('results.again.missing', { inputs: names })
          : t('results.again.loaded', { verb: pick(toolVerb(tool)) }),
        names ? 'warning' : 'success',
      );
      void navigate(tool.routes[0]!);
    };
    const meta = (
      <p className="hj-done__meta">
        {t('results.done.createdAt', { at: formatDateTime(task.finishedAt ?? task.createdAt) })}
        {shareToken ? <Tag color="green">{t('results.done.sharing')}</Tag> : null}
      </p>
    );
    if (task.status === 'queued' || task.status === 'running') {
      return (
        <>
          {header(meta)}
          <Panel icon={<ClockCircleOutlined />} title={t('results.done.running')}>
            <Progress percent={task.progress} status="active" className="hj-done__progress" />
            <p>{t('results.done.runningHint')}</p>
            <LinkButton to={tool.routes[0]!}>{t('results.done.openTool')}</LinkButton>
          </Panel>
        </>
      );
    }
    if (task.status !== 'succeeded') {
      return (
        <>
          {header(meta)}
          <Alert
            type={task.status === 'failed' ? 'error' : 'info'}
            showIcon
            message={
              task.status === 'failed' ? t('results.done.failed') : t('results.done.canceled')
            }
            description={task.error ?? undefined}
            action={
              <LinkButton to={tool.routes[0]!} size="small">
                {t('results.done.openTool')}
              </LinkButton>
            }
          />
        </>
      );
    }
    return (
      <>
        {header(meta)}
        <div className="hj-done__stage">
          <ResultView
            task={task}
            tool={tool}
            before={before?.url}
            ticketType={ticketType}
            variant={variant}
            onAgain={openWithRun}
            zipAlways
            extra={<SharePanel taskId={task.taskId} tool={tool} token={shareToken} />}
          />
        </div>
      </>
    );
  })();

  return <div className="hj-done">{body}</div>;
};

const titleKey = (variant: DoneVariant) =>
  variant === '3d'
    ? 'results.done.title3d'
    : variant === 'done2'
      ? 'results.done.title2'
      : 'results.done.title';

const DoneSkeleton = () => (
  <div className="hj-done__skeleton" aria-busy="true">
    <Skeleton active title paragraph={{ rows: 1 }} />
    <Skeleton.Image active className="hj-done__skeleton-img" />
  </div>
);

const LoadError = ({ onRetry }: { onRetry: () => void }) => {
  const { t } = useTranslation();
  return (
    <Panel icon={<FrownOutlined />} title={t('results.done.loadError')}>
      <Button onClick={onRetry}>{t('results.done.retry')}</Button>
    </Panel>
  );
};
