import type { EditInfo } from '@huijing/contracts';
import type { Kysely } from 'kysely';
import type { Clock } from '../../config/clock';
import { newId } from '../../db/ids';
import type { TaskChange } from '../tasks/task-events';
import type { Database } from '../../db/schema';
import type { EngineRouter } from '../../engines/engine-router';
import { AppError } from '../../http/app-error';
import { createTasksRepository } from '../tasks/tasks.repository';
import type { TasksService } from '../tasks/tasks.service';
import { queueHeldTask } from '../tasks/task-submit';
import type { FilesService } from '../uploads/files.service';
import { imageLinks, resolveImage } from './assistant-inputs';
import type { UserRateLimiter } from '../../http/rate-limit';
import { createAssistantRepository } from './assistant.repository';
import { featureOn } from '../settings/price-overrides';

export type ImageEditService = ReturnType<typeof createImageEditService>;

/**
 * The image-editing model (/imgagent) runs on the task platform: one task per edit with the
 * `image-edit` capability, so the engine router picks ComfyUI (FLUX Kontext workflow) or the
 * OpenAI-compatible images/edits API, and the worker, leases, progress and ticket settlement are
 * the ones every tool uses. It is not a page of the tool registry (it has its own screen), so
 * the task carries this id and these terms directly.
 */
export const IMAGE_EDIT_TOOL = {
  id: 'imgagent',
  family: 'edit',
  capability: 'image-edit',
  ticketType: 1,
  price: 2,
} as const;

/** The admin feature switch (settings `features`) that pauses conversational image edits. */
const EDIT_SWITCH = 'assistant.imageEdit';
const EDIT_OFF = '对话改图暂停服务，请稍后再试';

export const createImageEditService = (deps: {
  db: Kysely<Database>;
  router: EngineRouter;
  tasks: TasksService;
  files: FilesService;
  now: Clock;
  admit: UserRateLimiter;
  wake: (engine: string, taskId: string) => Promise<void>;
  onWakeError: (error: unknown, taskId: string) => void;
  /** Tells the owner's event streams (an edit is a task: its `task` events, docs/tasks.md). */
  notify?: (change: TaskChange) => void;
}) => {
  const repo = createAssistantRepository(deps.db);
  const tasksRepo = createTasksRepository(deps.db);

  const infos = async (userId: string, taskIds: string[]): Promise<EditInfo[]> => {
    const details = await repo.editDetails(userId, taskIds);
    const link = await imageLinks(
      deps.files,
      userId,
      [...details.values()].map((d) => d.sourceFileId),
    );
    return Promise.all(
      taskIds.map(async (id) => {
        const task = await deps.tasks.getTask(userId, id);
        const detail = details.get(id);
        const parent = detail?.params.parentTaskId;
        return {
          taskId: task.taskId,
          status: task.status,
          queueNum: task.queueNum,
          progress: task.progress,
          instruction: typeof detail?.params.promptTxt === 'string' ? detail.params.promptTxt : '',
          source: link(detail?.sourceFileId ?? null),
          outputs: task.outputs,
          parentTaskId: typeof parent === 'string' ? parent : null,
          error: task.error,
          createdAt: task.createdAt,
          finishedAt: task.finishedAt,
        };
      }),
    );
  };

  const ownedEdit = async (userId: string, taskId: string) => {
    const task = await tasksRepo.findOwnedTask(userId, taskId);
    if (!task || task.toolId !== IMAGE_EDIT_TOOL.id) throw new AppError('EDIT_NOT_FOUND');
    return task;
  };

  return {
    async availability() {
      if (!(await featureOn(deps.db, EDIT_SWITCH))) {
        return {
          available: false,
          reason: EDIT_OFF,
          ticketType: IMAGE_EDIT_TOOL.ticketType,
          price: IMAGE_EDIT_TOOL.price,
        };
      }
      const route = await deps.router.resolve(IMAGE_EDIT_TOOL.capability);
      return {
        available: Boolean(route.engine),
        ...(!route.engine && { reason: route.reason }),
        ticketType: IMAGE_EDIT_TOOL.ticketType,
        price: IMAGE_EDIT_TOOL.price,
      };
    },

    async start(
      userId: string,
      body: { image: string; instruction: string; parentTaskId?: string | null },
    ): Promise<{ taskId: string; queueNum: number }> {
      const instruction = body.instruction.trim();
      if (!instruction) throw new AppError('EDIT_INSTRUCTION_REQUIRED');
      if (!(await featureOn(deps.db, EDIT_SWITCH))) {
        throw new AppError('FEATURE_OFF', { message: EDIT_OFF });
      }
      // Refused before anything is stored or held: no engine can edit images as configured.
      const route = await deps.router.resolve(IMAGE_EDIT_TOOL.capability);
      if (!route.engine) {
        throw new AppError('ENGINE_UNAVAILABLE', {
          message: route.reason || '图片编辑模型暂未接入，请联系管理员',
        });
      }
      if (body.parentTaskId) await ownedEdit(userId, body.parentTaskId);
      await deps.admit(userId);
      const source = await resolveImage(deps.files, userId, body.image);

      const at = deps.now().toISOString();
      const taskId = newId();
      const engine = route.engine.id;
      const { price, ticketType } = IMAGE_EDIT_TOOL;
      const seq = await deps.db.transaction().execute((trx) =>
        queueHeldTask(trx, {
          id: taskId,
          userId,
          toolId: IMAGE_EDIT_TOOL.id,
          family: IMAGE_EDIT_TOOL.family,
          capability: IMAGE_EDIT_TOOL.capability,
          engine,
          params: { promptTxt: instruction, parentTaskId: body.parentTaskId ?? null },
          inputs: { upload_img: source.id },
          ticketType,
          price,
          createdAt: at,
        }),
      );
      // The row is the truth: if the transport fails now, the sweeper enqueues it later.
      await deps.wake(engine, taskId).catch((error: unknown) => deps.onWakeError(error, taskId));
      deps.notify?.({ userId, taskId });
      return { taskId, queueNum: await tasksRepo.queuedAhead(engine, seq) };
    },

    async info(userId: string, taskId: string): Promise<EditInfo> {
      await ownedEdit(userId, taskId);
      return (await infos(userId, [taskId]))[0]!;
    },

    async history(userId: string, q: { page: number; pageSize: number }) {
      const { rows, total } = await tasksRepo.listOwned(userId, {
        ...q,
        toolId: IMAGE_EDIT_TOOL.id,
      });
      return {
        list: await infos(
          userId,
          rows.map((r) => r.id),
        ),
        total,
        page: q.page,
        pageSize: q.pageSize,
      };
    },
  };
};
