import {
  galleryCasePageSchema,
  galleryCaseSchema,
  galleryCollectionSchema,
  galleryCollectResultSchema,
  galleryDetailSchema,
  galleryItemSchema,
  galleryPageSchema,
  galleryPublishContextSchema,
  galleryPublishProjectResultSchema,
  galleryPublishResultSchema,
  projectListSchema,
  type Envelope,
  type GalleryItem,
  type GalleryPage,
  type GalleryPublishBody,
  type GalleryPublishProjectBody,
} from '@huijing/contracts';
import { infiniteQueryOptions, queryOptions, type QueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { api } from '../../../lib/request';

export class GalleryApiError extends Error {
  override readonly name = 'GalleryApiError';
}

const unwrap = async <T>(call: Promise<Envelope<T>>): Promise<T> => {
  const envelope = await call;
  if (!envelope.success) throw new GalleryApiError(envelope.message);
  return envelope.data;
};

/** Spec §9: page size 10; a masonry screen asks for 30 so the first screen is full at once. */
export const GALLERY_PAGE_SIZE = 30;

export type GalleryFilter = {
  keyword?: string;
  classifyId?: string;
  tool?: string;
  authorId?: string;
  collectionId?: string;
  caseId?: string;
  sort?: 'new' | 'hot';
  scope?: 'all' | 'mine' | 'collected';
};

export const galleryKeys = {
  all: ['gallery'] as const,
  pages: ['gallery', 'page'] as const,
  page: (f: GalleryFilter) => ['gallery', 'page', f] as const,
  detail: (id: string) => ['gallery', 'detail', id] as const,
  similar: (id: string) => ['gallery', 'similar', id] as const,
  collections: (userId?: string) => ['gallery', 'collections', userId ?? 'me'] as const,
  collection: (id: string) => ['gallery', 'collection', id] as const,
  cases: (q: CaseFilter) => ['gallery', 'cases', q] as const,
  case: (id: string) => ['gallery', 'case', id] as const,
  publishContext: (taskId: string) => ['gallery', 'publish-context', taskId] as const,
  worksProjects: ['gallery', 'works-projects'] as const,
};

export type CaseFilter = { classifyId?: string; authorId?: string; scope?: 'all' | 'mine' };

/** Cases (a project's pictures together), newest-touched first; 24 a page fill a grid. */
export const casesQuery = (filter: CaseFilter, enabled = true) =>
  infiniteQueryOptions({
    queryKey: galleryKeys.cases(filter),
    queryFn: ({ pageParam }) =>
      unwrap(
        api.get('/image/case/page', {
          query: { ...filter, current: pageParam, pageSize: 24 },
          schema: galleryCasePageSchema,
          silent: true,
        }),
      ),
    initialPageParam: 1,
    getNextPageParam: (last, all) => (all.length * 24 < last.total ? all.length + 1 : undefined),
    enabled,
    staleTime: 30_000,
  });

export const caseQuery = (id: string) =>
  queryOptions({
    queryKey: galleryKeys.case(id),
    queryFn: () =>
      unwrap(
        api.get(`/image/case/${encodeURIComponent(id)}`, {
          schema: galleryCaseSchema,
          silent: true,
        }),
      ),
    retry: false,
  });

/** The waterfall, page after page by the keyset cursor. */
export const galleryPageQuery = (filter: GalleryFilter, enabled = true) =>
  infiniteQueryOptions({
    queryKey: galleryKeys.page(filter),
    queryFn: ({ pageParam }) =>
      unwrap(
        api.get('/image/waterfall/page', {
          query: { ...filter, pageSize: GALLERY_PAGE_SIZE, cursor: pageParam },
          schema: galleryPageSchema,
          silent: true,
        }),
      ),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last: GalleryPage) => last.nextCursor ?? undefined,
    enabled,
    staleTime: 30_000,
  });

export const galleryDetailQuery = (id: string) =>
  queryOptions({
    queryKey: galleryKeys.detail(id),
    queryFn: () =>
      unwrap(
        api.get(`/image/${encodeURIComponent(id)}`, { schema: galleryDetailSchema, silent: true }),
      ),
    retry: false,
  });

export const gallerySimilarQuery = (id: string) =>
  queryOptions({
    queryKey: galleryKeys.similar(id),
    queryFn: () =>
      unwrap(
        api.get(`/image/${encodeURIComponent(id)}/similar`, {
          schema: z.array(galleryItemSchema),
          silent: true,
        }),
      ),
    staleTime: 60_000,
  });

export const collectionsQuery = (userId: string | undefined, enabled = true) =>
  queryOptions({
    queryKey: galleryKeys.collections(userId),
    queryFn: () =>
      unwrap(
        api.get('/image/collections', {
          query: { userId },
          schema: z.array(galleryCollectionSchema),
          silent: true,
        }),
      ),
    enabled,
  });

export const collectionQuery = (id: string) =>
  queryOptions({
    queryKey: galleryKeys.collection(id),
    queryFn: () =>
      unwrap(
        api.get(`/image/collections/${encodeURIComponent(id)}`, {
          schema: galleryCollectionSchema,
          silent: true,
        }),
      ),
    retry: false,
  });

export const setCollected = (id: string, collected: boolean, collectionId?: string) =>
  unwrap(
    api.post(`/image/waterfall/${collected ? 'collect' : 'unCollect'}`, {
      query: { id, collectionId },
      schema: galleryCollectResultSchema,
    }),
  );

export const publishToGallery = (body: GalleryPublishBody) =>
  unwrap(api.post('/image/publish', { body, schema: galleryPublishResultSchema }));

/** The works project a work is in (the publish dialog offers it as the case). */
export const publishContextQuery = (taskId: string, enabled: boolean) =>
  queryOptions({
    queryKey: galleryKeys.publishContext(taskId),
    queryFn: () =>
      unwrap(
        api.get('/image/publish/context', {
          query: { taskId },
          schema: galleryPublishContextSchema,
          silent: true,
        }),
      ),
    enabled,
    retry: false,
  });

/** The designer's works projects (folders), to publish one whole as a case. */
export const worksProjectsQuery = (enabled: boolean) =>
  queryOptions({
    queryKey: galleryKeys.worksProjects,
    queryFn: () => unwrap(api.get('/works/projects', { schema: projectListSchema, silent: true })),
    enabled,
  });

export const publishProject = (body: GalleryPublishProjectBody) =>
  unwrap(api.post('/image/publish/project', { body, schema: galleryPublishProjectResultSchema }));

export const unpublish = (id: string) =>
  unwrap(api.delete(`/image/${encodeURIComponent(id)}`, { schema: z.null() }));

export const reportImage = (id: string, reason: string) =>
  unwrap(api.post('/image/report', { query: { id }, body: { reason }, schema: z.null() }));

export const createCollection = (body: { name: string; description?: string; isPublic: boolean }) =>
  unwrap(api.post('/image/collections', { body, schema: galleryCollectionSchema }));

export const updateCollection = (
  id: string,
  body: { name?: string; description?: string; isPublic?: boolean; coverImageId?: string | null },
) =>
  unwrap(
    api.post(`/image/collections/${encodeURIComponent(id)}`, {
      body,
      schema: galleryCollectionSchema,
    }),
  );

export const deleteCollection = (id: string) =>
  unwrap(api.delete(`/image/collections/${encodeURIComponent(id)}`, { schema: z.null() }));

export const moveToCollection = (imageIds: string[], toCollectionId: string) =>
  unwrap(
    api.post('/image/collections/move', {
      body: { imageIds, toCollectionId },
      schema: z.object({ moved: z.number() }),
    }),
  );

/**
 * Writes one picture's heart into every cached page and detail that shows it, so the change
 * never refetches (and so never reorders or jumps) a list.
 */
export const patchItem = (
  client: QueryClient,
  id: string,
  patch: Pick<GalleryItem, 'collected' | 'collectCount'>,
) => {
  client.setQueriesData<{ pages: GalleryPage[]; pageParams: unknown[] }>(
    { queryKey: galleryKeys.pages },
    (data) =>
      data && {
        ...data,
        pages: data.pages.map((p) => ({
          ...p,
          list: p.list.map((i) => (i.id === id ? { ...i, ...patch } : i)),
        })),
      },
  );
  client.setQueryData<GalleryItem>(galleryKeys.detail(id), (d) => d && { ...d, ...patch });
};
