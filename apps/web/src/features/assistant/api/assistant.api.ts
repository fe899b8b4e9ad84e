import {
  assistantStatusSchema,
  conversationDetailSchema,
  conversationPageSchema,
  editImageStartSchema,
  editInfoSchema,
  editPageSchema,
  type ChatStreamEvent,
  type EditImageBody,
  type EditInfo,
  type Envelope,
  type GptTalkBody,
} from '@huijing/contracts';
import { infiniteQueryOptions, queryOptions } from '@tanstack/react-query';
import { STREAM_SAFETY_POLL_MS } from '../../../components/use-task-stream';
import { api } from '../../../lib/request';
import { streamEvents } from '../../../lib/sse';

/** A failed envelope (already shown by lib/request unless silent); carries the server's text. */
export class AssistantApiError extends Error {
  override readonly name = 'AssistantApiError';
  constructor(
    message: string,
    readonly code: number,
  ) {
    super(message);
  }
}

const unwrap = async <T>(call: Promise<Envelope<T>>): Promise<T> => {
  const envelope = await call;
  if (!envelope.success) throw new AssistantApiError(envelope.message, envelope.code);
  return envelope.data;
};

export const assistantKeys = {
  status: ['assistant', 'status'] as const,
  history: ['assistant', 'history'] as const,
  detail: (id: string) => ['assistant', 'detail', id] as const,
  edits: ['assistant', 'edits'] as const,
  edit: (taskId: string) => ['assistant', 'edit', taskId] as const,
};

/** GET /ai/assistantStatus: which models and the edit engine are configured, and the prices. */
export const assistantStatusQuery = () =>
  queryOptions({
    queryKey: assistantKeys.status,
    queryFn: () =>
      unwrap(api.get('/ai/assistantStatus', { schema: assistantStatusSchema, silent: true })),
    staleTime: 30_000,
  });

/** The server's largest page (`gptTalkHistoryBodySchema`); more come with "load more". */
const HISTORY_PAGE_SIZE = 50;
const EDIT_PAGE_SIZE = 30;

interface Page<T> {
  list: T[];
  total: number;
  page: number;
}

/** The page after the last one while fewer than `total` are loaded (an empty page ends it). */
const nextPageOf = <T>(last: Page<T>, pages: Page<T>[]) =>
  last.list.length > 0 && pages.reduce((n, p) => n + p.list.length, 0) < last.total
    ? last.page + 1
    : undefined;

/**
 * Loaded pages as one list, newest first. An item pushed onto the next page by a newer one while
 * paging shows once; `total` is the server's latest count.
 */
export const pagedList = <T>(
  pages: Page<T>[] | undefined,
  key: (item: T) => string,
): { list: T[]; total: number } => {
  const seen = new Set<string>();
  const list: T[] = [];
  for (const item of pages?.flatMap((p) => p.list) ?? []) {
    const k = key(item);
    if (!seen.has(k)) {
      seen.add(k);
      list.push(item);
    }
  }
  return { list, total: pages?.at(-1)?.total ?? 0 };
};

/** POST /ai/gptTalkHistory: the signed-in user's conversations, newest first, page by page. */
export const conversationsQuery = (enabled: boolean) =>
  infiniteQueryOptions({
    queryKey: assistantKeys.history,
    queryFn: ({ pageParam }) =>
      unwrap(
        api.post('/ai/gptTalkHistory', {
          body: { page: pageParam, pageSize: HISTORY_PAGE_SIZE },
          schema: conversationPageSchema,
          silent: true,
        }),
      ),
    initialPageParam: 1,
    getNextPageParam: nextPageOf,
    enabled,
  });

/** GET /ai/gptTalkHistoryDetail: one conversation with its messages. */
export const fetchConversation = (conversationId: string) =>
  unwrap(
    api.get('/ai/gptTalkHistoryDetail', {
      query: { conversationId },
      schema: conversationDetailSchema,
      silent: true,
    }),
  );

export const renameConversation = (conversationId: string, title: string) =>
  unwrap(api.post<null>('/ai/gptTalkRename', { body: { conversationId, title } }));

export const deleteConversation = (conversationId: string) =>
  unwrap(api.post<null>('/ai/gptTalkDelete', { body: { conversationId } }));

/**
 * Refusals before the stream starts come as JSON envelopes with their status; their Chinese
 * message is worth more than spec §8's bare "HTTP error! status: N", which stays the fallback
 * for bodies that are not envelopes (a proxy's error page).
 */
const envelopeFetch: typeof fetch = async (input, init) => {
  const response = await globalThis.fetch(input, init);
  if (response.ok || !response.headers.get('content-type')?.includes('application/json')) {
    return response;
  }
  const body = (await response
    .clone()
    .json()
    .catch(() => undefined)) as Partial<Envelope<unknown>> | undefined;
  if (body && typeof body.message === 'string' && typeof body.code === 'number') {
    throw new AssistantApiError(body.message, body.code);
  }
  return response;
};

/** POST /ai/gptTalkStream (spec §4 stream); resolves at `[DONE]` or the end of the body. */
export const streamQuestion = (
  body: GptTalkBody,
  onEvent: (event: ChatStreamEvent) => void,
  signal: AbortSignal,
) =>
  streamEvents<ChatStreamEvent>('/ai/gptTalkStream', {
    body,
    onMessage: onEvent,
    signal,
    fetch: envelopeFetch,
  });

/** POST /ai/EditImage. */
export const startEdit = (body: EditImageBody) =>
  unwrap(api.post('/ai/EditImage', { body, schema: editImageStartSchema }));

export const isEditActive = (status: EditInfo['status'] | undefined) =>
  status === 'queued' || status === 'running' || status === undefined;

/**
 * POST /ai/getEditImageInfo; polled every 1.5 s while the edit is queued or running — only every
 * 15 s as a safety check while the task event stream carries its changes.
 */
export const editInfoQuery = (taskId: string, streamOpen = false) =>
  queryOptions({
    queryKey: assistantKeys.edit(taskId),
    queryFn: () =>
      unwrap(
        api.post('/ai/getEditImageInfo', {
          body: { taskId },
          schema: editInfoSchema,
          silent: true,
        }),
      ),
    refetchInterval: (query) =>
      isEditActive(query.state.data?.status) ? (streamOpen ? STREAM_SAFETY_POLL_MS : 1500) : false,
    staleTime: 0,
  });

/** POST /ai/editImageHistory: earlier edits, newest first, page by page. */
export const editHistoryQuery = (enabled: boolean) =>
  infiniteQueryOptions({
    queryKey: assistantKeys.edits,
    queryFn: ({ pageParam }) =>
      unwrap(
        api.post('/ai/editImageHistory', {
          body: { page: pageParam, pageSize: EDIT_PAGE_SIZE },
          schema: editPageSchema,
          silent: true,
        }),
      ),
    initialPageParam: 1,
    getNextPageParam: nextPageOf,
    enabled,
  });
