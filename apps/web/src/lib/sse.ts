import { createParser, type EventSourceMessage } from 'eventsource-parser';
import { API_PREFIX } from './constants';
import { authHeaders } from './request';

/**
 * The event-stream reader of spec §4/§8 (chat answers). A fetch-based reader rather than
 * EventSource because the request is a POST with a JSON body and a session header; the stream
 * itself is parsed by eventsource-parser (multi-line data, comments, CRLF, BOM, as the spec says).
 */
export interface StreamOptions<M = unknown> {
  /** JSON body of the POST. */
  body: unknown;
  onMessage: (message: M) => void;
  signal?: AbortSignal;
  headers?: Record<string, string>;
  fetch?: typeof fetch;
}

const DONE = '[DONE]';

/**
 * Resolves when the server sends `data: [DONE]` or ends the body; rejects with
 * "HTTP error! status: N", "Response body is null", a network error, or an AbortError.
 */
export const streamEvents = async <M = unknown>(
  path: string,
  options: StreamOptions<M>,
): Promise<void> => {
  const doFetch =
    options.fetch ?? ((...args: Parameters<typeof fetch>) => globalThis.fetch(...args));
  const url =
    /^https?:\/\//.test(path) || path.startsWith(API_PREFIX + '/') ? path : API_PREFIX + path;
  const response = await doFetch(url, {
    method: 'POST',
    headers: {
      'Content-Type': 'application/json',
      Accept: 'text/event-stream',
      ...authHeaders(),
      ...options.headers,
    },
    body: JSON.stringify(options.body),
    credentials: 'include',
    signal: options.signal,
  });
  if (!response.ok) throw new Error(`HTTP error! status: ${response.status}`);
  if (!response.body) throw new Error('Response body is null');

  let finished = false;
  // Spec: every `data:` line is one JSON message; consecutive data lines (one event to the
  // parser) are therefore taken apart again.
  await readEventStream(
    response.body,
    {
      onEvent: (event) => {
        for (const line of event.data.split('\n')) {
          if (finished || options.signal?.aborted) return;
          const payload = line.trim();
          if (payload === DONE) {
            finished = true;
            return;
          }
          if (!payload) continue;
          try {
            options.onMessage(JSON.parse(payload) as M);
          } catch (error) {
            console.warn('[sse] skipped a line that is not JSON:', payload, error);
          }
        }
      },
    },
    options.signal,
    () => finished,
  );
};

/**
 * Reads an event-stream body through eventsource-parser until it ends, `stop()` turns true after
 * a chunk, or the signal aborts (then it rejects with the abort reason). Shared by the chat
 * answers above and the task events (task-events.ts).
 */
export const readEventStream = async (
  body: ReadableStream<Uint8Array>,
  handlers: { onEvent: (event: EventSourceMessage) => void; onRetry?: (ms: number) => void },
  signal?: AbortSignal,
  stop: () => boolean = () => false,
): Promise<void> => {
  const reader = body.getReader();
  // stream: true keeps a multi-byte character split across chunks intact until it completes.
  const decoder = new TextDecoder('utf-8');
  const parser = createParser({ onEvent: handlers.onEvent, onRetry: handlers.onRetry });

  // Cancelling the reader ends a pending read even when the fetch ignores the signal.
  const onAbort = () => void reader.cancel().catch(() => undefined);
  signal?.addEventListener('abort', onAbort, { once: true });
  const abortReason = () =>
    signal?.reason instanceof Error
      ? signal.reason
      : new DOMException('The stream was aborted.', 'AbortError');

  try {
    for (;;) {
      if (signal?.aborted) throw abortReason();
      const { value, done } = await reader.read();
      if (signal?.aborted) throw abortReason();
      if (done) {
        // A last event the server did not close with a blank line still counts.
        parser.feed(`${decoder.decode()}\n\n`);
        return;
      }
      parser.feed(decoder.decode(value, { stream: true }));
      if (stop()) {
        signal?.removeEventListener('abort', onAbort);
        await reader.cancel().catch(() => undefined);
        return;
      }
    }
  } finally {
    signal?.removeEventListener('abort', onAbort);
    reader.releaseLock();
  }
};
