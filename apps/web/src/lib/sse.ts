import { API_PREFIX } from './constants';
import { authHeaders } from './request';

/**
 * The event-stream reader of spec §4/§8 (chat answers). A fetch-based reader rather than
 * EventSource because the request is a POST with a JSON body and a session header.
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

  const reader = response.body.getReader();
  // stream: true keeps a multi-byte character split across chunks intact until it completes.
  const decoder = new TextDecoder('utf-8');
  let buffer = '';

  /** Returns true when the stream declared itself done. */
  const handleLine = (rawLine: string): boolean => {
    const line = rawLine.endsWith('\r') ? rawLine.slice(0, -1) : rawLine;
    if (!line.startsWith('data:')) return false;
    const payload = line.slice(5).trim();
    if (payload === DONE) return true;
    if (!payload) return false;
    try {
      options.onMessage(JSON.parse(payload) as M);
    } catch (error) {
      console.warn('[sse] skipped a line that is not JSON:', payload, error);
    }
    return false;
  };

  // Cancelling the reader ends a pending read even when the fetch ignores the signal.
  const onAbort = () => void reader.cancel().catch(() => undefined);
  options.signal?.addEventListener('abort', onAbort, { once: true });
  const abortReason = () =>
    options.signal?.reason instanceof Error
      ? options.signal.reason
      : new DOMException('The stream was aborted.', 'AbortError');

  try {
    for (;;) {
      if (options.signal?.aborted) throw abortReason();
      const { value, done } = await reader.read();
      if (options.signal?.aborted) throw abortReason();
      buffer += done ? decoder.decode() : decoder.decode(value, { stream: true });
      let newline = buffer.indexOf('\n');
      while (newline >= 0) {
        if (options.signal?.aborted) throw abortReason();
        const line = buffer.slice(0, newline);
        buffer = buffer.slice(newline + 1);
        if (handleLine(line)) {
          options.signal?.removeEventListener('abort', onAbort);
          await reader.cancel().catch(() => undefined);
          return;
        }
        newline = buffer.indexOf('\n');
      }
      if (done) {
        if (buffer) handleLine(buffer);
        return;
      }
    }
  } finally {
    options.signal?.removeEventListener('abort', onAbort);
    reader.releaseLock();
  }
};
