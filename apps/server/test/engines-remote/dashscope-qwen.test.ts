import pino from 'pino';
import sharp from 'sharp';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { loadEnv } from '../../src/config/env';
import { LlmError } from '../../src/providers/llm/llm';
import { createOpenAiLlm } from '../../src/providers/llm/openai-llm';
import { createPromptsService } from '../../src/modules/prompts/prompts.service';
import type { FilesService } from '../../src/modules/uploads/files.service';
import { startDashScopeDouble } from '../doubles/dashscope-double';
import type { DashScopeDouble } from '../doubles/dashscope-double';

/** Qwen and Qwen-VL on the DashScope key, through its OpenAI-compatible mode. */
describe('Qwen through DashScope compatible mode (against the DashScope double)', () => {
  let api: DashScopeDouble;
  let picture: string;
  const env = (extra: Record<string, string> = {}) =>
    loadEnv(
      { DASHSCOPE_API_KEY: api.apiKey, DASHSCOPE_BASE_URL: api.url, ...extra },
      { cwd: '/srv' },
    );
  const llmOf = (e = env()) => createOpenAiLlm({ targets: e.llm, idleTimeoutMs: 5000 });

  beforeAll(async () => {
    api = await startDashScopeDouble();
    const png = await sharp({ create: { width: 64, height: 48, channels: 3, background: '#c9b' } })
      .png()
      .toBuffer();
    picture = `data:image/png;base64,${png.toString('base64')}`;
  });
  afterAll(() => api.close());
  beforeEach(() => {
    api.chats.length = 0;
  });

  it('with only DASHSCOPE_API_KEY, configures qwen on the compatible-mode path', () => {
    const e = env();
    expect(e.llm.qwen).toEqual({
      baseUrl: `${api.url}/compatible-mode/v1`,
      apiKey: api.apiKey,
      model: 'qwen-plus',
      visionModel: 'qwen-vl-plus',
    });
    expect(e.llm.gpt).toBeUndefined();
    expect(
      env({ DASHSCOPE_MODEL_CHAT: 'qwen-max', DASHSCOPE_MODEL_VISION: 'qwen-vl-max' }).llm.qwen,
    ).toMatchObject({ model: 'qwen-max', visionModel: 'qwen-vl-max' });
  });

  it('asks qwen-plus for text and qwen-vl-plus when the question carries a picture', async () => {
    const llm = llmOf();
    const text = await llm.chat('qwen', [{ role: 'user', content: '奶油风客厅' }]);
    expect(text.content).toContain('奶油风客厅');
    await llm.chat('qwen', [
      {
        role: 'user',
        content: [
          { type: 'text', text: '描述这张图' },
          { type: 'image_url', image_url: { url: picture } },
        ],
      },
    ]);
    expect(api.chats).toEqual([
      { model: 'qwen-plus', images: [], status: 200 },
      { model: 'qwen-vl-plus', images: [{ width: 64, height: 48 }], status: 200 },
    ]);
  });

  it('maps a wrong key and a refused picture to errors a designer can read', async () => {
    const wrong = createOpenAiLlm({
      targets: { qwen: { ...env().llm.qwen!, apiKey: 'sk-wrong' } },
      idleTimeoutMs: 5000,
    });
    const auth = await wrong
      .chat('qwen', [{ role: 'user', content: '问' }])
      .catch((e: unknown) => e);
    expect(auth).toBeInstanceOf(LlmError);
    expect(auth).toMatchObject({ kind: 'auth', status: 401 });
    const textOnly = createOpenAiLlm({
      targets: { qwen: { ...env().llm.qwen!, visionModel: undefined } },
      idleTimeoutMs: 5000,
    });
    const refused = await textOnly
      .chat('qwen', [
        { role: 'user', content: [{ type: 'image_url', image_url: { url: picture } }] },
      ])
      .catch((e: unknown) => e);
    expect(refused).toMatchObject({ kind: 'bad-request', status: 400 });
  });

  it('the prompt tools answer on Qwen when no LLM_* model is set; a configured one goes first', async () => {
    const prompts = (e = env()) =>
      createPromptsService({
        llm: llmOf(e),
        files: {} as FilesService,
        logger: pino({ level: 'silent' }),
        admit: () => Promise.resolve(),
      });
    expect(prompts().status().available).toBe(true);
    expect(await prompts().text('u1', { idea: '客厅', style: 'realistic' } as never)).toMatchObject(
      {
        zh: '奶油风客厅',
      },
    );
    expect(api.chats.map((c) => c.model)).toEqual(['qwen-plus']);
    const withGpt = env({ LLM_GPT_BASE_URL: 'http://127.0.0.1:9/v1', LLM_GPT_MODEL: 'gpt-x' });
    await prompts(withGpt)
      .text('u1', { idea: '客厅', style: 'realistic' } as never)
      .catch(() => {});
    // Still one Qwen call: the configured GPT was asked (and is unreachable here).
    expect(api.chats).toHaveLength(1);
  });
});
