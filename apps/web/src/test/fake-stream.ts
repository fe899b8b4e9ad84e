import { vi } from 'vitest';

/** The task event stream as the server speaks it; the test writes events and may end it. */
export const fakeStream = () => {
  const encoder = new TextEncoder();
  let controller!: ReadableStreamDefaultController<Uint8Array>;
  const body = new ReadableStream<Uint8Array>({ start: (c) => void (controller = c) });
  const requests: RequestInit[] = [];
  const fetchMock = vi.fn(async (_url: string, init: RequestInit) => {
    requests.push(init);
    return new Response(body, { headers: { 'content-type': 'text/event-stream; charset=utf-8' } });
  });
  vi.stubGlobal('fetch', fetchMock);
  return {
    fetchMock,
    requests,
    send: (event: string, data: unknown, id = String(Date.now())) =>
      controller.enqueue(
        encoder.encode(`id: ${id}\nevent: ${event}\ndata: ${JSON.stringify(data)}\n\n`),
      ),
    open: () =>
      controller.enqueue(encoder.encode('retry: 3000\n\nevent: ready\ndata: {"tasks":0}\n\n')),
    drop: () => controller.close(),
  };
};
