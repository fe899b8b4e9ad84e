import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, describeEachDatabase, expectError, smsLogin } from '../../../test/helper';
import type { TestApp } from '../../../test/helper';
import { startOpenAiChatDouble } from '../../../test/doubles/openai-chat-double';
import type { OpenAiChatDouble } from '../../../test/doubles/openai-chat-double';
import { upload } from '../../../test/task-fixtures';
import { parsePromptAnswer, PROMPTS_PER_MINUTE } from './prompts.service';

const answer = {
  zh: '现代简约客厅，米白色墙面，浅橡木地板，午后自然光，广角平视，写实渲染',
  en: 'modern minimalist living room, off-white walls, light oak floor, afternoon daylight, photorealistic, 8k',
  tags: ['现代简约', '自然光', '木地板'],
};

describe('parsePromptAnswer', () => {
  it('reads the JSON object inside fences or prose, and keeps plain text as the Chinese prompt', () => {
    expect(parsePromptAnswer('```json\n' + JSON.stringify(answer) + '\n```')).toEqual(answer);
    expect(
      parsePromptAnswer(`好的：${JSON.stringify({ ...answer, tags: 'x' })} 希望有帮助`),
    ).toEqual({
      ...answer,
      tags: [],
    });
    expect(parsePromptAnswer('  北欧风卧室，暖色床头灯  ')).toEqual({
      zh: '北欧风卧室，暖色床头灯',
      en: '',
      tags: [],
    });
  });
});

describeEachDatabase('prompt tools without a language model', (target) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp({ target });
  });
  afterAll(() => t.close());

  it('says so on the status and refuses before any work, with a Chinese reason', async () => {
    const status = (await t.app.inject({ method: 'GET', url: '/api/prompts/status' })).json().data;
    expect(status.available).toBe(false);
    expect(status.reason).toContain('尚未接入语言模型');
    const { token } = await smsLogin(t);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/prompts/text',
      payload: { idea: '现代简约客厅' },
      headers: { satoken: token },
    });
    expect(expectError(res, 'PROMPT_UNCONFIGURED').message).toContain('尚未接入语言模型');
    const img = await upload(t, token);
    expectError(
      await t.app.inject({
        method: 'POST',
        url: '/api/prompts/image',
        payload: { image: img.fileId },
        headers: { satoken: token },
      }),
      'PROMPT_UNCONFIGURED',
    );
  });
});

describeEachDatabase('prompt tools through the chat completions API', (target) => {
  let t: TestApp;
  let chat: OpenAiChatDouble;
  beforeAll(async () => {
    chat = await startOpenAiChatDouble({
      reply: { content: '```json\n' + JSON.stringify(answer) + '\n```' },
      reasoningVia: 'none',
    });
    t = await buildTestApp({
      target,
      env: { LLM_GPT_BASE_URL: chat.url, LLM_GPT_API_KEY: chat.apiKey, LLM_GPT_MODEL: 'gpt-test' },
    });
  });
  afterAll(async () => {
    await t.close();
    await chat.close();
  });

  const post = (token: string | undefined, path: string, payload: object) =>
    t.app.inject({
      method: 'POST',
      url: `/api/prompts/${path}`,
      payload,
      headers: token ? { satoken: token } : {},
    });

  it('expands an idea with the designer-oriented instructions and answers zh, en and tags', async () => {
    const status = (await t.app.inject({ method: 'GET', url: '/api/prompts/status' })).json().data;
    expect(status).toEqual({ available: true, perMinute: PROMPTS_PER_MINUTE });
    const { token } = await smsLogin(t);
    const before = chat.received.length;
    const res = await post(token, 'text', { idea: '  现代简约客厅，要温馨  ', style: 'interior' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toEqual(answer);
    const sent = chat.received.slice(before);
    expect(sent).toHaveLength(1);
    expect(sent[0]!.authorization).toBe(`Bearer ${chat.apiKey}`);
    expect(sent[0]!.body.model).toBe('gpt-test');
    const [system, user] = sent[0]!.body.messages;
    expect(system!.role).toBe('system');
    expect(String(system!.content)).toContain('室内设计效果图');
    expect(String(system!.content)).toContain('"en"');
    expect(user!.content).toBe('现代简约客厅，要温馨');
  });

  it('describes the user’s own uploaded image (downscaled JPEG) and refuses anyone else’s', async () => {
    const a = await smsLogin(t);
    const b = await smsLogin(t);
    const img = await upload(t, a.token);
    const before = chat.received.length;
    const res = await post(a.token, 'image', { image: img.url, style: 'architecture' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.en).toContain('photorealistic');
    const sent = chat.received.slice(before);
    expect(sent).toHaveLength(1);
    expect(sent[0]!.images).toHaveLength(1);
    expect(sent[0]!.images[0]).toMatch(/^data:image\/jpeg;base64,/);
    expect(String(sent[0]!.body.messages[0]!.content)).toContain('建筑外观');

    expectError(await post(b.token, 'image', { image: img.fileId }), 'FILE_NOT_FOUND');
    expectError(await post(b.token, 'image', { image: 'not-a-file' }), 'FILE_NOT_FOUND');
    expect(chat.received.length).toBe(before + 1);
  });

  it('validates input, needs sign-in, limits per minute and reports upstream failures', async () => {
    expectError(await post(undefined, 'text', { idea: '客厅' }), 'UNAUTHORIZED');
    const { token } = await smsLogin(t);
    const short = expectError(await post(token, 'text', { idea: ' 厅 ' }), 'VALIDATION_FAILED');
    expect(JSON.stringify(short.data)).toContain('至少 2 个字');

    chat.knobs.fail = { status: 500, message: 'upstream exploded' };
    const failed = expectError(
      await post(token, 'text', { idea: '新中式茶室' }),
      'PROMPT_MODEL_FAILED',
    );
    expect(failed.message).not.toContain('exploded');
    chat.knobs.fail = undefined;

    for (let i = 1; i < PROMPTS_PER_MINUTE; i++) {
      expect((await post(token, 'text', { idea: '新中式茶室' })).statusCode).toBe(200);
    }
    expectError(await post(token, 'text', { idea: '新中式茶室' }), 'PROMPT_TOO_FREQUENT');
  });
});
