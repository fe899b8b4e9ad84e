import type { IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { ChatStreamEvent } from '@huijing/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadEnv } from '../src/config/env';
import { startOpenAiChatDouble } from './doubles/openai-chat-double';
import type { OpenAiChatDouble } from './doubles/openai-chat-double';
import { buildTestApp, describeEachDatabase, expectError, smsLogin } from './helper';
import type { TestApp } from './helper';
import { jpeg, upload, waitUntil } from './task-fixtures';

const dataUrl = async () => `data:image/jpeg;base64,${(await jpeg(40, 30)).toString('base64')}`;

/** The `data:` lines of an event stream, parsed; `[DONE]` kept as a marker. */
const eventsOf = (body: string): (ChatStreamEvent | '[DONE]')[] =>
  body
    .split('\n')
    .filter((l) => l.startsWith('data: '))
    .map((l) => l.slice(6))
    .map((d) => (d === '[DONE]' ? '[DONE]' : (JSON.parse(d) as ChatStreamEvent)));

const textOf = (events: (ChatStreamEvent | '[DONE]')[], type: 'content' | 'reasoning') =>
  events
    .filter((e): e is { type: typeof type; text: string } => e !== '[DONE]' && e.type === type)
    .map((e) => e.text)
    .join('');

describeEachDatabase('assistant without a model configured', (target) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp({ target });
  });
  afterAll(() => t.close());

  it('says so clearly before anything is held', async () => {
    const status = await t.app.inject({ method: 'GET', url: '/api/ai/assistantStatus' });
    expect(status.json().data).toMatchObject({
      models: { gemini: false, gpt: false },
      ticketType: 3,
      edit: { available: false },
    });
    const { token, user } = await smsLogin(t);
    const before = await t.container.tickets.balance(user.id, 3);
    for (const url of ['/api/ai/gptTalkStream', '/api/ai/gptTalk']) {
      const res = await t.app.inject({
        method: 'POST',
        url,
        headers: { satoken: token },
        payload: { model: 'gpt', inputMessage: '点评', uploadedImage: await dataUrl() },
      });
      expect(expectError(res, 'ASSISTANT_UNCONFIGURED').message).toContain('尚未接入');
      expect(res.headers['content-type']).toContain('application/json');
    }
    const edit = await t.app.inject({
      method: 'POST',
      url: '/api/ai/EditImage',
      headers: { satoken: token },
      payload: { image: await dataUrl(), instruction: '把沙发换成皮质' },
    });
    expectError(edit, 'ENGINE_UNAVAILABLE');
    expect(await t.container.tickets.balance(user.id, 3)).toBe(before);
    expect(await t.container.tickets.ledgerSum(user.id, 3)).toBe(before);
  });
});

describeEachDatabase('assistant chat (against the chat completions double)', (target) => {
  let t: TestApp;
  let llm: OpenAiChatDouble;
  let baseUrl: string;

  beforeAll(async () => {
    llm = await startOpenAiChatDouble();
    t = await buildTestApp({
      target,
      env: {
        LLM_GPT_BASE_URL: llm.url,
        LLM_GPT_API_KEY: llm.apiKey,
        LLM_GPT_MODEL: 'deepseek-test',
        LLM_GPT_REASONING_PARAMS: '{"reasoning_effort":"medium","model":"not-this-one"}',
        LLM_IDLE_TIMEOUT_MS: '800',
        ASSISTANT_KEEPALIVE_MS: '100',
        ASSISTANT_QUESTIONS_PER_MINUTE: '1000',
        SIGNUP_TICKETS: '3:6',
      },
    });
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    baseUrl = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    await t.close();
    await llm.close();
  });

  const reset = (knobs: Partial<OpenAiChatDouble['knobs']> = {}) =>
    Object.assign(llm.knobs, {
      reply: { reasoning: '先看空间结构与光线。', content: '## 建议\n\n- 增加暖光\n- 换浅色地毯' },
      reasoningVia: 'field',
      chunkSize: 3,
      delayMs: 0,
      fail: undefined,
      errorAfterChunks: undefined,
      dropAfterChunks: undefined,
      silentAfterChunks: undefined,
      ...knobs,
    });

  const ask = async (token: string, payload: Record<string, unknown>) =>
    t.app.inject({
      method: 'POST',
      url: '/api/ai/gptTalkStream',
      headers: { satoken: token, accept: 'text/event-stream' },
      payload: { model: 'gpt', uploadedImage: await dataUrl(), ...payload },
    });

  it('reads the admin price per model and the assistant switch on each question, without a restart', async () => {
    reset();
    const db = t.container.database.db;
    const put = (key: string, value: unknown) =>
      db
        .insertInto('app_settings')
        .values({ key, value: JSON.stringify(value), updated_at: new Date().toISOString() })
        .onConflict((oc) => oc.column('key').doUpdateSet({ value: JSON.stringify(value) }))
        .execute();
    const { token, user } = await smsLogin(t);
    try {
      await put('admin.assistantPrices', { gpt: 2 });
      await put('admin.features', { assistant: false });
      const status = await t.app.inject({ method: 'GET', url: '/api/ai/assistantStatus' });
      expect(status.json().data).toMatchObject({
        ticketsPerQuestion: 2,
        prices: { gpt: 2, gemini: 1 },
        enabled: false,
      });
      const off = await ask(token, { inputMessage: '关闭时提问' });
      expect(expectError(off, 'FEATURE_OFF').message).toBe('AI 助手暂停服务，请稍后再试');
      expect(await t.container.tickets.balance(user.id, 3)).toBe(6);

      await put('admin.features', { assistant: true });
      expect((await ask(token, { inputMessage: '两次一问' })).statusCode).toBe(200);
      expect(await t.container.tickets.balance(user.id, 3)).toBe(4);
    } finally {
      await db.deleteFrom('app_settings').where('key', 'like', 'admin.%').execute();
    }
  });

  it('streams start, reasoning and content deltas in order, done and [DONE]; captures once', async () => {
    reset();
    const { token, user } = await smsLogin(t);
    const res = await ask(token, { inputMessage: '这个客厅怎么改？' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/event-stream');
    expect(res.headers['x-accel-buffering']).toBe('no');
    const events = eventsOf(res.body);
    expect(events.at(-1)).toBe('[DONE]');
    const types = events.map((e) => (e === '[DONE]' ? e : e.type));
    expect(types[0]).toBe('start');
    expect(types.at(-2)).toBe('done');
    // Reasoning first, then the answer, each in several deltas.
    const firstContent = types.indexOf('content');
    expect(types.lastIndexOf('reasoning')).toBeLessThan(firstContent);
    expect(types.filter((x) => x === 'content').length).toBeGreaterThan(3);
    expect(textOf(events, 'reasoning')).toBe('先看空间结构与光线。');
    expect(textOf(events, 'content')).toBe('## 建议\n\n- 增加暖光\n- 换浅色地毯');

    const start = events[0] as Extract<ChatStreamEvent, { type: 'start' }>;
    expect(start.question).toMatchObject({ role: 'user', content: '这个客厅怎么改？' });
    expect(start.question.image?.url).toMatch(/^\/api\/files\//);
    // The model saw the stored (re-encoded) image as a data URL, with the question text.
    const sent = llm.received.at(-1)!;
    expect(sent.images).toHaveLength(1);
    expect(sent.images[0]).toMatch(/^data:image\/jpeg;base64,\/9j\//);
    expect(sent.body.model).toBe('deepseek-test');

    expect(await t.container.tickets.balance(user.id, 3)).toBe(5);
    expect(
      (await t.container.tickets.entriesFor(start.answerId)).map((e) => e.reason).sort(),
    ).toEqual(['capture', 'hold']);

    const detail = await t.app.inject({
      method: 'GET',
      url: `/api/ai/gptTalkHistoryDetail?conversationId=${start.conversation.id}`,
      headers: { satoken: token },
    });
    const messages = detail.json().data.messages as { role: string; status: string }[];
    expect(messages).toMatchObject([
      { role: 'user', content: '这个客厅怎么改？', status: 'done' },
      {
        role: 'assistant',
        status: 'done',
        reasoning: '先看空间结构与光线。',
        content: '## 建议\n\n- 增加暖光\n- 换浅色地毯',
        deepThinking: true,
      },
    ]);
  });

  it('splits inline <think> blocks and drops reasoning when deep thinking is off', async () => {
    reset({ reasoningVia: 'think', chunkSize: 2 });
    const { token } = await smsLogin(t);
    const on = eventsOf((await ask(token, { inputMessage: '问' })).body);
    expect(textOf(on, 'reasoning')).toBe('先看空间结构与光线。');
    expect(textOf(on, 'content')).not.toContain('think');
    // LLM_GPT_REASONING_PARAMS travels with deep thinking only, and never replaces the model id.
    expect(llm.received.at(-1)!.body).toMatchObject({
      reasoning_effort: 'medium',
      model: 'deepseek-test',
    });
    const off = eventsOf((await ask(token, { inputMessage: '问', deepThinking: false })).body);
    expect(textOf(off, 'reasoning')).toBe('');
    expect(textOf(off, 'content')).toBe('## 建议\n\n- 增加暖光\n- 换浅色地毯');
    expect(llm.received.at(-1)!.body).not.toHaveProperty('reasoning_effort');
  });

  it('continues a conversation with its history; refuses without an image or a real one', async () => {
    reset({ reply: (body) => ({ content: `共 ${body.messages.length} 条消息` }) });
    const { token } = await smsLogin(t);
    const first = eventsOf((await ask(token, { inputMessage: '第一问' })).body);
    const start = first[0] as Extract<ChatStreamEvent, { type: 'start' }>;
    // A follow-up sends the stored image again by its link, not a second upload.
    const second = eventsOf(
      (
        await ask(token, {
          inputMessage: '第二问',
          conversationId: start.conversation.id,
          uploadedImage: start.question.image!.url,
        })
      ).body,
    );
    // system + first question + first answer + this question.
    expect(textOf(second, 'content')).toBe('共 4 条消息');
    expect(llm.received.at(-1)!.body.messages[1]).toEqual({ role: 'user', content: '第一问' });

    expectError(
      await ask(token, { inputMessage: '无图', uploadedImage: undefined }),
      'ASSISTANT_IMAGE_REQUIRED',
    );
    const fake = `data:image/png;base64,${Buffer.from('not an image at all').toString('base64')}`;
    expectError(await ask(token, { uploadedImage: fake }), 'UPLOAD_TYPE');
    const someoneElses = await upload(t, (await smsLogin(t)).token);
    expectError(await ask(token, { uploadedImage: someoneElses.fileId }), 'FILE_NOT_FOUND');
  });

  it('reports an upstream failure in the stream, keeps the partial answer, releases once', async () => {
    const { token, user } = await smsLogin(t);
    for (const knobs of [{ errorAfterChunks: 6 }, { fail: { status: 500, message: 'boom' } }]) {
      reset(knobs);
      const res = await ask(token, { inputMessage: '问' });
      expect(res.statusCode).toBe(200);
      const events = eventsOf(res.body);
      const error = events.at(-2) as Extract<ChatStreamEvent, { type: 'error' }>;
      expect(error).toMatchObject({ type: 'error', code: 50270 });
      expect(error.error).toContain('模型服务出错');
      expect(events.at(-1)).toBe('[DONE]');
      const start = events[0] as Extract<ChatStreamEvent, { type: 'start' }>;
      expect(
        (await t.container.tickets.entriesFor(start.answerId)).map((e) => e.reason).sort(),
      ).toEqual(['hold', 'release']);
      const detail = await t.app.inject({
        method: 'GET',
        url: `/api/ai/gptTalkHistoryDetail?conversationId=${start.conversation.id}`,
        headers: { satoken: token },
      });
      const answer = detail.json().data.messages[1];
      expect(answer).toMatchObject({ status: 'failed', error: error.error });
      expect({ content: answer.content, reasoning: answer.reasoning }).toEqual({
        content: textOf(events, 'content'),
        reasoning: textOf(events, 'reasoning'),
      });
    }
    expect(await t.container.tickets.balance(user.id, 3)).toBe(6);
    expect(await t.container.tickets.ledgerSum(user.id, 3)).toBe(6);
  });

  it('fails a silent upstream after the idle timeout with a clear message', async () => {
    reset({ silentAfterChunks: 3 });
    const { token, user } = await smsLogin(t);
    const body = (await ask(token, { inputMessage: '问' })).body;
    const events = eventsOf(body);
    expect(events.at(-2)).toMatchObject({ type: 'error', code: 50470 });
    // While the upstream is silent the stream stays warm with comments (every 100 ms here), which
    // EventSource readers and the web client skip.
    const blocks = body.split('\n\n');
    const error = blocks.findIndex((b) => b.includes('"type":"error"'));
    const quiet = blocks.slice(0, error).reverse();
    const lastDelta = quiet.findIndex((b) => b.startsWith('data: '));
    expect(quiet.slice(0, lastDelta).every((b) => b === ': keep-alive')).toBe(true);
    expect(lastDelta).toBeGreaterThanOrEqual(3);
    expect(await t.container.tickets.balance(user.id, 3)).toBe(6);
  });

  it('aborts upstream within 1 s of a client disconnect, keeps the partial answer, releases', async () => {
    reset({ delayMs: 40, chunkSize: 1 });
    const { token, user } = await smsLogin(t);
    const controller = new AbortController();
    const res = await fetch(`${baseUrl}/api/ai/gptTalkStream`, {
      method: 'POST',
      headers: { satoken: token, 'content-type': 'application/json' },
      body: JSON.stringify({
        model: 'gpt',
        inputMessage: '长回答',
        uploadedImage: await dataUrl(),
      }),
      signal: controller.signal,
    });
    const reader = res.body!.getReader();
    const decoder = new TextDecoder();
    let text = '';
    while (!text.includes('"type":"content"')) {
      const { value } = await reader.read();
      text += decoder.decode(value, { stream: true });
    }
    const abortedAt = Date.now();
    controller.abort();
    const upstream = llm.received.at(-1)!;
    await waitUntil(() => upstream.aborted, 2_000);
    expect(upstream.closedAt! - abortedAt).toBeLessThan(1_000);
    // Only whole events (the last read may end inside one).
    const seen = eventsOf(text.slice(0, text.lastIndexOf('\n\n')));
    const start = seen[0] as Extract<ChatStreamEvent, { type: 'start' }>;
    await waitUntil(
      async () => (await t.container.tickets.entriesFor(start.answerId)).length === 2,
      2_000,
    );
    expect(
      (await t.container.tickets.entriesFor(start.answerId)).map((e) => e.reason).sort(),
    ).toEqual(['hold', 'release']);
    expect(await t.container.tickets.balance(user.id, 3)).toBe(6);
    const detail = await t.app.inject({
      method: 'GET',
      url: `/api/ai/gptTalkHistoryDetail?conversationId=${start.conversation.id}`,
      headers: { satoken: token },
    });
    const answer = detail.json().data.messages[1];
    expect(answer.status).toBe('stopped');
    expect(answer.reasoning).toBe('先看空间结构与光线。');
    // The partial answer is kept: at least what the client saw, and a beginning of the reply.
    const reply = '## 建议\n\n- 增加暖光\n- 换浅色地毯';
    expect(answer.content.length).toBeGreaterThan(0);
    expect(reply.startsWith(answer.content)).toBe(true);
    expect(answer.content.startsWith(textOf(seen, 'content'))).toBe(true);
  });

  it('asks nothing upstream and charges nothing when the client leaves during prepare', async () => {
    reset();
    const { token, user } = await smsLogin(t);
    const image = `data:image/jpeg;base64,${(await jpeg(1600, 1200)).toString('base64')}`;
    for (const url of ['/api/ai/gptTalkStream', '/api/ai/gptTalk']) {
      const calls = llm.received.length;
      const controller = new AbortController();
      // Leave the moment the server has the whole body: the handler then starts with the image
      // ingest, long before the ticket hold and the upstream request.
      const leave = (req: IncomingMessage) => {
        if (req.url !== url) return;
        t.app.server.off('request', leave);
        req.on('end', () => controller.abort());
      };
      t.app.server.on('request', leave);
      const sent = await fetch(`${baseUrl}${url}`, {
        method: 'POST',
        headers: { satoken: token, 'content-type': 'application/json' },
        body: JSON.stringify({ model: 'gpt', inputMessage: `走了 ${url}`, uploadedImage: image }),
        signal: controller.signal,
      }).catch((error: unknown) => error);
      expect(sent).toMatchObject({ name: 'AbortError' });

      // The question is stored; its answer ends as stopped, with nothing in it.
      let answer: { id: string; status: string; content: string } | undefined;
      await waitUntil(async () => {
        const list = await t.app.inject({
          method: 'POST',
          url: '/api/ai/gptTalkHistory',
          headers: { satoken: token },
          payload: { page: 1, pageSize: 1 },
        });
        const latest = list.json().data.list[0] as { id: string; title: string } | undefined;
        if (latest?.title !== `走了 ${url}`) return false;
        const detail = await t.app.inject({
          method: 'GET',
          url: `/api/ai/gptTalkHistoryDetail?conversationId=${latest.id}`,
          headers: { satoken: token },
        });
        answer = detail.json().data.messages[1];
        return answer !== undefined && answer.status !== 'streaming';
      }, 10_000);
      expect(answer).toMatchObject({ status: 'stopped', content: '' });
      expect(llm.received.length).toBe(calls);
      expect(
        (await t.container.tickets.entriesFor(answer!.id)).map((e) => e.reason).sort(),
      ).toEqual(['hold', 'release']);
      expect(await t.container.tickets.balance(user.id, 3)).toBe(6);
      expect(await t.container.tickets.ledgerSum(user.id, 3)).toBe(6);
    }
  });

  it('answers whole through gptTalk; refuses when tickets run out without holding any', async () => {
    reset();
    const { token, user } = await smsLogin(t);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/ai/gptTalk',
      headers: { satoken: token },
      payload: { model: 'gpt', inputMessage: '整段回答', uploadedImage: await dataUrl() },
    });
    expect(res.json().data.answer).toMatchObject({
      status: 'done',
      content: '## 建议\n\n- 增加暖光\n- 换浅色地毯',
      reasoning: '先看空间结构与光线。',
    });
    for (let i = 0; i < 5; i++) await ask(token, { inputMessage: `第${i}问` });
    expect(await t.container.tickets.balance(user.id, 3)).toBe(0);
    const calls = llm.received.length;
    expectError(await ask(token, { inputMessage: '没次数了' }), 'TICKETS_INSUFFICIENT');
    expect(llm.received.length).toBe(calls);
  });

  it('keeps conversations private: lists, details, follow-ups, rename and delete', async () => {
    reset();
    const a = await smsLogin(t);
    const b = await smsLogin(t);
    const start = eventsOf((await ask(a.token, { inputMessage: '甲的问题' })).body)[0] as Extract<
      ChatStreamEvent,
      { type: 'start' }
    >;
    const id = start.conversation.id;
    const history = (token: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/ai/gptTalkHistory',
        headers: { satoken: token },
        payload: { page: 1, pageSize: 10 },
      });
    expect((await history(a.token)).json().data).toMatchObject({
      total: 1,
      list: [{ id, title: '甲的问题' }],
    });
    expect((await history(b.token)).json().data).toMatchObject({ total: 0, list: [] });
    expectError(
      await t.app.inject({
        method: 'GET',
        url: `/api/ai/gptTalkHistoryDetail?conversationId=${id}`,
        headers: { satoken: b.token },
      }),
      'CONVERSATION_NOT_FOUND',
    );
    expectError(await ask(b.token, { conversationId: id }), 'CONVERSATION_NOT_FOUND');
    const rename = (token: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/ai/gptTalkRename',
        headers: { satoken: token },
        payload: { conversationId: id, title: '客厅改造' },
      });
    expectError(await rename(b.token), 'CONVERSATION_NOT_FOUND');
    expect((await rename(a.token)).statusCode).toBe(200);
    expect((await history(a.token)).json().data.list[0].title).toBe('客厅改造');
    const del = (token: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/ai/gptTalkDelete',
        headers: { satoken: token },
        payload: { conversationId: id },
      });
    expectError(await del(b.token), 'CONVERSATION_NOT_FOUND');
    expect((await del(a.token)).statusCode).toBe(200);
    expect((await history(a.token)).json().data.total).toBe(0);
    expectError(
      await t.app.inject({ method: 'POST', url: '/api/ai/gptTalkHistory', payload: {} }),
      'UNAUTHORIZED',
    );
  });

  it('refuses a model choice that is not configured, naming the one that is', async () => {
    const { token } = await smsLogin(t);
    const res = await ask(token, { model: 'gemini' });
    expect(expectError(res, 'ASSISTANT_UNCONFIGURED').message).toContain('GPT');
  });
});

describe('assistant configuration', () => {
  it('refuses to boot with reasoning params that are not a JSON object, naming the variable', () => {
    const base = { LLM_GPT_BASE_URL: 'http://127.0.0.1:9/v1', LLM_GPT_MODEL: 'm' };
    for (const bad of ['{reasoning_effort: medium}', '["medium"]', '"medium"']) {
      expect(() => loadEnv({ ...base, LLM_GEMINI_REASONING_PARAMS: bad })).toThrow(
        /LLM_GEMINI_REASONING_PARAMS: must be a JSON object/,
      );
    }
    const env = loadEnv({ ...base, LLM_GPT_REASONING_PARAMS: '{"enable_thinking":true}' });
    expect(env.llm.gpt?.reasoningParams).toEqual({ enable_thinking: true });
  });
});

describe('assistant rate limit', () => {
  it('refuses the question past the per-minute limit before holding tickets', async () => {
    const llm = await startOpenAiChatDouble();
    const t = await buildTestApp({
      env: {
        LLM_GEMINI_BASE_URL: llm.url,
        LLM_GEMINI_API_KEY: llm.apiKey,
        LLM_GEMINI_MODEL: 'gemini-test',
        ASSISTANT_QUESTIONS_PER_MINUTE: '2',
        ASSISTANT_TICKETS_PER_QUESTION: '0',
      },
    });
    try {
      const { token } = await smsLogin(t);
      const send = async () =>
        t.app.inject({
          method: 'POST',
          url: '/api/ai/gptTalk',
          headers: { satoken: token },
          payload: { model: 'gemini', uploadedImage: await dataUrl() },
        });
      expect((await send()).statusCode).toBe(200);
      expect((await send()).statusCode).toBe(200);
      expectError(await send(), 'ASSISTANT_TOO_FREQUENT');
      expect(llm.received).toHaveLength(2);
    } finally {
      await t.close();
      await llm.close();
    }
  });
});
