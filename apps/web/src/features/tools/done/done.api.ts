import type { TaskDetail } from '@huijing/contracts';
import { queryOptions } from '@tanstack/react-query';
import { sharedTaskSchema, shareTaskResultSchema, taskDetailSchema } from 'virtual:light-checks';
import { api, isRequestError } from '../../../lib/request';
import { ToolApiError, unwrap } from '../api/tools.api';
import { STREAM_SAFETY_POLL_MS } from '../../../components/use-task-stream';

export const doneKeys = {
  detail: (taskId: string) => ['tasks', 'detail', taskId] as const,
  shared: (token: string) => ['shares', token] as const,
};

/** A 404 from the catalogue (TASK_NOT_FOUND, SHARE_NOT_FOUND): "找不到这个作品". */
export const isMissing = (error: Error) =>
  (isRequestError(error) && error.status === 404) ||
  (error instanceof ToolApiError && Math.floor(error.code / 100) === 404);

/** A missing task is an answer, not something to retry. */
const retryUnlessMissing = (count: number, error: Error) => count < 2 && !isMissing(error);

/**
 * GET /ai/taskDetail: the owner's task with its original and share state; polled until done —
 * every 3 s, or every 15 s while the task event stream pushes its changes (`streamOpen`).
 */
export const taskDetailQuery = (taskId: string, enabled: boolean, streamOpen = false) =>
  queryOptions({
    queryKey: doneKeys.detail(taskId),
    queryFn: () =>
      unwrap(
        api.get('/ai/taskDetail', { query: { taskId }, schema: taskDetailSchema, silent: true }),
      ),
    enabled,
    retry: retryUnlessMissing,
    refetchInterval: (q) => {
      const status = (q.state.data as TaskDetail | undefined)?.task.status;
      if (status !== 'queued' && status !== 'running') return false;
      return streamOpen ? STREAM_SAFETY_POLL_MS : 3000;
    },
  });

/** GET /ai/sharedTask: public, read-only (outputs only). */
export const sharedTaskQuery = (token: string) =>
  queryOptions({
    queryKey: doneKeys.shared(token),
    queryFn: () =>
      unwrap(
        api.get('/ai/sharedTask', { query: { token }, schema: sharedTaskSchema, silent: true }),
      ),
    retry: retryUnlessMissing,
    staleTime: 60_000,
  });

export const shareTask = (taskId: string) =>
  unwrap(api.post('/ai/shareTask', { body: { taskId }, schema: shareTaskResultSchema }));

export const unshareTask = (taskId: string) =>
  unwrap(api.post<null>('/ai/unshareTask', { body: { taskId } }));
