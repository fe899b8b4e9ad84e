/** One server-sent event as a client sees it. */
export type SseEvent = { event: string; id?: string; data: string };

/**
 * Reads a `text/event-stream` body over real HTTP the way a browser's parser does: blocks split
 * at a blank line, `event:`, `id:`, multi-line `data:`, `retry:` and `:` comments. Resolves when
 * the stream ends; rejects when it is aborted (callers close streams that way). Shared by the
 * task-event tests and the push-vs-poll bench.
 */
export const readSse = async (
  body: AsyncIterable<Uint8Array>,
  on: {
    event?: (event: SseEvent) => void;
    comment?: (text: string) => void;
    retry?: (ms: number) => void;
  },
): Promise<void> => {
  const decoder = new TextDecoder();
  let buffer = '';
  for await (const chunk of body) {
    buffer += decoder.decode(chunk, { stream: true });
    let cut: number;
    while ((cut = buffer.indexOf('\n\n')) >= 0) {
      const block = buffer.slice(0, cut);
      buffer = buffer.slice(cut + 2);
      const event: SseEvent = { event: 'message', data: '' };
      let hasData = false;
      for (const line of block.split('\n')) {
        if (line.startsWith(':')) on.comment?.(line.slice(1).trim());
        else if (line.startsWith('retry: ')) on.retry?.(Number(line.slice(7)));
        else if (line.startsWith('event: ')) event.event = line.slice(7);
        else if (line.startsWith('id: ')) event.id = line.slice(4);
        else if (line.startsWith('data: ')) {
          event.data += (hasData ? '\n' : '') + line.slice(6);
          hasData = true;
        }
      }
      if (hasData) on.event?.(event);
    }
  }
};

/** An open event stream read over real HTTP, as the web reads it (fetch with the satoken header). */
export type StreamReader = {
  status: number;
  /** The refusal's envelope when the answer was not a stream. */
  body?: unknown;
  events: SseEvent[];
  comments: string[];
  retry?: number;
  ended: Promise<void>;
  isEnded: () => boolean;
  /** The parsed data of every event of this type, in order. */
  of: <T>(type: string) => T[];
  close: () => void;
};

/** Serves the app on a free local port; returns its base URL. */
export const listenLocal = async (app: {
  listen: (o: { port: number; host: string }) => Promise<unknown>;
  server: { address: () => unknown };
}) => {
  await app.listen({ port: 0, host: '127.0.0.1' });
  return `http://127.0.0.1:${(app.server.address() as { port: number }).port}`;
};

/** Opens GET /api/ai/taskEvents as `token` (none: signed out) and reads it in the background. */
export const openTaskEvents = async (
  base: string,
  token: string | undefined,
  headers: Record<string, string> = {},
): Promise<StreamReader> => {
  const controller = new AbortController();
  const res = await fetch(`${base}/api/ai/taskEvents`, {
    headers: { accept: 'text/event-stream', ...(token && { satoken: token }), ...headers },
    signal: controller.signal,
  });
  const events: SseEvent[] = [];
  const comments: string[] = [];
  let done = false;
  const reader: StreamReader = {
    status: res.status,
    events,
    comments,
    ended: Promise.resolve(),
    isEnded: () => done,
    of: <T>(type: string) =>
      events.filter((e) => e.event === type).map((e) => JSON.parse(e.data) as T),
    close: () => controller.abort(),
  };
  if (!res.headers.get('content-type')?.startsWith('text/event-stream')) {
    reader.body = await res.json();
    done = true;
    return reader;
  }
  reader.ended = readSse(res.body as unknown as AsyncIterable<Uint8Array>, {
    event: (e) => events.push(e),
    comment: (c) => comments.push(c),
    retry: (ms) => (reader.retry = ms),
  })
    .catch(() => undefined) // aborted by the test
    .finally(() => {
      done = true;
    });
  return reader;
};

/** Resolves once the stream's snapshot was sent (`ready`). */
export const streamReady = async (r: StreamReader, ms = 15_000) => {
  const end = Date.now() + ms;
  while (!r.events.some((e) => e.event === 'ready')) {
    if (Date.now() > end || r.isEnded()) throw new Error(`no ready event (status ${r.status})`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
};
