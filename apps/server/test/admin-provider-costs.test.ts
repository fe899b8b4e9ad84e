import { afterAll, beforeAll, expect, it } from 'vitest';
import type { ProviderCallRecord } from '../src/engines/provider-calls';
import { createProviderCallsRepository } from '../src/modules/tasks/provider-calls.repository';
import { createProviderCallSink, priceTable } from '../src/modules/tasks/provider-prices';
import { describeEachDatabase } from './helper';
import type { TestApp } from './helper';
import { buildTaskApp } from './task-fixtures';
import { ROOT, adminLogin, manageCall, rootEnv } from './admin-fixtures';

describeEachDatabase('admin dashboard: hosted providers’ cost beside revenue', (target) => {
  let t: TestApp;
  let root: string;
  beforeAll(async () => {
    t = await buildTaskApp({ target, role: 'api', env: rootEnv });
    root = await adminLogin(t, ROOT.username, ROOT.password);
    const repo = createProviderCallsRepository(t.container.database.db);
    const prices = priceTable({ 'wan2.2-i2v-plus': '0.7' });
    // Each row at its own instant: the sink stamps rows with `now`.
    const at = (iso: string, call: Partial<ProviderCallRecord>) =>
      createProviderCallSink({
        repo,
        prices,
        now: () => new Date(iso),
        onError: (err) => {
          throw err;
        },
      })({
        taskId: `T${iso}`,
        toolId: 'indoor',
        provider: 'dashscope',
        model: 'wanx2.1-imageedit',
        status: 'succeeded',
        units: 1,
        unit: 'image',
        ...call,
      });
    // 23:59 and 00:00 China time fall on two business days.
    await at('2026-03-01T15:59:00.000Z', { units: 2 });
    await at('2026-03-01T16:00:00.000Z', {
      toolId: 'image-to-video',
      model: 'wan2.2-i2v-plus',
      unit: 'second',
      units: 5,
    });
    await at('2026-03-01T16:01:00.000Z', {
      toolId: 'text-to-video',
      provider: 'ark',
      model: 'doubao-seedance-1-0-pro-250528',
      unit: 'token',
      units: 108_900,
    });
    // Failed and canceled calls are rows too, and cost nothing.
    await at('2026-03-01T16:02:00.000Z', { status: 'failed', units: 0, errorCode: 'Throttling' });
    await at('2026-03-01T16:03:00.000Z', { status: 'canceled', units: 1 });
  });
  afterAll(() => t.close());

  it('costs per China day and per tool, in exact micro-yuan', async () => {
    const res = await manageCall(t)('GET', '/stats?from=2026-03-01&to=2026-03-02', root);
    expect(res.statusCode, res.body).toBe(200);
    const s = res.json().data;
    expect(s.daily.map((d: { day: string; costMicroYuan: number }) => [d.day, d.costMicroYuan]))
      // 2 × 0.14; then 5 s × 0.7 + 108 900 tokens × 0.000015 (1.6335).
      .toEqual([
        ['2026-03-01', 280_000],
        ['2026-03-02', 3_500_000 + 1_633_500],
      ]);
    expect(s.costs).toEqual({
      totalMicroYuan: 280_000 + 3_500_000 + 1_633_500,
      byTool: [
        { toolId: 'image-to-video', costMicroYuan: 3_500_000, calls: 1 },
        { toolId: 'text-to-video', costMicroYuan: 1_633_500, calls: 1 },
        { toolId: 'indoor', costMicroYuan: 280_000, calls: 1 },
      ],
    });
    expect(s.daily[0]).toHaveProperty('revenueFen', 0);
  });

  it('every call is a row, failed ones with their code and no cost', async () => {
    const repo = createProviderCallsRepository(t.container.database.db);
    expect(await repo.callsOfTask('T2026-03-01T16:02:00.000Z')).toMatchObject([
      { status: 'failed', errorCode: 'Throttling', unitPriceMicro: 140_000, costMicro: 0 },
    ]);
    expect(await repo.callsOfTask('T2026-03-01T16:03:00.000Z')).toMatchObject([
      { status: 'canceled', costMicro: 0 },
    ]);
  });

  it('the engines screen lists both hosted engines, configured or not', async () => {
    const res = await manageCall(t)('GET', '/engines', root);
    expect(res.statusCode, res.body).toBe(200);
    const engines = res.json().data.engines as { id: string; status: string; name: string }[];
    expect(engines.filter((e) => ['dashscope', 'ark'].includes(e.id))).toMatchObject([
      { id: 'dashscope', name: '阿里云百炼', status: 'unconfigured' },
      { id: 'ark', name: '火山方舟', status: 'unconfigured' },
    ]);
  });
});
