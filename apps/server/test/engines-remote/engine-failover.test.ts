import os from 'node:os';
import { afterEach, describe, expect, it } from 'vitest';
import { EngineError } from '../../src/engines/engine';
import type { Engine, EngineJob } from '../../src/engines/engine';
import { failsOver, runWithFailover, waitOutBusy } from '../../src/engines/engine-failover';
import { ProviderError } from '../../src/engines/hosted-call';
import { buildTaskApp, fakeEngine } from '../task-fixtures';
import type { TestApp } from '../helper';

const refusal = new ProviderError(
  '内容未通过安全审核，请修改描述或更换图片后重试',
  'DashScope 400 DataInspectionFailed',
  false,
  'dashscope',
  'DataInspectionFailed',
  'req-1',
);
const throttled = new ProviderError('生成服务繁忙，请稍后重试', '429', true, 'ark', 'x', 'r');
const badKey = new ProviderError('密钥无效', '401', false, 'ark', 'AuthenticationError', 'r');

const job = (signal = new AbortController().signal) =>
  ({ taskId: 'T', toolId: 'indoor', signal }) as unknown as EngineJob;

const failing = (id: Engine['id'], error: unknown) =>
  fakeEngine(['render'], () => Promise.reject(error), id);

describe('which failures fail over', () => {
  it('busy, down, timed out or an account that cannot serve: yes; refusals and bad input: no', () => {
    expect(failsOver(throttled)).toBe(true);
    expect(failsOver(new EngineError('生成服务暂时无法连接', 'ECONNREFUSED', true))).toBe(true);
    expect(failsOver(badKey)).toBe(true);
    expect(failsOver(refusal)).toBe(false);
    expect(failsOver(new EngineError('输入不符合要求', 'InvalidParameter'))).toBe(false);
    expect(failsOver(new Error('bug'))).toBe(false);
  });

  it('runs down the list and names the engine that served; a refusal stops at once', async () => {
    const a = failing('dashscope', throttled);
    const b = failing('ark', badKey);
    const c = fakeEngine(['render'], undefined, 'openai-images');
    const moves: string[] = [];
    const served = await runWithFailover(
      a,
      () => Promise.resolve([b, c]),
      { ...job(), workDir: os.tmpdir(), onProgress: () => {} },
      (from, to) => moves.push(`${from.id}→${to.id}`),
    );
    expect(served.engine.id).toBe('openai-images');
    expect(served.outputs[0]!.provider).toMatchObject({ provider: 'openai-images' });
    expect(moves).toEqual(['dashscope→ark', 'ark→openai-images']);

    const refused = failing('dashscope', refusal);
    const never = fakeEngine(['render'], undefined, 'ark');
    await expect(runWithFailover(refused, () => Promise.resolve([never]), job())).rejects.toBe(
      refusal,
    );
    expect(never.runs).toHaveLength(0);
  });

  it('the last failure is what the caller sees; an aborted job never fails over', async () => {
    const a = failing('dashscope', throttled);
    const b = failing('ark', throttled);
    await expect(runWithFailover(a, () => Promise.resolve([b]), job())).rejects.toBe(throttled);
    expect(b.runs).toHaveLength(1);
    const controller = new AbortController();
    controller.abort();
    const c = fakeEngine(['render'], undefined, 'ark');
    await expect(
      runWithFailover(a, () => Promise.resolve([c]), job(controller.signal)),
    ).rejects.toBe(throttled);
    expect(c.runs).toHaveLength(0);
  });
});

describe('the router’s fallbacks', () => {
  let t: TestApp | undefined;
  afterEach(async () => {
    await t?.close();
    t = undefined;
  });

  it('the engines after the failed one, configured, capable and not switched off', async () => {
    t = await buildTaskApp({
      engines: [
        fakeEngine(['render'], undefined, 'comfyui'),
        fakeEngine(['render'], undefined, 'dashscope'),
        fakeEngine(['render'], undefined, 'ark'),
        fakeEngine(['to-line'], undefined, 'openai-images'),
      ],
    });
    const router = t.container.router;
    const ids = async (from: string, toolId = 'indoor') =>
      (await router.fallbacks('render', toolId, from)).map((e) => e.id);
    // Default list comfyui → dashscope → ark → openai-images; openai-images cannot render here.
    expect(await ids('comfyui')).toEqual(['dashscope', 'ark']);
    expect(await ids('dashscope')).toEqual(['ark']);
    expect(await ids('ark')).toEqual([]);
    await t.container.database.db
      .insertInto('app_settings')
      .values({
        key: 'service.outOfService',
        value: JSON.stringify({ engines: { ark: '维护中' }, tools: { 'local-render': '维护中' } }),
        updated_at: new Date().toISOString(),
      })
      .execute();
    router.invalidate();
    expect(await ids('comfyui')).toEqual(['dashscope']);
    expect(await ids('comfyui', 'local-render')).toEqual([]);
  });
});

describe('waiting out throttling providers', () => {
  const busy = new ProviderError(
    '生成服务繁忙，请稍后重试',
    '429',
    true,
    'ark',
    'x',
    'r',
    't',
    true,
  );
  const noSleep = (waits: number[]) => (ms: number) => {
    waits.push(ms);
    return Promise.resolve();
  };
  const signal = new AbortController().signal;

  it('runs again after doubling waits while only throttling fails, then answers', async () => {
    let calls = 0;
    const waits: number[] = [];
    const attempt = () => (++calls < 4 ? Promise.reject(busy) : Promise.resolve('ok'));
    await expect(
      waitOutBusy(attempt, { maxWaitMs: 10_000, signal, sleep: noSleep(waits) }),
    ).resolves.toBe('ok');
    expect(waits).toEqual([500, 1000, 2000]);
  });

  it('gives up once the budget is spent, and never waits for other failures', async () => {
    const waits: number[] = [];
    await expect(
      waitOutBusy(() => Promise.reject(busy), { maxWaitMs: 2_000, signal, sleep: noSleep(waits) }),
    ).rejects.toBe(busy);
    expect(waits).toEqual([100, 200, 400, 800]);
    const notBusy = [throttled, refusal, new EngineError('暂时无法连接', 'ECONNREFUSED', true)];
    for (const error of notBusy) {
      const none: number[] = [];
      await expect(
        waitOutBusy(() => Promise.reject(error), {
          maxWaitMs: 60_000,
          signal,
          sleep: noSleep(none),
        }),
      ).rejects.toBe(error);
      expect(none).toEqual([]);
    }
  });
});
