import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startOpenAiChatDouble } from './doubles/openai-chat-double';
import type { OpenAiChatDouble } from './doubles/openai-chat-double';
import {
  buildTestApp,
  closedPort,
  describeEachDatabase,
  expectError,
  makeTempDir,
  smsLogin,
  uniqueIp,
} from './helper';
import type { TestApp } from './helper';
import { PROMPTS_PER_MINUTE } from '../src/modules/prompts/prompts.service';

const redisUrl = process.env.TEST_REDIS_URL ?? '';

/**
 * Two API processes behind one load balancer must not give a user twice the limit: with
 * REDIS_URL set every per-user limit a service checks itself is one count in Redis. Two apps on
 * the same database and Redis stand for two processes; the requests alternate between them.
 */
describe.skipIf(!redisUrl)('per-user limits across API processes (needs TEST_REDIS_URL)', () => {
  describeEachDatabase('shared limits', (target) => {
    let chat: OpenAiChatDouble;
    let one: TestApp;
    let two: TestApp;
    beforeAll(async () => {
      chat = await startOpenAiChatDouble({
        reply: { content: JSON.stringify({ zh: '客厅', en: 'living room', tags: [] }) },
        reasoningVia: 'none',
      });
      const dataDir = await makeTempDir();
      const env = {
        REDIS_URL: redisUrl,
        // Counts of this run only: the addresses (uniqueIp) start again in every run, and a run
        // within the minute before (the Node 24 repeat, another checkout's) would have used them.
        REDIS_PREFIX: `test-rate-${randomBytes(4).toString('hex')}`,
        CLICK_MASK_PER_MINUTE: '3',
        // What is checked is the shared count, not the timeout that lets a request through
        // uncounted: on a loaded machine a stalled event loop can run the 500 ms timer before
        // Redis's answer is read.
        RATE_LIMIT_REDIS_TIMEOUT_MS: '5000',
        ASSISTANT_QUESTIONS_PER_MINUTE: '3',
        LLM_GPT_BASE_URL: chat.url,
        LLM_GPT_API_KEY: chat.apiKey,
        LLM_GPT_MODEL: 'gpt-test',
      };
      // role api: these processes hand tasks over but never take jobs from the shared Redis.
      one = await buildTestApp({ target, env, role: 'api', dataDir });
      two = await buildTestApp({ target, env, role: 'api', dataDir });
    });
    afterAll(async () => {
      await one?.close();
      await two?.close();
      await chat?.close();
    });

    const post = (t: TestApp, token: string, url: string, payload: object) =>
      t.app.inject({ method: 'POST', url, headers: { satoken: token }, payload });
    /** Alternates between the two processes; returns the status codes in order. */
    const alternate = async (n: number, send: (t: TestApp) => Promise<{ statusCode: number }>) => {
      const codes: number[] = [];
      for (let i = 0; i < n; i++) codes.push((await send(i % 2 ? two : one)).statusCode);
      return codes;
    };

    it('click segmentation: the limit counts requests on both processes together', async () => {
      const { token } = await smsLogin(one);
      const click = (t: TestApp) =>
        post(t, token, '/api/ai/clickMask', {
          fileId: 'not-a-file',
          points: [{ x: 1, y: 1, positive: true }],
        });
      // Counted before the file is looked up: three answered (no such file), then refused.
      const codes = await alternate(3, click);
      expect(codes.every((c) => c !== 429)).toBe(true);
      expectError(await click(two), 'CLICK_MASK_TOO_FREQUENT');
      expectError(await click(one), 'CLICK_MASK_TOO_FREQUENT');
      // Another user has a count of their own.
      const other = await smsLogin(two);
      expect((await click(one)).statusCode).toBe(429);
      const theirs = await post(one, other.token, '/api/ai/clickMask', {
        fileId: 'not-a-file',
        points: [{ x: 1, y: 1, positive: true }],
      });
      expect(theirs.statusCode).not.toBe(429);
    });

    it('assistant questions: one count across processes', async () => {
      const { token } = await smsLogin(two);
      const ask = (t: TestApp) =>
        post(t, token, '/api/ai/gptTalk', { model: 'gpt', uploadedImage: 'not-a-file' });
      const codes = await alternate(3, ask);
      expect(codes.every((c) => c !== 429)).toBe(true);
      expectError(await ask(one), 'ASSISTANT_TOO_FREQUENT');
      expectError(await ask(two), 'ASSISTANT_TOO_FREQUENT');
    });

    it('prompt tools: PROMPTS_PER_MINUTE answers in all, whichever process asked', async () => {
      const { token } = await smsLogin(one);
      const before = chat.received.length;
      const expand = (t: TestApp) => post(t, token, '/api/prompts/text', { idea: '新中式茶室' });
      expect(await alternate(PROMPTS_PER_MINUTE, expand)).toEqual(
        Array.from({ length: PROMPTS_PER_MINUTE }, () => 200),
      );
      expectError(await expand(one), 'PROMPT_TOO_FREQUENT');
      expectError(await expand(two), 'PROMPT_TOO_FREQUENT');
      expect(chat.received.length - before).toBe(PROMPTS_PER_MINUTE);
    });

    it('guest feedback: five per address across processes', async () => {
      const ip = uniqueIp();
      const send = (t: TestApp) =>
        t.app.inject({
          method: 'POST',
          url: '/api/support/feedback',
          remoteAddress: ip,
          payload: { category: 'bug', text: '页面打不开，请帮忙看看' },
        });
      const codes = await alternate(5, send);
      expect(codes.every((c) => c !== 429)).toBe(true);
      expectError(await send(two), 'FEEDBACK_TOO_FREQUENT');
    });
  });
});

describe('per-user limits when Redis is unreachable', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp({
      role: 'api',
      env: { REDIS_URL: `redis://127.0.0.1:${await closedPort()}`, CLICK_MASK_PER_MINUTE: '1' },
    });
  });
  afterAll(() => t?.close());

  it('admits instead of hanging or failing (the count is skipped)', async () => {
    const { token } = await smsLogin(t);
    for (let i = 0; i < 3; i++) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/ai/clickMask',
        headers: { satoken: token },
        payload: { fileId: 'not-a-file', points: [{ x: 1, y: 1, positive: true }] },
      });
      expect(res.statusCode, res.body).not.toBe(429);
      expect(res.statusCode).toBeLessThan(500);
    }
  });
});
