import type { TaskInfo } from '@huijing/contracts';
import { allTools, getTool, runPrice } from '@huijing/tools';
import type { ToolDefinition } from '@huijing/tools';
import type { Kysely, Transaction } from 'kysely';
import type { Clock } from '../../config/clock';
import { newId } from '../../db/ids';
import type { Database } from '../../db/schema';
import type { EngineRouter } from '../../engines/engine-router';
import { AppError } from '../../http/app-error';
import type { FilesService } from '../uploads/files.service';
import { isDataUrl } from '../uploads/image-ingest';
import { emptyVocabulary, pickTerms, type PromptVocabulary } from './prompt-compose';
import { createTasksRepository } from './tasks.repository';
import type { TaskRecord } from './tasks.repository';
import { queueHeldTask } from './task-submit';
import { settleTaskTickets } from './tasks.settlement';
import { readToolPrices } from '../settings/price-overrides';
import { assertSameRequest } from './idempotency';
import type { TaskChange } from './task-events';
import type { Idempotency } from './idempotency';

export type TasksService = ReturnType<typeof createTasksService>;

/**
 * A check another area adds to task submission (e.g. models: a render's `loraId` must be the
 * user's own or a published model). It runs after the parameters parse and before tickets are
 * held; it may refuse with an AppError or return the parameters with what the engine needs.
 */
export type TaskParamCheck = (task: {
  userId: string;
  tool: ToolDefinition;
  params: Record<string, unknown>;
}) => Promise<Record<string, unknown>>;

const FILE_URL_ID = /^\/api\/files\/([0-9a-f-]{36})(?:[/?]|$)/i;
const FILE_ID = /^[0-9a-f-]{36}$/i;

/** Tools whose Chinese or English name contains the text (the works page search). */
const toolIdsNamed = (text: string): string[] => {
  const needle = text.toLowerCase();
  return allTools
    .filter((t) => Object.values(t.name).some((n) => n.toLowerCase().includes(needle)))
    .map((t) => t.id);
};

/** Input names as the tool declares them; the flat spec payload is split with these. */
const inputNamesOf = (tool: ToolDefinition) => new Set<string>(tool.inputs.map((i) => i.name));

/**
 * A mask must fit its image. The editor paints at the image's own pixel size; a mask of the same
 * proportions at another size (an API client drawing on a preview) is accepted on purpose and
 * scaled by the engine (engines/local/raster.ts readMask); any other shape cannot be placed on
 * the picture and is refused before tickets are held.
 */
const checkMaskSize = (
  inputs: Record<string, string | string[]>,
  sizes: Map<string, { width: number; height: number }>,
) => {
  const mask = typeof inputs.mask === 'string' ? sizes.get(inputs.mask) : undefined;
  const image = typeof inputs.upload_img === 'string' ? sizes.get(inputs.upload_img) : undefined;
  if (!mask || !image) return;
  if (mask.width === image.width && mask.height === image.height) return;
  const ratio = mask.width / mask.height / (image.width / image.height);
  if (Math.abs(ratio - 1) <= 0.01) return;
  throw new AppError('VALIDATION_FAILED', {
    message: `选区尺寸（${mask.width}×${mask.height}）与原图（${image.width}×${image.height}）比例不一致，请在原图上重新涂抹选区`,
    data: { input: 'mask' },
  });
};

export const createTasksService = (deps: {
  db: Kysely<Database>;
  router: EngineRouter;
  files: FilesService;
  now: Clock;
  /** Hands the task to the transport (in-process or BullMQ); the row is already committed. */
  wake: (engine: string, taskId: string) => Promise<void>;
  /** Aborts the engine run in this process, if it runs here (other hosts poll the row). */
  abortLocal: (taskId: string) => void;
  onWakeError: (error: unknown, taskId: string) => void;
  /** Queued + running tasks per user and engine lane. */
  userLaneCap?: number;
  /** Tells the owner's event streams (task-events.ts); called after each commit. */
  notify?: (change: TaskChange) => void;
  /** Catalogue names of a run's picks (its settings on the works page); absent: none shown. */
  vocabulary?: () => Promise<PromptVocabulary>;
}) => {
  const notify = deps.notify ?? (() => {});
  const repo = createTasksRepository(deps.db);
  const paramChecks: TaskParamCheck[] = [];

  const queueNumOf = (task: Pick<TaskRecord, 'status' | 'engine' | 'seq'>) =>
    task.status === 'queued' ? repo.queuedAhead(task.engine, task.seq) : Promise.resolve(0);

  const settingsOf = async (task: TaskRecord): Promise<TaskInfo['settings']> => {
    const tool = getTool(task.toolId);
    if (!tool || !deps.vocabulary) return [];
    const vocabulary = await deps.vocabulary().catch(() => emptyVocabulary);
    return pickTerms(tool, task.params, vocabulary).map((term) => ({
      name: term.name,
      nameEn: term.nameEn ?? null,
    }));
  };

  const toInfo = async (task: TaskRecord): Promise<TaskInfo> => ({
    taskId: task.id,
    toolId: task.toolId,
    status: task.status,
    queueNum: await queueNumOf(task),
    progress: task.progress,
    outputs: await Promise.all(
      task.outputs.map(async (o) => ({
        ...(await deps.files.links({ id: o.fileId, mime: o.mime })),
        width: o.width,
        height: o.height,
        kind: o.kind,
        structureScore: o.structureScore ?? null,
      })),
    ),
    prompt: typeof task.params.promptTxt === 'string' ? task.params.promptTxt : null,
    settings: await settingsOf(task),
    error: task.error,
    createdAt: task.createdAt,
    finishedAt: task.finishedAt,
  });

  /** Input values → owned file ids; data URLs are stored first (as the user's uploads). */
  const resolveInputs = async (
    userId: string,
    tool: ToolDefinition,
    raw: Record<string, unknown>,
  ): Promise<Record<string, string | string[]>> => {
    const out: Record<string, string | string[]> = {};
    const ids: string[] = [];
    const sizes = new Map<string, { width: number; height: number }>();
    const toId = async (value: unknown, name: string): Promise<string> => {
      if (typeof value !== 'string' || value === '') throw new AppError('INPUT_REQUIRED');
      if (isDataUrl(value)) {
        const { file } = await deps.files.ingestUpload(
          userId,
          value,
          name === 'mask' ? 'mask' : 'upload',
        );
        sizes.set(file.id, file);
        return file.id;
      }
      const id = FILE_URL_ID.exec(value)?.[1] ?? (FILE_ID.test(value) ? value : undefined);
      if (!id) throw new AppError('FILE_NOT_FOUND');
      ids.push(id);
      return id;
    };
    for (const input of tool.inputs) {
      const value = raw[input.name];
      const empty =
        value === undefined ||
        value === null ||
        value === '' ||
        (Array.isArray(value) && value.length === 0);
      if (empty) {
        if (input.required) {
          throw new AppError('INPUT_REQUIRED', {
            message: `请先上传${input.label['zh-CN']}`,
            data: { input: input.name },
          });
        }
        continue;
      }
      if (input.multiple) {
        const list = Array.isArray(value) ? value : [value];
        if (list.length < input.multiple.min || list.length > input.multiple.max) {
          throw new AppError('VALIDATION_FAILED', {
            message: `${input.label['zh-CN']}需要 ${input.multiple.min}-${input.multiple.max} 张图片`,
          });
        }
        out[input.name] = await Promise.all(list.map((v) => toId(v, input.name)));
      } else {
        out[input.name] = await toId(Array.isArray(value) ? value[0] : value, input.name);
      }
    }
    const unique = [...new Set(ids)];
    const owned = await deps.files.ownedFiles(userId, unique);
    if (owned.length !== unique.length) throw new AppError('FILE_NOT_FOUND');
    for (const file of owned) sizes.set(file.id, file);
    checkMaskSize(out, sizes);
    return out;
  };

  /** The task an earlier use of the key started; a different request under it is a 422. */
  const replay = async (userId: string, idempotency: Idempotency) => {
    const used = await repo.findIdempotencyKey(userId, idempotency.key);
    if (used) assertSameRequest(used.bodyHash, idempotency);
    const task = used ? await repo.findTask(used.taskId) : undefined;
    return task ? { taskId: task.id, queueNum: await queueNumOf(task) } : undefined;
  };

  return {
    queueNumOf,

    /** Adds a submission check (see TaskParamCheck); modules call this once when built. */
    useParamCheck(check: TaskParamCheck) {
      paramChecks.push(check);
    },

    /**
     * `inTransaction` runs in the transaction that creates the task and holds its tickets (an
     * admin retry's audit row): throwing from it leaves no task and holds nothing.
     */
    async startTask(
      userId: string,
      body: {
        toolId: string;
        params?: Record<string, unknown>;
        inputs?: Record<string, unknown>;
      } & Record<string, unknown>,
      opts: {
        idempotency?: Idempotency;
        inTransaction?: (trx: Transaction<Database>, taskId: string) => Promise<unknown>;
      } = {},
    ): Promise<{ taskId: string; queueNum: number }> {
      const { idempotency, inTransaction } = opts;
      const tool = getTool(body.toolId);
      if (!tool) throw new AppError('TOOL_NOT_FOUND');
      const { toolId: _toolId, params, inputs, ...flat } = body;
      const inputNames = inputNamesOf(tool);
      const rawInputs: Record<string, unknown> = { ...inputs };
      const rawParams: Record<string, unknown> = { ...params };
      for (const [k, v] of Object.entries(flat)) {
        if (inputNames.has(k)) rawInputs[k] ??= v;
        else rawParams[k] ??= v;
      }
      const parsed = tool.params.safeParse(rawParams);
      if (!parsed.success) {
        const fields = [
          ...new Set(parsed.error.issues.map((i) => ['params', ...i.path].join('.'))),
        ];
        throw new AppError('VALIDATION_FAILED', {
          message: `提交的内容不符合要求：${fields.join('、')}`,
          data: {
            issues: parsed.error.issues.map((i) => ({
              field: ['params', ...i.path].join('.'),
              message: i.message,
            })),
          },
        });
      }
      // Refused before anything is held: no engine can run this tool as configured now.
      const route = await deps.router.resolve(tool.capability, tool.id);
      if (!route.engine) throw new AppError('ENGINE_UNAVAILABLE', { message: route.reason });

      if (idempotency) {
        const earlier = await replay(userId, idempotency);
        if (earlier) return earlier;
      }
      const resolvedInputs = await resolveInputs(userId, tool, rawInputs);
      let checkedParams = parsed.data as Record<string, unknown>;
      for (const check of paramChecks)
        checkedParams = await check({ userId, tool, params: checkedParams });

      const at = deps.now().toISOString();
      const taskId = newId();
      const engine = route.engine.id;
      const basePrice = (await readToolPrices(deps.db))[tool.id] ?? tool.price;
      const price = runPrice(basePrice, (parsed.data as { count?: unknown }).count);
      const created = await deps.db.transaction().execute(async (trx) => {
        const tasks = createTasksRepository(trx);
        if (
          idempotency &&
          !(await tasks.claimIdempotencyKey(
            userId,
            idempotency.key,
            taskId,
            at,
            idempotency.fingerprint,
          ))
        ) {
          return false; // a concurrent duplicate won; answer with its task below
        }
        const seq = await queueHeldTask(
          trx,
          {
            id: taskId,
            userId,
            toolId: tool.id,
            family: tool.family,
            capability: tool.capability,
            engine,
            params: checkedParams,
            inputs: resolvedInputs,
            ticketType: tool.ticketType,
            price,
            createdAt: at,
          },
          deps.userLaneCap,
        );
        await inTransaction?.(trx, taskId);
        return { seq };
      });
      if (!created) {
        const earlier = idempotency ? await replay(userId, idempotency) : undefined;
        if (!earlier) throw new AppError('CONFLICT');
        return earlier;
      }
      // The row is the truth and the outbox: the hand-off to the transport happens without the
      // user waiting for it (Redis down delays the run, never the answer).
      void deps.wake(engine, taskId).catch((error: unknown) => deps.onWakeError(error, taskId));
      notify({ userId, taskId });
      return { taskId, queueNum: await repo.queuedAhead(engine, created.seq) };
    },

    async getTask(userId: string, taskId: string): Promise<TaskInfo> {
      const task = await repo.findOwnedTask(userId, taskId);
      if (!task) throw new AppError('TASK_NOT_FOUND');
      return toInfo(task);
    },

    /**
     * The owner's task exactly as getTaskByTaskId answers it (the same toInfo), with its lane, for
     * the event stream; undefined when it is not theirs or no longer visible (never thrown).
     */
    async streamTask(
      userId: string,
      taskId: string,
    ): Promise<{ info: TaskInfo; engine: string } | undefined> {
      const task = await repo.findOwnedTask(userId, taskId);
      return task ? { info: await toInfo(task), engine: task.engine } : undefined;
    },

    /** On connect: the owner's active tasks and those changed since `since` (newest 50). */
    async streamSnapshot(userId: string, since: string, limit = 50) {
      const tasks = await repo.recentForStream(userId, since, limit);
      return Promise.all(
        tasks.map(async (task) => ({ info: await toInfo(task), engine: task.engine })),
      );
    },

    async listTasks(
      userId: string,
      q: {
        page: number;
        pageSize: number;
        toolId?: string;
        family?: string;
        q?: string;
        from?: string;
        to?: string;
        projectId?: string;
      },
    ) {
      const { q: text, from, to, ...rest } = q;
      const { rows, total } = await repo.listOwned(userId, {
        ...rest,
        ...(from && { from: new Date(from).toISOString() }),
        ...(to && { to: new Date(to).toISOString() }),
        ...(text && { search: { text, toolIds: toolIdsNamed(text) } }),
      });
      return {
        list: await Promise.all(rows.map(toInfo)),
        total,
        page: q.page,
        pageSize: q.pageSize,
      };
    },

    /**
     * Cancels if queued or running (releasing tickets once), then hides it from the owner; with
     * `keep` it only cancels: the run stays in history as 已取消, a finished one is left alone.
     */
    async deleteTask(userId: string, taskId: string, keep = false): Promise<void> {
      const task = await repo.findOwnedTask(userId, taskId);
      if (!task) throw new AppError('TASK_NOT_FOUND');
      const at = deps.now().toISOString();
      const canceled = await deps.db.transaction().execute(async (trx) => {
        const tasks = createTasksRepository(trx);
        if (await tasks.cancelActive(taskId, userId, at, keep)) {
          await settleTaskTickets(trx, task, 'released', at);
          return true;
        }
        if (!keep) await tasks.hide(taskId, userId, at);
        return false;
      });
      if (canceled) deps.abortLocal(taskId);
      if (canceled || !keep) notify({ userId, taskId });
      if (canceled && task.status === 'queued') notify({ lane: task.engine });
      if (keep) return;
      // A deleted task keeps no pictures: its results are removed, their links answer 404.
      await deps.files.remove(
        userId,
        task.outputs.map((o) => o.fileId),
      );
    },

    /** Every tool with its price and whether an engine can run it now (with the reason if not). */
    async toolsAvailability() {
      const routes = await deps.router.resolveTools(allTools);
      const prices = await readToolPrices(deps.db);
      return allTools.map((t) => {
        const route = routes.get(t.id)!;
        return {
          id: t.id,
          routes: [...t.routes],
          family: t.family,
          ticketType: t.ticketType,
          price: prices[t.id] ?? t.price,
          capability: t.capability,
          available: Boolean(route.engine),
          ...(route.engine ? { engine: route.engine.id } : { reason: route.reason }),
        };
      });
    },
  };
};
