import type { SharedTask, TaskDetail, TaskInputFile } from '@huijing/contracts';
import type { Kysely } from 'kysely';
import type { Clock } from '../../config/clock';
import { randomToken } from '../../db/ids';
import type { Database } from '../../db/schema';
import { AppError } from '../../http/app-error';
import { createTasksRepository } from '../tasks/tasks.repository';
import type { TaskOutputRecord } from '../tasks/tasks.repository';
import type { TasksService } from '../tasks/tasks.service';
import type { FilesService } from '../uploads/files.service';
import { createSharesRepository } from './shares.repository';

export type SharesService = ReturnType<typeof createSharesService>;

/** The input shown as "before" on the done page (the tools' main image). */
const BEFORE_INPUT = 'upload_img';

export const createSharesService = (deps: {
  db: Kysely<Database>;
  files: FilesService;
  tasks: TasksService;
  now: Clock;
}) => {
  const shares = createSharesRepository(deps.db);
  const tasks = createTasksRepository(deps.db);

  /**
   * The shared page's pictures go through the share token, not signed file links: closing the
   * share (or deleting the task) stops them at once, where a signed link would live on for hours.
   */
  const sharedLinks = (token: string, outputs: TaskOutputRecord[]) =>
    outputs.map((o) => {
      const base = `/api/ai/sharedFile?token=${encodeURIComponent(token)}&fileId=${o.fileId}`;
      return {
        url: base,
        thumbUrl: o.mime.startsWith('image/') ? `${base}&w=320` : null,
        width: o.width,
        height: o.height,
        kind: o.kind,
      };
    });

  /** The output behind a live share, or SHARE_NOT_FOUND (closed, deleted or not its picture). */
  const sharedOutput = async (token: string, fileId: string) => {
    const found = await shares.findShared(token);
    if (!found?.outputs.some((o) => o.fileId === fileId)) throw new AppError('SHARE_NOT_FOUND');
    return fileId;
  };

  /** The owner's task or TASK_NOT_FOUND: another user's task looks exactly like a missing one. */
  const owned = async (userId: string, taskId: string) => {
    const task = await tasks.findOwnedTask(userId, taskId);
    if (!task) throw new AppError('TASK_NOT_FOUND');
    return task;
  };

  /**
   * The run's inputs as the owner's files with fresh links ("再来一次" starts from them). A file
   * row that is gone leaves its input listed in missingInputs instead of failing the page.
   */
  const inputFiles = async (userId: string, inputs: Record<string, string | string[]>) => {
    const ids = Object.values(inputs).flat();
    const files = new Map(
      (await deps.files.ownedFiles(userId, [...new Set(ids)])).map((f) => [f.id, f]),
    );
    const out: Record<string, TaskInputFile[]> = {};
    const missingInputs: string[] = [];
    for (const [name, value] of Object.entries(inputs)) {
      const list = Array.isArray(value) ? value : [value];
      const found = list.flatMap((id) => {
        const file = files.get(id);
        return file ? [file] : [];
      });
      if (found.length < list.length) missingInputs.push(name);
      out[name] = await Promise.all(
        found.map(async (f) => ({
          fileId: f.id,
          ...(await deps.files.links(f)),
          width: f.width,
          height: f.height,
        })),
      );
    }
    return { inputs: out, missingInputs };
  };

  return {
    async detail(userId: string, taskId: string): Promise<TaskDetail> {
      const record = await owned(userId, taskId);
      const [task, shareToken, stored] = await Promise.all([
        deps.tasks.getTask(userId, taskId),
        shares.activeToken(userId, taskId),
        inputFiles(userId, record.inputs),
      ]);
      const before = stored.inputs[BEFORE_INPUT]?.[0];
      return {
        task,
        ticketType: record.ticketType,
        before: before
          ? {
              url: before.url,
              thumbUrl: before.thumbUrl,
              width: before.width,
              height: before.height,
            }
          : null,
        shareToken: shareToken ?? null,
        params: record.params,
        ...stored,
      };
    },

    /** Only a finished task with outputs is shared; sharing twice answers the same token. */
    async share(userId: string, taskId: string): Promise<{ token: string }> {
      const task = await owned(userId, taskId);
      if (task.status !== 'succeeded' || task.outputs.length === 0) {
        throw new AppError('TASK_NOT_SHAREABLE');
      }
      const existing = await shares.activeToken(userId, taskId);
      if (existing) return { token: existing };
      // 24 bytes: 32 characters, unguessable, so no listing is needed.
      const token = randomToken(24);
      await shares.insertShare({ token, taskId, userId, at: deps.now().toISOString() });
      return { token };
    },

    /** Closes every link of the task; anyone holding one sees "not found" from now on. */
    async unshare(userId: string, taskId: string): Promise<void> {
      await owned(userId, taskId);
      await shares.revoke(userId, taskId, deps.now().toISOString());
    },

    async shared(token: string): Promise<SharedTask> {
      const found = await shares.findShared(token);
      if (!found) throw new AppError('SHARE_NOT_FOUND');
      return { ...found, outputs: sharedLinks(token, found.outputs) };
    },

    openShared: async (token: string, fileId: string) =>
      deps.files.openGranted(await sharedOutput(token, fileId)),

    thumbnailShared: async (
      token: string,
      fileId: string,
      width: number,
      format: 'webp' | 'jpeg',
    ) => deps.files.thumbnailGranted(await sharedOutput(token, fileId), width, format),
  };
};
