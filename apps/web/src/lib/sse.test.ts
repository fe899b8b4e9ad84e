import { afterEach, describe, expect, it, vi } from 'vitest';
import { streamEvents } from './sse';

const encoder = new TextEncoder();

const streamOf = (chunks: (string | Uint8Array)[]) =>
  new ReadableStream<Uint8Array>({
    start(controller) {
      for (const c of chunks) controller.enqueue(typeof c === 'string' ? encoder.encode(c) : c);
      controller.close();
    },
  });

const fetchReturning = (body: ReadableStream<Uint8Array> | null, status = 200) =>
  vi.fn(
    async () => new Response(body, { status, headers: { 'content-type': 'text/event-stream' } }),
  );

afterEach(() => vi.restoreAllMocks());

describe('streamEvents', () => {
  it('posts JSON with Accept text/event-stream and passes each data line on', async () => {
    const fetchMock = fetchReturning(
      streamOf(['data: {"a":1}\n\n', 'data: {"a":2}\n\ndata: [DONE]\n\n']),
    );
    const messages: unknown[] = [];
    await streamEvents('/ai/gptTalkStream', {
      body: { q: '你好' },
      onMessage: (m) => messages.push(m),
      fetch: fetchMock as unknown as typeof fetch,
    });
    expect(messages).toEqual([{ a: 1 }, { a: 2 }]);
    const [url, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('/api/ai/gptTalkStream');
    expect(init.method).toBe('POST');
    expect((init.headers as Record<string, string>).Accept).toBe('text/event-stream');
    expect(init.body).toBe('{"q":"你好"}');
  });

  it('stops at [DONE] and ignores what follows', async () => {
    const messages: unknown[] = [];
    await streamEvents('/s', {
      body: {},
      onMessage: (m) => messages.push(m),
      fetch: fetchReturning(
        streamOf(['data: 1\ndata: [DONE]\ndata: 2\n']),
      ) as unknown as typeof fetch,
    });
    expect(messages).toEqual([1]);
  });

  it('joins lines split across chunks and multi-byte characters split mid-byte', async () => {
    const bytes = encoder.encode('data: {"text":"绘境渲染"}\n');
    // Split inside the three bytes of 绘 and again mid-line.
    const cut = bytes.indexOf(0xe7) + 1;
    const chunks = [
      bytes.slice(0, 5),
      bytes.slice(5, cut),
      bytes.slice(cut, cut + 4),
      bytes.slice(cut + 4),
    ];
    const messages: unknown[] = [];
    await streamEvents('/s', {
      body: {},
      onMessage: (m) => messages.push(m),
      fetch: fetchReturning(
        streamOf([...chunks, 'data: {"text":"完成"}']),
      ) as unknown as typeof fetch,
    });
    expect(messages).toEqual([{ text: '绘境渲染' }, { text: '完成' }]);
  });

  it('logs and skips lines that are not JSON, and ignores other fields', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const messages: unknown[] = [];
    await streamEvents('/s', {
      body: {},
      onMessage: (m) => messages.push(m),
      fetch: fetchReturning(
        streamOf([
          'event: message\r\nid: 1\r\ndata: {broken\r\n: comment\r\ndata:{"ok":true}\r\n\r\n',
        ]),
      ) as unknown as typeof fetch,
    });
    expect(messages).toEqual([{ ok: true }]);
    expect(warn).toHaveBeenCalledTimes(1);
  });

  it('fails with the HTTP status for a non-OK answer', async () => {
    await expect(
      streamEvents('/s', {
        body: {},
        onMessage: () => undefined,
        fetch: fetchReturning(null, 503) as unknown as typeof fetch,
      }),
    ).rejects.toThrow('HTTP error! status: 503');
  });

  it('fails when the body is missing', async () => {
    await expect(
      streamEvents('/s', {
        body: {},
        onMessage: () => undefined,
        fetch: fetchReturning(null) as unknown as typeof fetch,
      }),
    ).rejects.toThrow('Response body is null');
  });

  it('can be aborted mid-stream', async () => {
    const controller = new AbortController();
    let push: ((s: string) => void) | undefined;
    const body = new ReadableStream<Uint8Array>({
      start(c) {
        push = (s) => c.enqueue(encoder.encode(s));
      },
    });
    const fetchMock = vi.fn(async () => new Response(body, { status: 200 }));
    const messages: unknown[] = [];
    const pending = streamEvents('/s', {
      body: {},
      signal: controller.signal,
      onMessage: (m) => {
        messages.push(m);
        controller.abort();
      },
      fetch: fetchMock as unknown as typeof fetch,
    });
    await vi.waitFor(() => expect(push).toBeDefined());
    // Events end with a blank line (as the server sends them); the parser dispatches on it.
    push!('data: {"n":1}\n\ndata: {"n":2}\n\n');
    await expect(pending).rejects.toMatchObject({ name: 'AbortError' });
    expect(messages).toEqual([{ n: 1 }]);
  });
});
