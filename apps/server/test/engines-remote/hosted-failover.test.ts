import { afterEach, describe, expect, it } from 'vitest';
import { createArkEngine } from '../../src/engines/ark/ark.engine';
import { createDashScopeEngine } from '../../src/engines/dashscope/dashscope.engine';
import { sleep } from '../../src/engines/hosted-call';
import type { Sleep } from '../../src/engines/hosted-call';
import type { ProviderCallSink } from '../../src/engines/provider-calls';
import { createProviderCallsRepository } from '../../src/modules/tasks/provider-calls.repository';
import { startArkDouble } from '../doubles/ark-double';
import type { ArkDouble } from '../doubles/ark-double';
import { startDashScopeDouble } from '../doubles/dashscope-double';
import type { DashScopeDouble } from '../doubles/dashscope-double';
import { smsLogin } from '../helper';
import type { TestApp } from '../helper';
import { buildTaskApp, jpeg, upload, waitUntil } from '../task-fixtures';

// Every backoff and poll wait shortened: the tests count calls, not seconds.
const fast: Sleep = (_ms, signal) => sleep(1, signal);

const closers: (() => Promise<void>)[] = [];
afterEach(async () => {
  while (closers.length) await closers.pop()!();
});

/** Both keys configured: DashScope first in the routing list, Ark after it. */
const bothProviders = async (knobs: {
  dashscope?: Parameters<typeof startDashScopeDouble>[0];
  ark?: Parameters<typeof startArkDouble>[0];
  /** TASK_BUSY_WAIT_MS: 0 unless a test waits out throttling. */
  busyWaitMs?: number;
}) => {
  const ds: DashScopeDouble = await startDashScopeDouble({ pendingPolls: 0, ...knobs.dashscope });
  const ark: ArkDouble = await startArkDouble(knobs.ark);
  closers.push(ds.close, ark.close);
  const engines = (recordCall: ProviderCallSink) => [
    createDashScopeEngine({
      baseUrl: ds.url,
      apiKey: ds.apiKey,
      sleep: fast,
      pollMs: 1,
      recordCall,
    }),
    createArkEngine({ baseUrl: ark.url, apiKey: ark.apiKey, sleep: fast, pollMs: 1, recordCall }),
  ];
  const t: TestApp = await buildTaskApp({
    engines,
    startWorker: true,
    env: { TASK_BUSY_WAIT_MS: String(knobs.busyWaitMs ?? 0) },
  });
  closers.push(t.close);
  const user = await smsLogin(t);
  const img = await upload(t, user.token, await jpeg(800, 600));
  const calls = createProviderCallsRepository(t.container.database.db);
  const status = async (taskId: string) =>
    (
      await t.app.inject({
        url: `/api/ai/getTaskByTaskId?taskId=${taskId}`,
        headers: { satoken: user.token },
      })
    ).json().data as { status: string; outputs: unknown[]; error: string | null };
  return {
    ds,
    ark,
    start: async () => {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/ai/startTask',
        payload: { toolId: 'indoor', upload_img: img.fileId },
        headers: { satoken: user.token },
      });
      expect(res.statusCode, res.body).toBe(200);
      return res.json().data.taskId as string;
    },
    ended: async (taskId: string) => {
      await waitUntil(async () => ['succeeded', 'failed'].includes((await status(taskId)).status));
      return status(taskId);
    },
    reasons: async (taskId: string) =>
      (await t.container.tickets.entriesFor(taskId)).map((e) => e.reason).sort(),
    balance: () => t.container.tickets.balance(user.user.id, 1),
    calls: (taskId: string) => calls.callsOfTask(taskId),
  };
};

describe('failover between the hosted engines', () => {
  it('DashScope throttled throughout: Ark serves, tickets held once and captured once', async () => {
    const s = await bothProviders({ dashscope: { throttle: 1000 } });
    const before = await s.balance();
    const taskId = await s.start();
    const end = await s.ended(taskId);
    expect(end).toMatchObject({ status: 'succeeded', error: null });
    expect(end.outputs).toHaveLength(1);
    // Its own retries first (1 + 3 with backoff), then the next engine of the list, once.
    expect(s.ds.received.map((r) => r.status)).toEqual([429, 429, 429, 429]);
    expect(s.ark.received).toHaveLength(1);
    expect(await s.reasons(taskId)).toEqual(['capture', 'hold']);
    const after = await s.balance();
    expect(before - after).toBeGreaterThan(0);
    const calls = await s.calls(taskId);
    expect(calls).toMatchObject([
      {
        provider: 'dashscope',
        model: 'wanx2.1-imageedit',
        status: 'failed',
        errorCode: 'Throttling.RateQuota',
        units: 0,
        costMicro: 0,
      },
      {
        provider: 'ark',
        model: 'doubao-seedream-4-0-250828',
        status: 'succeeded',
        unit: 'image',
        units: 1,
        unitPriceMicro: 200_000,
        costMicro: 200_000,
      },
    ]);
    expect(calls[1]!.requestId).toEqual(expect.any(String));
  });

  it('DashScope answering 500 throughout: Ark serves', async () => {
    const s = await bothProviders({ dashscope: { serverErrors: 1000 } });
    const taskId = await s.start();
    expect(await s.ended(taskId)).toMatchObject({ status: 'succeeded' });
    expect(s.ds.received.map((r) => r.status)).toEqual([500, 500, 500, 500]);
    expect(s.ark.received).toHaveLength(1);
    expect(await s.reasons(taskId)).toEqual(['capture', 'hold']);
    expect((await s.calls(taskId)).map((c) => [c.provider, c.status, c.errorCode])).toEqual([
      ['dashscope', 'failed', 'InternalError'],
      ['ark', 'succeeded', null],
    ]);
  });

  it('a content-safety refusal: one call, no failover, no retry, refunded once', async () => {
    const s = await bothProviders({ dashscope: { inspect: 'submit' } });
    const before = await s.balance();
    const taskId = await s.start();
    const end = await s.ended(taskId);
    expect(end.status).toBe('failed');
    expect(end.error).toMatch(/^内容未通过安全审核/);
    expect(s.ds.received).toHaveLength(1);
    expect(s.ark.received).toHaveLength(0);
    expect(await s.reasons(taskId)).toEqual(['hold', 'release']);
    expect(await s.balance()).toBe(before);
    expect(await s.calls(taskId)).toMatchObject([
      { provider: 'dashscope', status: 'failed', errorCode: 'DataInspectionFailed', costMicro: 0 },
    ]);
  });

  it('both busy for a while: the task waits them out and succeeds, charged once', async () => {
    // Each run is 4 creations per provider (1 + 3 retries): two runs meet only throttling.
    const s = await bothProviders({
      dashscope: { throttle: 8 },
      ark: { throttle: 8 },
      busyWaitMs: 3_000,
    });
    const before = await s.balance();
    const taskId = await s.start();
    const end = await s.ended(taskId);
    expect(end).toMatchObject({ status: 'succeeded', error: null });
    expect(s.ds.received.map((r) => r.status)).toEqual([...Array(8).fill(429), 200]);
    expect(await s.reasons(taskId)).toEqual(['capture', 'hold']);
    expect(before - (await s.balance())).toBeGreaterThan(0);
  });

  it('both busy: the task fails after its attempts, refunded exactly once', async () => {
    const s = await bothProviders({ dashscope: { throttle: 1000 }, ark: { throttle: 1000 } });
    const before = await s.balance();
    const taskId = await s.start();
    const end = await s.ended(taskId);
    expect(end.status).toBe('failed');
    expect(end.error).toMatch(/繁忙|稍后/);
    expect(await s.reasons(taskId)).toEqual(['hold', 'release']);
    expect(await s.balance()).toBe(before);
    // Two attempts, each DashScope then Ark: four failed rows, nothing billed.
    const calls = await s.calls(taskId);
    expect(calls.map((c) => c.provider)).toEqual(['dashscope', 'ark', 'dashscope', 'ark']);
    expect(calls.every((c) => c.status === 'failed' && c.costMicro === 0)).toBe(true);
  });
});
