import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDashScopeEngine } from '../src/engines/dashscope/dashscope.engine';
import { sleep } from '../src/engines/hosted-call';
import type { Sleep } from '../src/engines/hosted-call';
import { startDashScopeDouble } from './doubles/dashscope-double';
import type { DashScopeDouble } from './doubles/dashscope-double';
import { smsLogin } from './helper';
import type { TestApp } from './helper';
import { buildTaskApp, fakeEngine, jpeg, upload, waitUntil } from './task-fixtures';
import { ROOT, adminLogin, manageCall, rootEnv } from './admin-fixtures';

type EngineRow = {
  id: string;
  status: string;
  concurrency: { inUse: number; limit: number } | null;
  recentErrors: { at: string; toolId: string; message: string | null }[];
};

// The engines screen of an installation with DashScope configured (its protocol double).
describe('admin engines: hosted providers', () => {
  let t: TestApp;
  let api: DashScopeDouble;
  let root: string;
  const fast: Sleep = (_ms, signal) => sleep(1, signal);

  beforeAll(async () => {
    api = await startDashScopeDouble();
    t = await buildTaskApp({
      env: { ...rootEnv, DASHSCOPE_API_KEY: api.apiKey, DASHSCOPE_CONCURRENCY: '2' },
      engines: [
        fakeEngine(),
        createDashScopeEngine({ baseUrl: api.url, apiKey: api.apiKey, sleep: fast }),
      ],
      startWorker: true,
    });
    root = await adminLogin(t, ROOT.username, ROOT.password);
  });
  afterAll(async () => {
    await t?.close();
    await api?.close();
  });

  const call = () => manageCall(t);
  const rows = async () =>
    ((await call()('GET', '/engines', root)).json().data.engines as EngineRow[]).reduce(
      (m, r) => m.set(r.id, r),
      new Map<string, EngineRow>(),
    );

  it('lists both hosted providers: health, the slots in use of the limit, unconfigured ones too', async () => {
    const engines = await rows();
    expect(engines.get('dashscope')).toMatchObject({
      status: 'up',
      concurrency: { inUse: 0, limit: 2 },
    });
    expect(engines.get('ark')).toMatchObject({ status: 'unconfigured', concurrency: null });
    expect(engines.get('local')!.concurrency).toBeNull();
  });

  it('shows a failed task’s message under its engine’s recent errors', async () => {
    api.knobs.failTask = { code: 'InternalError.Algo', message: 'algorithm error' };
    try {
      const a = await smsLogin(t);
      const img = await upload(t, a.token, await jpeg(800, 600));
      const started = await t.app.inject({
        method: 'POST',
        url: '/api/ai/startTask',
        headers: { satoken: a.token },
        payload: { toolId: 'indoor', upload_img: img.fileId },
      });
      expect(started.statusCode, started.body).toBe(200);
      await waitUntil(async () => (await rows()).get('dashscope')!.recentErrors.length > 0);
      const [error] = (await rows()).get('dashscope')!.recentErrors;
      expect(error).toMatchObject({ toolId: 'indoor', message: expect.stringMatching(/[一-龥]/) });
    } finally {
      api.knobs.failTask = undefined;
    }
  });

  it('测试 runs one real text-to-image through the provider, shows its thumbnail and is audited', async () => {
    const before = api.received.length;
    const res = await call()('POST', '/engines/dashscope/test', root, { reason: '上线检查' });
    expect(res.statusCode, res.body).toBe(200);
    const result = res.json().data;
    expect(result).toMatchObject({ ok: true, capability: 'text-to-image', error: null });
    expect(result.thumbnail).toMatch(/^data:image\/jpeg;base64,/);
    expect(api.received.slice(before)).toEqual([
      expect.objectContaining({ path: '/api/v1/services/aigc/text2image/image-synthesis' }),
    ]);
    const audit = await t.container.database.db
      .selectFrom('admin_audit_log')
      .select(['action', 'target', 'reason'])
      .where('action', '=', 'engine.test')
      .execute();
    expect(audit).toEqual([
      { action: 'engine.test', target: 'engine:dashscope', reason: '上线检查' },
    ]);
  });

  it('a failing 测试 answers the Chinese error with the provider’s code; an unknown engine is 404', async () => {
    api.knobs.inspect = 'submit';
    try {
      const res = await call()('POST', '/engines/dashscope/test', root, { reason: '复查' });
      expect(res.json().data).toMatchObject({ ok: false, thumbnail: null });
      expect(res.json().data.error).toMatch(/[一-龥].*DataInspectionFailed/);
    } finally {
      api.knobs.inspect = undefined;
    }
    const missing = await call()('POST', '/engines/ark/test', root, { reason: '复查' });
    expect(missing.statusCode).toBe(404);
  });
});
