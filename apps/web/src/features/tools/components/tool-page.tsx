import { ThunderboltOutlined } from '@ant-design/icons';
import { ticketTypeNames, type TaskInfo } from '@huijing/contracts';
import { allTools, familyNames, runPrice, toolVerb, type ToolDefinition } from '@huijing/tools';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useContext, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useSearchParams } from 'react-router';
import { Alert, Button, Skeleton } from '../../../components/antd-look';
import { useAccountDialogs } from '../../../components/account-dialogs.store';
import { useRecharge } from '../../../components/recharge.store';
import { useLocalized } from '../../../components/use-localized';
import { useSignInGate } from '../../../components/use-sign-in-gate';
import { useCurrentUser } from '../../../components/use-session';
import { withChunkTimeout } from '../../../lib/chunk-load';
import { notify } from '../../../lib/notify';
import { sessionKeys, ticketBalanceQuery } from '../../../lib/session';
import {
  cancelTask,
  deleteTask,
  startTask,
  taskHistoryQuery,
  toolAvailabilityQuery,
  toolKeys,
  ToolApiError,
} from '../api/tools.api';
import { useParamValues } from '../hooks/use-param-values';
import { loadMaskLib, MaskField, MaskStage, useMaskDraft, withMaskInput } from '../editor';
import { useTaskPoll } from '../hooks/use-task-poll';
import { isTerminal } from '../model/poll-delay';
import { blockerText, startBlocker, type StartBlocker } from '../model/start-blocker';
import { localVariant } from '../model/local-variant';
import { paramsError } from '../model/tool-params';
import { imageFromTransfer, reportUploadError, uploadToolImage } from '../model/upload-image';
import { emptyToolState, familyStore, type InputImage } from '../store/family-stores';
import { useRememberSavedWork } from '../store/saved-work';
import { formToolFor, overrideFor, type OverrideProps } from '../overrides';
import { lazyPart } from '../../../components/lazy-part';
import { HistoryStrip } from './history-strip';
import { ParamForm } from './param-form';
import { doneHref } from '../results/send-to';
import { useAgainPrice, useRunAgain } from '../results/use-run-again';
import { useToolPart } from '../model/use-tool-part';
import { TaskProgress } from './task-panel';
import { StageEmpty } from './stage-empty';
import { UnavailableNotice } from './unavailable-notice';
import { UploadField } from './upload-field';
import { ToolSlotsContext } from '../tool-slots';
import { ToolHead } from './tool-head';
import '../tools.css';

/** A failed or canceled run's panel (antd's Result) loads when a run ends that way. */
const TaskEnded = lazyPart(() => import('./task-ended').then((m) => m.TaskEnded));
// The extend tool's handles (and antd's Segmented in their bar) load with that tool's picture.
const ExtendEditor = lazyPart(() => import('../editor/extend-editor').then((m) => m.ExtendEditor));
/**
 * A result's view (the compare slider, downloads, 继续处理, 再来一次) is fetched once the page has
 * a run, while it queues and renders: a first visit, which has none, does without it.
 * Its parts arrive together, so the result never shows without its buttons.
 */
const loadResultView = () => withChunkTimeout(() => import('./result-view'));
const ResultView = lazy(() => loadResultView().then((m) => ({ default: m.ResultView })));

const newKey = () =>
  typeof crypto.randomUUID === 'function'
    ? crypto.randomUUID()
    : `${Date.now().toString(36)}-${Math.random().toString(36).slice(2)}`;

const isTyping = (el: EventTarget | null) =>
  el instanceof HTMLElement &&
  (el.isContentEditable || /^(INPUT|TEXTAREA|SELECT)$/.test(el.tagName));

/** The workspace of one tool, built from its registry entry. */
export const ToolPage = ({ tool }: { tool: ToolDefinition }) => {
  // Its widgets and parameters come per tool; the frame shows until they are in. A tool with a
  // mask needs the mask's code too (useMaskDraft waits for it): asked for beside the part.
  // Tools with a `mask` input draw it in the editor on the stage (docs/editor.md).
  const hasMask = tool.inputs.some((i) => i.name === 'mask');
  if (hasMask) void loadMaskLib().catch(() => undefined);
  useToolPart(tool.id);
  const { t } = useTranslation();
  const pick = useLocalized();
  const client = useQueryClient();
  const { pathname } = useLocation();
  const { signedIn, loading: userLoading } = useCurrentUser();
  const openLogin = useAccountDialogs((s) => s.openLogin);
  const requireLogin = useSignInGate(pathname);

  const store = familyStore(tool.family);
  const state = store((s) => s.tools[tool.id]) ?? emptyToolState;
  // The server leaves the steps out of the next load of a tool this device keeps work of.
  useRememberSavedWork(allTools);
  const { setInput, setParam, resetParams, setTask } = store.getState();
  const values = useParamValues(tool, state.params);
  // "使用这个提示词" from /text2prompt and /img2prompt arrives as ?prompt= (features stay apart).
  const [search, setSearch] = useSearchParams();
  const incomingPrompt = search.get('prompt');
  useEffect(() => {
    if (incomingPrompt === null) return;
    if ('promptTxt' in tool.params.shape) {
      setParam(tool.id, 'promptTxt', incomingPrompt.trim().slice(0, 1000));
    }
    const rest = new URLSearchParams(search);
    rest.delete('prompt');
    setSearch(rest, { replace: true });
  }, [incomingPrompt, search, setSearch, setParam, tool]);
  const override = overrideFor(tool.id);
  const { ParamsExtra } = useContext(ToolSlotsContext);
  // Inputs an override uploads and shows itself (e.g. the video frame sequence).
  const shownInputs = tool.inputs.filter((i) => !override.ownInputs?.includes(i.name));
  const extraProps: OverrideProps = {
    tool,
    values,
    inputs: state.inputs,
    setParam: (name, value) => setParam(tool.id, name, value),
  };
  const mask = useMaskDraft({
    enabled: hasMask,
    toolId: tool.id,
    image: state.inputs['upload_img']?.[0],
    saved: state.inputs['mask']?.[0],
    onSaved: (img) => setInput(tool.id, 'mask', img ? [img] : []),
  });

  const availability = useQuery(toolAvailabilityQuery());
  const mine = availability.data?.find((a) => a.id === tool.id);
  // /api/ai/tools gives the price per image (admins may change it); a run costs it per image.
  const unitPrice = mine?.price ?? tool.price;
  const price = runPrice(unitPrice, values.count);
  const balance = useQuery(ticketBalanceQuery(tool.ticketType, signedIn));
  const openRecharge = useRecharge((s) => s.openRecharge);
  const history = useQuery(taskHistoryQuery(tool.id, signedIn));
  const poll = useTaskPoll(signedIn ? state.taskId : undefined, tool.ticketType, tool.id);
  const task: TaskInfo | undefined = poll.data;
  const active = task !== undefined && !isTerminal(task.status);
  const hasRun = state.taskId !== undefined;
  useEffect(() => {
    if (hasRun) void loadResultView().catch(() => undefined);
  }, [hasRun]);

  // A run of the form, or of an earlier task's setup ("再来一次"): both go through here.
  const start = useMutation({
    // maskId: the mask just saved by mask.flush() (the store's copy may be a render behind).
    mutationFn: (run: {
      params: Record<string, unknown>;
      images: Record<string, InputImage[]>;
      maskId?: string | null;
    }) =>
      startTask(
        {
          toolId: tool.id,
          params: run.params,
          inputs: withMaskInput(
            Object.fromEntries(
              tool.inputs
                .filter((i) => (run.images[i.name]?.length ?? 0) > 0)
                .map((i) => {
                  const ids = run.images[i.name]!.map((img) => img.fileId);
                  return [i.name, i.multiple ? ids : ids[0]!];
                }),
            ),
            run.maskId,
          ),
        },
        newKey(),
      ),
    onSuccess: (result) => {
      const now = new Date().toISOString();
      client.setQueryData(toolKeys.task(result.taskId), {
        taskId: result.taskId,
        toolId: tool.id,
        status: 'queued',
        queueNum: result.queueNum,
        progress: 0,
        outputs: [],
        error: null,
        createdAt: now,
        finishedAt: null,
      } satisfies TaskInfo);
      setTask(tool.id, result.taskId);
      // Stacked layout: the task panel is below the form, so bring it into view.
      if (window.matchMedia?.('(max-width: 960px)').matches) {
        document.querySelector('.hj-tool__stage')?.scrollIntoView?.({ behavior: 'smooth' });
      }
    },
    onSettled: () => {
      void client.invalidateQueries({ queryKey: sessionKeys.tickets(tool.ticketType) });
      void client.invalidateQueries({ queryKey: toolKeys.history(tool.id) });
    },
  });

  const [canceledHere, setCanceledHere] = useState<string>();
  const remove = useMutation({
    // The task panel's 取消 keeps the run in history as 已取消; the history's 删除 removes it.
    mutationFn: ({ taskId, keep }: { taskId: string; keep?: boolean }) =>
      keep ? cancelTask(taskId) : deleteTask(taskId),
    onSuccess: async (_data, { taskId }) => {
      const current = client.getQueryData<TaskInfo>(toolKeys.task(taskId));
      if (taskId === state.taskId && current && !isTerminal(current.status)) {
        // A cancel of the shown run: say at once that it is done and where the tickets went.
        await client.cancelQueries({ queryKey: toolKeys.task(taskId) });
        client.setQueryData<TaskInfo>(toolKeys.task(taskId), {
          ...current,
          status: 'canceled',
          finishedAt: new Date().toISOString(),
        });
        setCanceledHere(taskId);
      } else if (taskId === state.taskId) setTask(tool.id, undefined);
      void client.invalidateQueries({ queryKey: toolKeys.history(tool.id) });
      void client.invalidateQueries({ queryKey: sessionKeys.tickets(tool.ticketType) });
    },
    onError: (error) => {
      if (!(error instanceof ToolApiError)) notify(error.message, 'error');
    },
  });

  const blocker: StartBlocker | null = startBlocker({
    tool,
    signedIn,
    availability: mine,
    // The mask counts once drawn, saved or not: starting saves it first.
    inputs: hasMask ? { ...state.inputs, mask: mask.hasMask ? [mask] : [] } : state.inputs,
    paramsError:
      paramsError(tool, values) ?? override.blocker?.({ values, inputs: state.inputs }, t),
    price,
    balance: balance.data ?? null,
    busy: active || start.isPending || mask.state === 'saving',
    pickLabel: (input) => pick(input.label),
  });

  // Not wrapped in useCallback: the React compiler memoizes it, and a manual wrapper around a
  // value derived from the form (the blocker) makes the compiler skip this component.
  const run = () => {
    if (pending) return;
    if (!signedIn) {
      openLogin({ returnTo: pathname });
      return;
    }
    if (blocker) return;
    const form = { params: values, images: state.inputs };
    if (!hasMask) return start.mutate(form);
    // Unsaved strokes are uploaded first: a task never runs on a stale mask.
    mask.flush().then(
      (maskId) => start.mutate({ ...form, maskId }),
      (error: unknown) => {
        if (!(error instanceof ToolApiError) && (error as Error).name !== 'RequestError') {
          notify(t('editor.status.failed'), 'error');
        }
      },
    );
  };

  // "再来一次" / "重试": the shown run again with its own images and settings (shared with the phone).
  const again = useRunAgain({
    tool,
    signedIn,
    availability: mine,
    unitPrice,
    balance: balance.data ?? null,
    busy: start.isPending,
    start: (setup) => start.mutate(setup),
  });
  const runAgain = (taskId: string) => {
    if (!signedIn) {
      openLogin({ returnTo: pathname });
      return;
    }
    again.mutate(taskId);
  };
  // The shown result's own detail (shared with the result view's query): the price of its re-run.
  const againPrice = useAgainPrice(
    task?.taskId,
    signedIn && task?.status === 'succeeded',
    unitPrice,
  );

  // Paste anywhere on the page: the image goes to the first input that still has room.
  useEffect(() => {
    const onPaste = (e: ClipboardEvent) => {
      if (isTyping(e.target) || !signedIn) return;
      const file = imageFromTransfer(e.clipboardData);
      const target = tool.inputs.find(
        (i) => i.name !== 'mask' && (state.inputs[i.name]?.length ?? 0) < (i.multiple?.max ?? 1),
      );
      if (!file || !target) return;
      e.preventDefault();
      uploadToolImage(file).then(
        (img) =>
          setInput(tool.id, target.name, [
            ...(target.multiple ? (state.inputs[target.name] ?? []) : []),
            img,
          ]),
        reportUploadError,
      );
    };
    document.addEventListener('paste', onPaste);
    return () => document.removeEventListener('paste', onPaste);
  }, [tool, state.inputs, setInput, signedIn]);

  const before = state.inputs['upload_img']?.[0];
  const ticketName = pick(ticketTypeNames[tool.ticketType]);
  const reason = blockerText(blocker, t);
  // Not connected to an engine: no sign-in offer, no start, two runnable tools suggested.
  const pending = mine?.available === false;
  // On the built-in engine some tools do less than their name: say what this one really does.
  const variant = localVariant(tool.id, mine?.engine);

  const stage = (() => {
    if (state.taskId && signedIn && poll.isPending)
      return <Skeleton.Image className="hj-stage__skeleton" />;
    if (state.taskId && signedIn && poll.isError) {
      return (
        <Alert
          type="warning"
          message={t('tools.task.lost')}
          action={
            <Button size="small" onClick={() => setTask(tool.id, undefined)}>
              {t('tools.task.dismiss')}
            </Button>
          }
        />
      );
    }
    if (task && active) {
      return (
        <TaskProgress
          task={task}
          canceling={remove.isPending}
          onCancel={() => remove.mutate({ taskId: task.taskId, keep: true })}
        />
      );
    }
    if (task?.status === 'succeeded') {
      const { ResultExtra, resultBackground } = override;
      const view = (
        <Suspense fallback={<Skeleton.Image className="hj-stage__skeleton" />}>
          <ResultView
            task={task}
            tool={tool}
            detailHref={doneHref(tool, task.taskId)}
            before={resultBackground ? undefined : before?.url}
            onAgain={() => runAgain(task.taskId)}
            againPrice={againPrice}
            busy={start.isPending || again.isPending}
          />
        </Suspense>
      );
      if (!ResultExtra && !resultBackground) return view;
      return (
        <div className={`hj-override-stack hj-result-bg--${resultBackground ?? 'plain'}`}>
          {view}
          {ResultExtra ? (
            <ResultExtra
              {...extraProps}
              task={task}
              backToInputs={() => setTask(tool.id, undefined)}
            />
          ) : null}
        </div>
      );
    }
    if (task) {
      return (
        <TaskEnded
          task={task}
          onRetry={() => runAgain(task.taskId)}
          refund={
            canceledHere === task.taskId
              ? { ticket: ticketName, balance: balance.data ?? null }
              : undefined
          }
        />
      );
    }
    if (before) {
      const { StageExtra } = override;
      const preview = mask.doc ? (
        <MaskStage image={before} draft={mask} />
      ) : tool.capability === 'extend' ? (
        <ExtendEditor image={before} values={values} setParam={extraProps.setParam} />
      ) : (
        <figure className="hj-stage__preview">
          <img src={before.url} alt={t('tools.stage.original')} />
          <figcaption>{t('tools.stage.ready', { verb: pick(toolVerb(tool)) })}</figcaption>
        </figure>
      );
      if (!StageExtra) return preview;
      return (
        <div className="hj-override-stack">
          {preview}
          <StageExtra {...extraProps} />
        </div>
      );
    }
    return <StageEmpty tool={tool} hasInputs={tool.inputs.length > 0} verb={toolVerb(tool)} />;
  })();

  return (
    <div className="hj-tool">
      <ToolHead
        tool={tool}
        familyName={pick(familyNames[tool.family])}
        title={variant ? t(variant.name) : pick(tool.name)}
        description={pick(tool.description)}
        titleTestId="tool-title"
      />
      {pending ? <UnavailableNotice className="hj-tool__alert" tool={tool} /> : null}
      {variant ? (
        <Alert
          className="hj-tool__alert"
          type="info"
          data-testid="local-variant"
          message={t(variant.note)}
        />
      ) : null}
      <div className="hj-tool__body">
        <aside className="hj-tool__panel">
          {shownInputs.length > 0 ? (
            <section className="hj-ws-card" aria-label={t('tools.upload.section')}>
              <header className="hj-ws-card__head">
                <h2>{t('tools.upload.section')}</h2>
                <small>{t('tools.upload.paste')}</small>
              </header>
              <div className="hj-tool-inputs">
                {shownInputs.map((input) =>
                  input.name === 'mask' ? (
                    <MaskField
                      key={input.name}
                      input={input}
                      draft={mask}
                      hasImage={Boolean(before)}
                      onEdit={task && !active ? () => setTask(tool.id, undefined) : undefined}
                    />
                  ) : (
                    <UploadField
                      key={input.name}
                      input={input}
                      images={state.inputs[input.name] ?? []}
                      onChange={(images) => setInput(tool.id, input.name, images)}
                      requireLogin={requireLogin}
                    />
                  ),
                )}
              </div>
            </section>
          ) : null}
          {override.PanelExtra ? <override.PanelExtra {...extraProps} /> : null}
          {ParamsExtra && 'loraId' in tool.params.shape ? <ParamsExtra {...extraProps} /> : null}
          <ParamForm
            tool={formToolFor(tool, override)}
            values={values}
            onChange={(name, value) => setParam(tool.id, name, value)}
            onReset={() => resetParams(tool.id)}
          />
          <div className="hj-tool-start">
            <p className="hj-tool-start__price" data-testid="price-line">
              {price > 0 ? t('tools.start.price', { price }) : t('tools.start.free')}
              {signedIn && balance.data != null
                ? ` · ${t('tools.start.balance', { balance: balance.data })}`
                : ''}
              <small> {ticketName}</small>
            </p>
            <Button
              type="primary"
              size="large"
              block
              icon={<ThunderboltOutlined />}
              loading={start.isPending || (userLoading && !signedIn)}
              disabled={pending || (signedIn && blocker !== null)}
              onClick={run}
            >
              {pending
                ? t('firstHour.pendingButton')
                : signedIn
                  ? active
                    ? t('tools.start.running')
                    : pick(toolVerb(tool))
                  : t('tools.start.login')}
            </Button>
            {reason && blocker?.kind !== 'busy' ? (
              <p className="hj-tool-start__reason" role="note">
                {reason}
                {blocker?.kind === 'tickets' ? (
                  <>
                    {' '}
                    <Button
                      type="link"
                      size="small"
                      className="hj-tool-start__topup"
                      onClick={() => openRecharge({ reason: 'tickets-short' })}
                    >
                      {t('tools.start.topUp')}
                    </Button>
                  </>
                ) : null}
              </p>
            ) : null}
          </div>
        </aside>
        <section className="hj-tool__stage" aria-label={t('tools.stage.label')}>
          <div className="hj-stage">{stage}</div>
          {signedIn ? (
            <HistoryStrip
              tasks={history.data?.list}
              loading={history.isPending}
              currentId={state.taskId}
              onOpen={(id) => setTask(tool.id, id)}
              detailHref={(id) => doneHref(tool, id)}
              onDelete={(id) => remove.mutate({ taskId: id })}
            />
          ) : null}
        </section>
      </div>
    </div>
  );
};
