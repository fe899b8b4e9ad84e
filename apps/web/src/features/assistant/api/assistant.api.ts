import {
  assistantStatusSchema,
  conversationDetailSchema,
  conversationPageSchema,
  editImageStartSchema,
  editInfoSchema,
  editPageSchema,
  errorByCode,
  type ChatStreamEvent,
  type EditImageBody,
  type Envelope,
  type GptTalkBody,
} from '@huijing/contracts';
import { queryOptions } from '@tanstack/react-query';
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

/** POST /ai/gptTalkHistory: the signed-in user's conversations, newest first. */
export const conversationsQuery = (enabled: boolean) =>
  queryOptions({
    queryKey: assistantKeys.history,
    queryFn: () =>
      unwrap(
        api.post('/ai/gptTalkHistory', {
          body: { page: 1, pageSize: 50 },
          schema: conversationPageSchema,
          silent: true,
        }),
      ),
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

/** Whether a failure means "tickets ran out" (the page offers a recharge hint). */
export const isOutOfTickets = (error: unknown) =>
  error instanceof AssistantApiError && errorByCode(error.code)?.key === 'TICKETS_INSUFFICIENT';

/** POST /ai/EditImage. */
export const startEdit = (body: EditImageBody) =>
  unwrap(api.post('/ai/EditImage', { body, schema: editImageStartSchema }));

/** POST /ai/getEditImageInfo; polled while the edit is queued or running. */
export const editInfoQuery = (taskId: string) =>
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
    refetchInterval: (query) => {
      const status = query.state.data?.status;
      return status === 'queued' || status === 'running' || status === undefined ? 1500 : false;
    },
    staleTime: 0,
  });

/** POST /ai/editImageHistory: earlier edits, newest first. */
export const editHistoryQuery = (enabled: boolean) =>
  queryOptions({
    queryKey: assistantKeys.edits,
    queryFn: () =>
      unwrap(
        api.post('/ai/editImageHistory', {
          body: { page: 1, pageSize: 30 },
          schema: editPageSchema,
          silent: true,
        }),
      ),
    enabled,
  });
