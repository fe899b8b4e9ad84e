import type { Envelope, UploadResult } from '@huijing/contracts';
import { queryOptions } from '@tanstack/react-query';
// The contracts' schemas as checks made at build time: no zod in the tool page's first load.
import {
  classifyTreeSchema,
  materialLibrarySchema,
  queueEstimateSchema,
  startTaskResultSchema,
  taskInfoSchema,
  taskListSchema,
  uploadLinksResultSchema,
  uploadResultSchema,
} from 'virtual:light-checks';
import { api } from '../../../lib/request';
import { toolAvailabilityKey } from '../../../lib/tool-availability';

/** A failed envelope the caller already showed (lib/request notifies once); carries the text. */
export class ToolApiError extends Error {
  override readonly name = 'ToolApiError';
  constructor(
    message: string,
    readonly code: number,
  ) {
    super(message);
  }
}

export const unwrap = async <T>(call: Promise<Envelope<T>>): Promise<T> => {
  const envelope = await call;
  if (!envelope.success) throw new ToolApiError(envelope.message, envelope.code);
  return envelope.data;
};

export const toolKeys = {
  availability: toolAvailabilityKey,
  classify: ['catalog', 'classify'] as const,
  materials: ['catalog', 'materials'] as const,
  task: (taskId: string) => ['tasks', 'one', taskId] as const,
  history: (toolId: string) => ['tasks', 'list', toolId] as const,
  estimate: (toolId: string) => ['tasks', 'estimate', toolId] as const,
};

/** GET /ai/tools: whether an engine can run each tool now (shared with the entry points). */
export { toolAvailabilityQuery } from '../../../lib/tool-availability';

/** GET /ai/queueEstimate: recent run time of a tool here and its engine's slots (public). */
export const queueEstimateQuery = (toolId: string) =>
  queryOptions({
    queryKey: toolKeys.estimate(toolId),
    queryFn: () =>
      unwrap(
        api.get('/ai/queueEstimate', {
          query: { toolId },
          schema: queueEstimateSchema,
          silent: true,
        }),
      ),
    staleTime: 60_000,
  });

/** GET /ai/getAllClassify: the category tree (public). */
export const classifyQuery = () =>
  queryOptions({
    queryKey: toolKeys.classify,
    queryFn: () =>
      unwrap(api.get('/ai/getAllClassify', { schema: classifyTreeSchema, silent: true })),
  });

/** GET /ai/getAllSuCai: the materials library (public). */
export const materialsQuery = () =>
  queryOptions({
    queryKey: toolKeys.materials,
    queryFn: () =>
      unwrap(api.get('/ai/getAllSuCai', { schema: materialLibrarySchema, silent: true })),
  });

/** GET /ai/getTaskByTaskId; polled by use-task-poll.ts. */
export const taskQuery = (taskId: string) =>
  queryOptions({
    queryKey: toolKeys.task(taskId),
    queryFn: () =>
      unwrap(
        api.get('/ai/getTaskByTaskId', { query: { taskId }, schema: taskInfoSchema, silent: true }),
      ),
    staleTime: 0,
    retry: 3,
  });

/** GET /ai/getTaskList?toolId=: the signed-in user's earlier runs of this tool, newest first. */
export const taskHistoryQuery = (toolId: string, enabled: boolean) =>
  queryOptions({
    queryKey: toolKeys.history(toolId),
    queryFn: () =>
      unwrap(
        api.get('/ai/getTaskList', {
          query: { toolId, page: 1, pageSize: 12 },
          schema: taskListSchema,
          silent: true,
        }),
      ),
    enabled,
    staleTime: 10_000,
  });

/** POST /upload: a File as multipart, or a redrawn image as a data URL. */
export const uploadImage = (image: Blob | string): Promise<UploadResult> => {
  if (typeof image === 'string') {
    return unwrap(api.post('/upload', { body: { image }, schema: uploadResultSchema }));
  }
  const form = new FormData();
  form.append('file', image, image instanceof File ? image.name : 'image.png');
  return unwrap(api.post('/upload', { body: form, schema: uploadResultSchema }));
};

/** POST /upload/links: fresh signed links for saved inputs; ids left out are gone or not ours. */
export const fetchFreshLinks = (fileIds: string[]) =>
  unwrap(
    api.post('/upload/links', {
      body: { fileIds },
      schema: uploadLinksResultSchema,
      silent: true,
    }),
  );

/** POST /ai/startTask; the key makes a repeated click (or a network retry) one task. */
export const startTask = (
  body: {
    toolId: string;
    params: Record<string, unknown>;
    inputs: Record<string, string | string[]>;
  },
  idempotencyKey: string,
) =>
  unwrap(
    api.post('/ai/startTask', {
      body,
      headers: { 'Idempotency-Key': idempotencyKey },
      schema: startTaskResultSchema,
    }),
  );

/** GET /ai/delTaskByTaskId: cancels a queued/running task (tickets back) or hides a finished one. */
export const deleteTask = (taskId: string) =>
  unwrap(api.get<null>('/ai/delTaskByTaskId', { query: { taskId } }));

/** The same call with keep=1: cancels a queued/running task (tickets back), kept in history. */
export const cancelTask = (taskId: string) =>
  unwrap(api.get<null>('/ai/delTaskByTaskId', { query: { taskId, keep: '1' } }));
