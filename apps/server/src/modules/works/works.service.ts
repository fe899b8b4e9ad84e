import { once } from 'node:events';
import { PassThrough } from 'node:stream';
import type { Readable } from 'node:stream';
import { getTool } from '@huijing/tools';
import { Zip, ZipPassThrough } from 'fflate';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import { AppError } from '../../http/app-error';
import { createTasksRepository } from '../tasks/tasks.repository';
import type { TaskRecord } from '../tasks/tasks.repository';
import type { TasksService } from '../tasks/tasks.service';
import type { FilesService } from '../uploads/files.service';

export type WorksService = ReturnType<typeof createWorksService>;

/** Caps of one photo.zip: enough for a project's selection, small enough for one request. */
export const ZIP_MAX_FILES = 100;
export const ZIP_MAX_BYTES = 500 * 1024 * 1024;

const EXT: Record<string, string> = {
  'image/png': 'png',
  'image/jpeg': 'jpg',
  'image/webp': 'webp',
  'video/mp4': 'mp4',
};

/** "客厅渲染-20260302-0800-1.png": readable in a file manager and unique inside the zip. */
const entryName = (task: TaskRecord, index: number, count: number, mime: string) => {
  const tool = getTool(task.toolId)?.name['zh-CN'] ?? task.toolId;
  const stamp = task.createdAt.slice(0, 16).replace(/[-:]/g, '').replace('T', '-');
  const suffix = count > 1 ? `-${index + 1}` : '';
  return `${tool.replace(/[\\/:*?"<>|]/g, '_')}-${stamp}-${task.id.slice(0, 6)}${suffix}.${EXT[mime] ?? 'bin'}`;
};

/** Bulk actions of the works page over the tasks the user selected (listing is getTaskList). */
export const createWorksService = (deps: {
  db: Kysely<Database>;
  tasks: TasksService;
  files: FilesService;
}) => {
  const repo = createTasksRepository(deps.db);

  /** Every id must be the user's visible task; one foreign or unknown id refuses the whole batch. */
  const ownedTasks = async (userId: string, taskIds: string[]): Promise<TaskRecord[]> => {
    const unique = [...new Set(taskIds)];
    const found = await Promise.all(unique.map((id) => repo.findOwnedTask(userId, id)));
    if (found.some((t) => t === undefined)) throw new AppError('TASK_NOT_FOUND');
    return found as TaskRecord[];
  };

  return {
    /** Cancels running ones (tickets released once, by the tasks service) and hides the rest. */
    async deleteMany(userId: string, taskIds: string[]) {
      const tasks = await ownedTasks(userId, taskIds);
      let canceled = 0;
      for (const task of tasks) {
        if (task.status === 'queued' || task.status === 'running') canceled += 1;
        await deps.tasks.deleteTask(userId, task.id);
      }
      return { deleted: tasks.length, canceled };
    },

    /**
     * The selected tasks' outputs as one zip stream. Everything is checked before the first byte:
     * task ownership, each file's ownership, and the caps, so a refusal is a clean JSON error.
     */
    async zip(userId: string, taskIds: string[]): Promise<Readable> {
      const tasks = await ownedTasks(userId, taskIds);
      const entries = tasks.flatMap((task) =>
        task.outputs.map((o, i) => ({ task, fileId: o.fileId, i, count: task.outputs.length })),
      );
      if (entries.length === 0) throw new AppError('WORKS_NOTHING_TO_ZIP');
      if (entries.length > ZIP_MAX_FILES) throw new AppError('WORKS_ZIP_TOO_LARGE');
      const files = await deps.files.ownedFiles(
        userId,
        entries.map((e) => e.fileId),
      );
      const byId = new Map(files.map((f) => [f.id, f]));
      if (entries.some((e) => !byId.has(e.fileId))) throw new AppError('FILE_NOT_FOUND');
      if (files.reduce((sum, f) => sum + f.bytes, 0) > ZIP_MAX_BYTES) {
        throw new AppError('WORKS_ZIP_TOO_LARGE');
      }
      // Open the first file now: a missing object is still a clean 404 before streaming starts.
      const first = await deps.files.open(entries[0]!.fileId, { userId });

      const out = new PassThrough();
      const zip = new Zip((err, chunk, final) => {
        if (err) {
          out.destroy(err);
          return;
        }
        out.write(chunk);
        if (final) out.end();
      });
      const pump = async () => {
        for (const [n, e] of entries.entries()) {
          const file = byId.get(e.fileId)!;
          const stream =
            n === 0 ? first.stream : (await deps.files.open(e.fileId, { userId })).stream;
          // Images and videos are compressed already: stored, not deflated again.
          const entry = new ZipPassThrough(entryName(e.task, e.i, e.count, file.mime));
          entry.mtime = new Date(e.task.createdAt);
          zip.add(entry);
          for await (const chunk of stream) {
            if (out.destroyed) {
              stream.destroy();
              return;
            }
            entry.push(chunk as Uint8Array);
            if (out.writableNeedDrain) await once(out, 'drain');
          }
          entry.push(new Uint8Array(0), true);
        }
        zip.end();
      };
      pump().catch((error: unknown) => out.destroy(error as Error));
      return out;
    },
  };
};
