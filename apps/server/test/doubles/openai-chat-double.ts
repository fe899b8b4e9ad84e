import { randomUUID } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo, Socket } from 'node:net';

/**
 * An OpenAI chat completions stand-in (POST /v1/chat/completions), speaking the real protocol:
 * bearer-key check, the `{error: {message, type, param, code}}` envelope, a `chat.completion`
 * JSON body, and `chat.completion.chunk` server-sent events ending with `data: [DONE]`.
 * Knobs cover what real upstreams do: reasoning as `reasoning_content` deltas (DeepSeek) or inline
 * `<think>` blocks (R1 on vLLM/Ollama) cut at arbitrary points, HTTP errors, an error event in the
 * middle of a stream, slow, dropped and silent streams. Every request is recorded, including the
 * image parts of vision input, and whether the client hung up before the answer was complete.
 */

export interface ChatReply {
  content: string;
  reasoning?: string;
}

export interface OpenAiChatDoubleKnobs {
  /** The answer, or a function of the request body (echo tests). */
  reply: ChatReply | ((body: ChatRequestBody) => ChatReply);
  /** Where the reasoning goes: `reasoning_content` deltas, inline `<think>` or nowhere. */
  reasoningVia: 'field' | 'think' | 'none';
  /** Characters per streamed delta (small values cut `<think>` tags in two). */
  chunkSize: number;
  /** Pause before each streamed chunk. */
  delayMs: number;
  /** Answer every request with this HTTP error until cleared. */
  fail?: { status: number; message: string; type?: string; code?: string | null };
  /** After this many chunks, send an error event and end the stream (a failure mid-answer). */
  errorAfterChunks?: number;
  /** After this many chunks, destroy the socket without a goodbye. */
  dropAfterChunks?: number;
  /** After this many chunks, keep the connection open and say nothing more. */
  silentAfterChunks?: number;
  /**
   * After this many chunks, wait until `until` settles, then go on (a model that thinks for a
   * while: a test can look at the page mid-stream without racing the stream).
   */
  pauseAfterChunks?: { after: number; until: Promise<unknown> };
  /**
   * Benchmarks: every non-empty content delta is `<t>` with t the wall-clock ms (fractional) at the
   * moment it is written, so a reader in the same process can measure delivery latency per event
   * (the opening `{role, content: ''}` delta stays as it is: one sample per reply chunk).
   */
  stamp?: boolean;
}

export interface ChatRequestBody {
  model: string;
  stream?: boolean;
  messages: { role: string; content: string | { type: string; [k: string]: unknown }[] }[];
  [k: string]: unknown;
}

export interface ChatRequestRecord {
  path: string;
  authorization: string | undefined;
  body: ChatRequestBody;
  /** `image_url.url` of every image part in the request, in order. */
  images: string[];
  /** Chunks written before the request ended. */
  chunksSent: number;
  /** The client closed the connection before the answer was complete. */
  aborted: boolean;
  /** When the connection closed (ms since epoch), for "aborted within 1 s" checks. */
  closedAt?: number;
  startedAt: number;
}

export interface OpenAiChatDouble {
  /** The base URL an OpenAI client takes (ends with /v1). */
  url: string;
  apiKey: string;
  knobs: OpenAiChatDoubleKnobs;
  received: ChatRequestRecord[];
  /** Streams currently open. */
  openStreams(): number;
  close(): Promise<void>;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

const chunksOf = (text: string, size: number): string[] => {
  const out: string[] = [];
  const chars = [...text];
  for (let i = 0; i < chars.length; i += size) out.push(chars.slice(i, i + size).join(''));
  return out;
};

export const DEFAULT_CHAT_REPLY: ChatReply = {
  reasoning: '先看图片里的空间结构和材质，再给出建议。',
  content: '这是一个**现代简约**风格的客厅。\n\n- 主色调：米白\n- 建议：增加暖光照明',
};

export const startOpenAiChatDouble = async (
  knobs: Partial<OpenAiChatDoubleKnobs> = {},
): Promise<OpenAiChatDouble> => {
  const apiKey = `sk-chat-${randomUUID()}`;
  const state: OpenAiChatDoubleKnobs = {
    reply: DEFAULT_CHAT_REPLY,
    reasoningVia: 'field',
    chunkSize: 4,
    delayMs: 0,
    ...knobs,
  };
  const received: ChatRequestRecord[] = [];
  let open = 0;
  const sockets = new Set<Socket>();

  const sendError = (
    res: http.ServerResponse,
    status: number,
    e: { message: string; type?: string; code?: string | null },
  ) => {
    res.writeHead(status, { 'content-type': 'application/json' });
    res.end(
      JSON.stringify({
        error: {
          message: e.message,
          type: e.type ?? (status >= 500 ? 'server_error' : 'invalid_request_error'),
          param: null,
          code: e.code ?? null,
        },
      }),
    );
  };

  const server = http.createServer((req, res) => {
    const parts: Buffer[] = [];
    req.on('data', (c: Buffer) => parts.push(c));
    req.on('end', () => {
      void (async () => {
        const path = (req.url ?? '').split('?')[0] ?? '';
        if (req.method !== 'POST' || path !== '/v1/chat/completions') {
          return sendError(res, 404, { message: `Unknown request URL: ${req.method} ${path}` });
        }
        const authorization = req.headers.authorization;
        let body: ChatRequestBody;
        try {
          body = JSON.parse(Buffer.concat(parts).toString('utf8')) as ChatRequestBody;
        } catch {
          return sendError(res, 400, { message: 'We could not parse the JSON body.' });
        }
        const images = body.messages.flatMap((m) =>
          typeof m.content === 'string'
            ? []
            : m.content
                .filter((p) => p.type === 'image_url')
                .map((p) => (p.image_url as { url: string }).url),
        );
        const record: ChatRequestRecord = {
          path,
          authorization,
          body,
          images,
          chunksSent: 0,
          aborted: false,
          startedAt: Date.now(),
        };
        received.push(record);
        if (authorization !== `Bearer ${apiKey}`) {
          return sendError(res, 401, {
            message: 'Incorrect API key provided.',
            code: 'invalid_api_key',
          });
        }
        if (state.fail) return sendError(res, state.fail.status, state.fail);
        if (!body.model || !Array.isArray(body.messages) || body.messages.length === 0) {
          return sendError(res, 400, { message: "'messages' and 'model' are required." });
        }
        const reply = typeof state.reply === 'function' ? state.reply(body) : state.reply;
        const reasoning = state.reasoningVia === 'none' ? '' : (reply.reasoning ?? '');
        const id = `chatcmpl-${randomUUID()}`;
        const created = Math.floor(Date.now() / 1000);

        if (!body.stream) {
          const inline = state.reasoningVia === 'think' && reasoning;
          res.writeHead(200, { 'content-type': 'application/json' });
          return res.end(
            JSON.stringify({
              id,
              object: 'chat.completion',
              created,
              model: body.model,
              choices: [
                {
                  index: 0,
                  message: {
                    role: 'assistant',
                    content: inline ? `<think>${reasoning}</think>${reply.content}` : reply.content,
                    ...(state.reasoningVia === 'field' &&
                      reasoning && { reasoning_content: reasoning }),
                  },
                  finish_reason: 'stop',
                },
              ],
              usage: { prompt_tokens: 10, completion_tokens: 20, total_tokens: 30 },
            }),
          );
        }

        open += 1;
        let finished = false;
        res.on('close', () => {
          open -= 1;
          record.closedAt = Date.now();
          if (!finished) record.aborted = true;
        });
        res.writeHead(200, {
          'content-type': 'text/event-stream; charset=utf-8',
          'cache-control': 'no-cache',
          connection: 'keep-alive',
        });
        const frame = (delta: Record<string, unknown>, finish: string | null = null) =>
          `data: ${JSON.stringify({
            id,
            object: 'chat.completion.chunk',
            created,
            model: body.model,
            choices: [{ index: 0, delta, finish_reason: finish }],
          })}\n\n`;
        const deltas: Record<string, unknown>[] = [{ role: 'assistant', content: '' }];
        if (state.reasoningVia === 'field' && reasoning) {
          for (const c of chunksOf(reasoning, state.chunkSize)) {
            deltas.push({ reasoning_content: c });
          }
        }
        const inline =
          state.reasoningVia === 'think' && reasoning
            ? `<think>${reasoning}</think>${reply.content}`
            : reply.content;
        for (const c of chunksOf(inline, state.chunkSize)) deltas.push({ content: c });

        for (const delta of deltas) {
          if (res.destroyed) return;
          if (state.delayMs > 0) await sleep(state.delayMs);
          if (res.destroyed) return;
          const n = record.chunksSent;
          if (state.errorAfterChunks !== undefined && n >= state.errorAfterChunks) {
            finished = true;
            res.end(
              `data: ${JSON.stringify({
                error: {
                  message: 'The server had an error while processing your request.',
                  type: 'server_error',
                  param: null,
                  code: null,
                },
              })}\n\n`,
            );
            return;
          }
          if (state.dropAfterChunks !== undefined && n >= state.dropAfterChunks) {
            req.socket.destroy();
            return;
          }
          if (state.silentAfterChunks !== undefined && n >= state.silentAfterChunks) return;
          const pause = state.pauseAfterChunks;
          if (pause && n === pause.after) {
            await pause.until;
            if (res.destroyed) return;
          }
          res.write(
            frame(
              state.stamp && typeof delta.content === 'string' && delta.content !== ''
                ? { content: `<${(performance.timeOrigin + performance.now()).toFixed(3)}>` }
                : delta,
            ),
          );
          record.chunksSent += 1;
        }
        if (res.destroyed) return;
        finished = true;
        res.write(frame({}, 'stop'));
        res.end('data: [DONE]\n\n');
      })();
    });
  });
  server.on('connection', (s) => {
    sockets.add(s);
    s.on('close', () => sockets.delete(s));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/v1`,
    apiKey,
    knobs: state,
    received,
    openStreams: () => open,
    close: async () => {
      for (const s of sockets) s.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
};
