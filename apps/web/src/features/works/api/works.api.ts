import {
  WORKS_ZIP_NAME,
  projectListSchema,
  projectMoveResultSchema,
  projectSchema,
  taskListSchema,
  worksDeleteResultSchema,
  type Envelope,
  type Project,
  type WorksDeleteResult,
} from '@huijing/contracts';
import { infiniteQueryOptions, queryOptions } from '@tanstack/react-query';
import { api, requestRaw } from '../../../lib/request';
import type { filtersToQuery } from '../model/works-filters';

/** Spec §9: page size 10. Infinite scroll fetches the next ten as the grid's end comes into view. */
export const WORKS_PAGE_SIZE = 10;

export class WorksApiError extends Error {
  override readonly name = 'WorksApiError';
}

const unwrap = async <T>(call: Promise<Envelope<T>>): Promise<T> => {
  const envelope = await call;
  if (!envelope.success) throw new WorksApiError(envelope.message);
  return envelope.data;
};

export const worksKeys = {
  all: ['works'] as const,
  list: (query: ReturnType<typeof filtersToQuery>) => ['works', 'list', query] as const,
};

/** GET /ai/getTaskList with the page's filters, page after page (infinite scroll). */
export const worksListQuery = (query: ReturnType<typeof filtersToQuery>, enabled: boolean) =>
  infiniteQueryOptions({
    queryKey: worksKeys.list(query),
    queryFn: ({ pageParam }) =>
      unwrap(
        api.get('/ai/getTaskList', {
          query: { ...query, page: pageParam, pageSize: WORKS_PAGE_SIZE },
          schema: taskListSchema,
          silent: true,
        }),
      ),
    initialPageParam: 1,
    getNextPageParam: (last) =>
      last.page * last.pageSize < last.total ? last.page + 1 : undefined,
    enabled,
    staleTime: 5_000,
  });

/** POST /works/delete: running ones are cancelled (tickets back), the rest removed. */
export const deleteWorks = (taskIds: string[]): Promise<WorksDeleteResult> =>
  unwrap(api.post('/works/delete', { body: { taskIds }, schema: worksDeleteResultSchema }));

/** POST /works/zip, saved by the browser as photo.zip (spec §9). */
export const downloadWorksZip = async (taskIds: string[]): Promise<void> => {
  // No timeout: a large selection may take a while on a slow line.
  const res = await requestRaw('/works/zip', { method: 'POST', body: { taskIds }, timeout: 0 });
  if (!(res.body instanceof Blob)) {
    const message = (res.body as { message?: string } | null)?.message;
    throw new WorksApiError(message || '下载失败，请稍后再试');
  }
  const url = URL.createObjectURL(res.body);
  const a = document.createElement('a');
  a.href = url;
  a.download = WORKS_ZIP_NAME;
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
};

// ---- projects ---------------------------------------------------------------------------------

export const projectKeys = { all: ['works', 'projects'] as const };

/** GET /works/projects: the designer's projects with their counts, and the unfiled count. */
export const projectsQuery = (enabled: boolean) =>
  queryOptions({
    queryKey: projectKeys.all,
    queryFn: () => unwrap(api.get('/works/projects', { schema: projectListSchema, silent: true })),
    enabled,
    staleTime: 5_000,
  });

export const createProject = (name: string): Promise<Project> =>
  unwrap(api.post('/works/projects/create', { body: { name }, schema: projectSchema }));

export const renameProject = (projectId: string, name: string) =>
  unwrap(api.post<null>('/works/projects/rename', { body: { projectId, name } }));

export const deleteProject = (projectId: string) =>
  unwrap(api.post<null>('/works/projects/delete', { body: { projectId } }));

/** Into a project, or out of any with null. */
export const moveToProject = (taskIds: string[], projectId: string | null) =>
  unwrap(
    api.post('/works/projects/move', {
      body: { taskIds, projectId },
      schema: projectMoveResultSchema,
    }),
  );
