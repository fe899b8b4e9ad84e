import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startOpenAiChatDouble } from '../../../test/doubles/openai-chat-double';
import type { OpenAiChatDouble } from '../../../test/doubles/openai-chat-double';
import type { LlmDelta, LlmProvider } from './llm';
import { LlmError } from './llm';
import { createOpenAiLlm } from './openai-llm';

const IMAGE = 'data:image/png;base64,iVBORw0KGgo=';

const collect = async (stream: AsyncIterable<LlmDelta>) => {
  const out: LlmDelta[] = [];
  for await (const d of stream) out.push(d);
  return out;
};
const textOf = (deltas: LlmDelta[], kind: LlmDelta['kind']) =>
  deltas
    .filter((d) => d.kind === kind)
    .map((d) => d.text)
    .join('');

const failure = async (p: Promise<unknown>): Promise<LlmError> => {
  const e: unknown = await p.then(
    () => new Error('expected a failure'),
    (err: unknown) => err,
  );
  expect(e).toBeInstanceOf(LlmError);
  return e as LlmError;
};

describe('OpenAI-compatible LLM adapter (against the chat completions double)', () => {
  let double: OpenAiChatDouble;
  let llm: LlmProvider;

  beforeAll(async () => {
    double = await startOpenAiChatDouble();
    llm = createOpenAiLlm({
      targets: { gpt: { baseUrl: double.url, apiKey: double.apiKey, model: 'gpt-test' } },
      idleTimeoutMs: 400,
    });
  });
  afterAll(() => double.close());

  const reset = (knobs: Partial<OpenAiChatDouble['knobs']> = {}) => {
    Object.assign(double.knobs, {
      reasoningVia: 'field',
      chunkSize: 4,
      delayMs: 0,
      fail: undefined,
      errorAfterChunks: undefined,
      dropAfterChunks: undefined,
      silentAfterChunks: undefined,
      reply: { reasoning: '先看结构。', content: '答案：**暖色**。' },
      ...knobs,
    });
  };

  it('knows which model choices are configured and refuses the others', async () => {
    expect(llm.configured('gpt')).toBe(true);
    expect(llm.configured('gemini')).toBe(false);
    const e = await failure(llm.chat('gemini', [{ role: 'user', content: 'hi' }]));
    expect(e.kind).toBe('unconfigured');
  });

  it('streams reasoning_content and content deltas in order, sending the image part', async () => {
    reset();
    const deltas = await collect(
      llm.stream('gpt', [
        {
          role: 'user',
          content: [
            { type: 'text', text: '点评' },
            { type: 'image_url', image_url: { url: IMAGE } },
          ],
        },
      ]),
    );
    expect(textOf(deltas, 'reasoning')).toBe('先看结构。');
    expect(textOf(deltas, 'content')).toBe('答案：**暖色**。');
    // Every reasoning delta comes before the first content delta, and there are several.
    const firstContent = deltas.findIndex((d) => d.kind === 'content');
    expect(deltas.slice(firstContent).every((d) => d.kind === 'content')).toBe(true);
    expect(deltas.length).toBeGreaterThan(3);
    const last = double.received.at(-1)!;
    expect(last.body).toMatchObject({ model: 'gpt-test', stream: true });
    expect(last.images).toEqual([IMAGE]);
    expect(last.authorization).toBe(`Bearer ${double.apiKey}`);
  });

  it('splits inline <think> blocks cut across chunks, streamed and whole', async () => {
    reset({ reasoningVia: 'think', chunkSize: 3 });
    const deltas = await collect(llm.stream('gpt', [{ role: 'user', content: '问' }]));
    expect(textOf(deltas, 'reasoning')).toBe('先看结构。');
    expect(textOf(deltas, 'content')).toBe('答案：**暖色**。');
    expect(await llm.chat('gpt', [{ role: 'user', content: '问' }])).toEqual({
      reasoning: '先看结构。',
      content: '答案：**暖色**。',
    });
    reset();
    expect(await llm.chat('gpt', [{ role: 'user', content: '问' }])).toEqual({
      reasoning: '先看结构。',
      content: '答案：**暖色**。',
    });
  });

  it('maps 401, 429 and 500 to errors a designer can read', async () => {
    for (const [status, kind] of [
      [401, 'auth'],
      [429, 'rate-limited'],
      [500, 'upstream'],
    ] as const) {
      reset({ fail: { status, message: 'nope' } });
      const e = await failure(collect(llm.stream('gpt', [{ role: 'user', content: '问' }])));
      expect({ kind: e.kind, status: e.status }).toEqual({ kind, status });
      expect(e.message).toMatch(/[\u4e00-\u9fa5]/);
    }
    const wrongKey = createOpenAiLlm({
      targets: { gpt: { baseUrl: double.url, apiKey: 'sk-wrong', model: 'm' } },
      idleTimeoutMs: 400,
    });
    reset();
    expect((await failure(wrongKey.chat('gpt', [{ role: 'user', content: '问' }]))).kind).toBe(
      'auth',
    );
  });

  it('fails on an error event mid-stream, a dropped stream and a silent one', async () => {
    for (const knobs of [{ errorAfterChunks: 3 }, { dropAfterChunks: 3 }]) {
      // A little pause per chunk so the first ones reach the client before the failure.
      reset({ ...knobs, delayMs: 5 });
      const seen: LlmDelta[] = [];
      const e = await failure(
        (async () => {
          for await (const d of llm.stream('gpt', [{ role: 'user', content: '问' }])) seen.push(d);
        })(),
      );
      expect(e.kind).toBe('upstream');
      expect(seen.length).toBeGreaterThan(0);
    }
    reset({ silentAfterChunks: 2 });
    const started = Date.now();
    const e = await failure(collect(llm.stream('gpt', [{ role: 'user', content: '问' }])));
    expect(e.kind).toBe('timeout');
    expect(Date.now() - started).toBeLessThan(5_000);
    await expect.poll(() => double.received.at(-1)!.aborted).toBe(true);
  });

  it('aborts the upstream request when the caller aborts', async () => {
    reset({ delayMs: 30 });
    const controller = new AbortController();
    const seen: LlmDelta[] = [];
    const e = await failure(
      (async () => {
        for await (const d of llm.stream('gpt', [{ role: 'user', content: '问' }], {
          signal: controller.signal,
        })) {
          seen.push(d);
          if (seen.length === 2) controller.abort();
        }
      })(),
    );
    expect(e.kind).toBe('aborted');
    await expect.poll(() => double.received.at(-1)!.aborted).toBe(true);
    expect(double.received.at(-1)!.chunksSent).toBeLessThan(8);
  });
});
