import { getTool } from '@huijing/tools';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EngineError } from '../src/engines/engine';
import type { EngineJob } from '../src/engines/engine';
import { describeEachDatabase, expectError, smsLogin } from './helper';
import type { TestApp } from './helper';
import { buildTaskApp, fakeEngine, untilAborted, upload, waitUntil } from './task-fixtures';

type Info = {
  taskId: string;
  status: string;
  queueNum: number;
  progress: number;
  error: string | null;
  outputs: { url: string; thumbUrl: string | null; width: number; height: number; kind: string }[];
};

const api = (t: TestApp, token: string) => ({
  start: (payload: Record<string, unknown>, key?: string) =>
    t.app.inject({
      method: 'POST',
      url: '/api/ai/startTask',
      payload,
      headers: { satoken: token, ...(key && { 'idempotency-key': key }) },
    }),
  get: (taskId: string) =>
    t.app.inject({
      method: 'GET',
      url: `/api/ai/getTaskByTaskId?taskId=${taskId}`,
      headers: { satoken: token },
    }),
  info: async (taskId: string) =>
    (
      await t.app.inject({
        method: 'GET',
        url: `/api/ai/getTaskByTaskId?taskId=${taskId}`,
        headers: { satoken: token },
      })
    ).json().data as Info,
  list: (query = '') =>
    t.app.inject({
      method: 'GET',
      url: `/api/ai/getTaskList${query}`,
      headers: { satoken: token },
    }),
  del: (taskId: string, keep = false) =>
    t.app.inject({
      method: 'GET',
      url: `/api/ai/delTaskByTaskId?taskId=${taskId}${keep ? '&keep=1' : ''}`,
      headers: { satoken: token },
    }),
  balance: async (type = 1) =>
    (
      await t.app.inject({
        method: 'GET',
        url: `/api/ai/totalTicket?type=${type}`,
        headers: { satoken: token },
      })
    ).json().data as number,
});

const ledgerAddsUp = async (t: TestApp, userId: string, type: 1 | 2 | 3 | 4 = 1) => {
  const { tickets } = t.container;
  expect(await tickets.ledgerSum(userId, type)).toBe(await tickets.balance(userId, type));
};

const reasons = async (t: TestApp, taskId: string) =>
  (await t.container.tickets.entriesFor(taskId)).map((e) => e.reason).sort();

describeEachDatabase('tasks: submit, queue position, tickets (no worker)', (target) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTaskApp({ target, role: 'api', env: { TASK_USER_LANE_CAP: '500' } });
  });
  afterAll(() => t.close());

  it('200 concurrent startTask against a balance of 37: exactly 37 accepted, the ledger adds up', async () => {
    const { token, user } = await smsLogin(t);
    const img = await upload(t, token);
    const c = api(t, token);
    const results = await Promise.all(
      Array.from({ length: 200 }, () => c.start({ toolId: 'to-line', upload_img: img.fileId })),
    );
    const accepted = results.filter((r) => r.statusCode === 200);
    expect(accepted).toHaveLength(37);
    for (const r of results.filter((x) => x.statusCode !== 200)) {
      expect(expectError(r, 'TICKETS_INSUFFICIENT').message).toBe('次数不足，请充值后再试');
    }
    expect(await c.balance()).toBe(0);
    await ledgerAddsUp(t, user.id);
    // Positions are 0…36 on the lane, each once.
    const positions = await Promise.all(
      accepted.map(async (r) => (await c.info(r.json().data.taskId)).queueNum),
    );
    expect([...positions].sort((a, b) => a - b)).toEqual(Array.from({ length: 37 }, (_, i) => i));
  });

  it('an idempotent replay (sequential and concurrent) returns the first answer and takes nothing', async () => {
    const { token, user } = await smsLogin(t);
    const img = await upload(t, token);
    const c = api(t, token);
    const first = await c.start({ toolId: 'to-line', upload_img: img.fileId }, 'key-1');
    expect(first.statusCode).toBe(200);
    const again = await c.start({ toolId: 'to-line', upload_img: img.fileId }, 'key-1');
    expect(again.json().data).toEqual(first.json().data);
    const burst = await Promise.all(
      Array.from({ length: 20 }, () =>
        c.start({ toolId: 'to-line', upload_img: img.fileId }, 'key-2'),
      ),
    );
    const ids = new Set(burst.map((r) => r.json().data.taskId as string));
    expect(ids.size).toBe(1);
    expect(await c.balance()).toBe(35);
    await ledgerAddsUp(t, user.id);
    const list = (await c.list()).json().data;
    expect(list.total).toBe(2);
  });

  it('validates tool, params and inputs; accepts the spec flat form and the nested form', async () => {
    const { token } = await smsLogin(t);
    const c = api(t, token);
    expectError(await c.start({ toolId: 'no-such-tool' }), 'TOOL_NOT_FOUND');
    const missing = expectError(await c.start({ toolId: 'to-line' }), 'INPUT_REQUIRED');
    expect(missing.message).toMatch(/请先上传/);
    const img = await upload(t, token);
    const bad = expectError(
      await c.start({ toolId: 'to-line', upload_img: img.fileId, lineWeight: 99 }),
      'VALIDATION_FAILED',
    );
    expect(bad.message).toContain('params.lineWeight');
    const nested = await c.start({
      toolId: 'to-line',
      params: { lineWeight: 3 },
      inputs: { upload_img: img.url },
    });
    expect(nested.statusCode, nested.body).toBe(200);
    const dataUrl = `data:image/jpeg;base64,${(await (await import('./task-fixtures')).jpeg()).toString('base64')}`;
    const flat = await c.start({
      toolId: 'to-line',
      upload_img: dataUrl,
      task_id: 'x',
      has_start: true,
    });
    expect(flat.statusCode, flat.body).toBe(200);
    // One lane for everybody: the flat task is right behind the nested one.
    expect(flat.json().data.queueNum).toBe(nested.json().data.queueNum + 1);
    expect(await c.balance()).toBe(35);
  });

  it('refuses an unavailable tool before holding anything; /api/ai/tools explains why', async () => {
    const { token, user } = await smsLogin(t);
    const c = api(t, token);
    const img = await upload(t, token);
    const res = await c.start({ toolId: 'indoor', upload_img: img.fileId });
    const body = expectError(res, 'ENGINE_UNAVAILABLE');
    expect(body.message).toContain('ComfyUI');
    expect(await c.balance()).toBe(37);
    await ledgerAddsUp(t, user.id);

    const tools = (await t.app.inject({ method: 'GET', url: '/api/ai/tools' })).json().data as {
      id: string;
      available: boolean;
      reason?: string;
      engine?: string;
      price: number;
      routes: string[];
    }[];
    const byId = new Map(tools.map((x) => [x.id, x]));
    expect(byId.get('to-line')).toMatchObject({ available: true, engine: 'local', price: 1 });
    expect(byId.get('indoor')).toMatchObject({ available: false });
    expect(byId.get('indoor')?.reason).toMatch(/ComfyUI/);
    // A classical capability the local engine does not declare is unavailable too, with a reason.
    expect(byId.get('matting')).toMatchObject({ available: false });
    expect(byId.get('matting')?.reason).toMatch(/[\u4e00-\u9fff]/);
  });

  it('a deleted queued task is refunded once, hidden, and never runs', async () => {
    const { token, user } = await smsLogin(t);
    const c = api(t, token);
    const img = await upload(t, token);
    const { taskId } = (await c.start({ toolId: 'to-line', upload_img: img.fileId })).json().data;
    expect(await c.balance()).toBe(36);
    expect((await c.del(taskId)).statusCode).toBe(200);
    expectError(await c.del(taskId), 'TASK_NOT_FOUND');
    expectError(await c.get(taskId), 'TASK_NOT_FOUND');
    expect(await c.balance()).toBe(37);
    expect(await reasons(t, taskId)).toEqual(['hold', 'release']);
    await ledgerAddsUp(t, user.id);
    const row = await t.container.database.db
      .selectFrom('tasks')
      .select('status')
      .where('id', '=', taskId)
      .executeTakeFirstOrThrow();
    expect(row.status).toBe('canceled');
  });

  it('a cancel that keeps the run (keep=1) refunds once and leaves it in history as canceled', async () => {
    const { token, user } = await smsLogin(t);
    const c = api(t, token);
    const img = await upload(t, token);
    const { taskId } = (await c.start({ toolId: 'to-line', upload_img: img.fileId })).json().data;
    expect(await c.balance()).toBe(36);
    expect((await c.del(taskId, true)).statusCode).toBe(200);
    expect((await c.info(taskId)).status).toBe('canceled');
    const list = (await c.list('?toolId=to-line')).json().data as { list: Info[] };
    expect(list.list.map((x) => [x.taskId, x.status])).toEqual([[taskId, 'canceled']]);
    // A second cancel finds nothing to cancel and changes nothing; the refund happened once.
    expect((await c.del(taskId, true)).statusCode).toBe(200);
    expect(await c.balance()).toBe(37);
    expect(await reasons(t, taskId)).toEqual(['hold', 'release']);
    await ledgerAddsUp(t, user.id);
    // A delete afterwards still hides it.
    expect((await c.del(taskId)).statusCode).toBe(200);
    expectError(await c.get(taskId), 'TASK_NOT_FOUND');
    expectError(await c.del(taskId, true), 'TASK_NOT_FOUND');
    // keep takes 0 or 1 only.
    const bad = await t.app.inject({
      method: 'GET',
      url: `/api/ai/delTaskByTaskId?taskId=${taskId}&keep=yes`,
      headers: { satoken: token },
    });
    expect(bad.statusCode).toBe(400);
  });

  it("user B gets 404 for every task endpoint and every input file of user A's", async () => {
    const a = await smsLogin(t);
    const b = await smsLogin(t);
    const img = await upload(t, a.token);
    const { taskId } = (
      await api(t, a.token).start({ toolId: 'to-line', upload_img: img.fileId })
    ).json().data;
    const cb = api(t, b.token);
    expectError(await cb.get(taskId), 'TASK_NOT_FOUND');
    expectError(await cb.del(taskId), 'TASK_NOT_FOUND');
    expect((await cb.list()).json().data.total).toBe(0);
    // B cannot use A's upload as an input either.
    expectError(await cb.start({ toolId: 'to-line', upload_img: img.fileId }), 'FILE_NOT_FOUND');
    expect((await api(t, a.token).info(taskId)).status).toBe('queued');
  });

  it('lists own tasks newest first, 10 a page, filtered by tool or family', async () => {
    const { token } = await smsLogin(t);
    const c = api(t, token);
    const img = await upload(t, token);
    for (let i = 0; i < 12; i++) await c.start({ toolId: 'to-line', upload_img: img.fileId });
    await c.start({ toolId: 'compress', upload_img: img.fileId });
    const page1 = (await c.list()).json().data;
    expect(page1).toMatchObject({ total: 13, page: 1, pageSize: 10 });
    expect(page1.list).toHaveLength(10);
    expect(page1.list[0].toolId).toBe('compress');
    expect((await c.list('?page=2')).json().data.list).toHaveLength(3);
    expect((await c.list('?toolId=compress')).json().data.total).toBe(1);
    expect((await c.list('?family=edit')).json().data.total).toBe(13);
    expect((await c.list('?family=render')).json().data.total).toBe(0);
  });
});

describeEachDatabase('tasks: the in-process worker', (target) => {
  let t: TestApp;
  const slow = new Map<string, (job: EngineJob) => Promise<never>>();
  const engine = fakeEngine(['to-line', 'upscale', 'compress'], undefined);
  const baseRun = engine.run;
  let mode: 'ok' | 'fail' | 'retry' | 'hang' = 'ok';
  let attempts = 0;
  engine.run = async (job) => {
    attempts += 1;
    if (mode === 'fail') throw new EngineError('图片无法识别', 'bad input');
    if (mode === 'retry' && attempts === 1) throw new EngineError('引擎繁忙', 'busy', true);
    if (mode === 'hang') return (slow.get('hang') ?? untilAborted)(job);
    return baseRun(job);
  };
  beforeAll(async () => {
    t = await buildTaskApp({ target, engines: [engine], startWorker: true });
  });
  afterAll(() => t.close());

  const settled = async (c: ReturnType<typeof api>, taskId: string, status: string) => {
    await waitUntil(async () => (await c.info(taskId)).status === status);
    return c.info(taskId);
  };

  it('runs a task to success: outputs with signed URLs, tickets captured once', async () => {
    mode = 'ok';
    const { token, user } = await smsLogin(t);
    const c = api(t, token);
    const img = await upload(t, token);
    const { taskId } = (await c.start({ toolId: 'to-line', upload_img: img.fileId })).json().data;
    const info = await settled(c, taskId, 'succeeded');
    expect(info).toMatchObject({ progress: 100, queueNum: 0, error: null });
    expect(info.outputs).toHaveLength(1);
    expect(info.outputs[0]).toMatchObject({ width: 8, height: 6, kind: 'image' });
    const file = await t.app.inject({ method: 'GET', url: info.outputs[0]!.url });
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('image/png');
    expect(await c.balance()).toBe(36);
    expect(await reasons(t, taskId)).toEqual(['capture', 'hold']);
    await ledgerAddsUp(t, user.id);
    // Another user cannot read the output.
    const b = await smsLogin(t);
    const bare = info.outputs[0]!.url.split('?')[0]!;
    expectError(
      await t.app.inject({ method: 'GET', url: bare, headers: { satoken: b.token } }),
      'FILE_NOT_FOUND',
    );
  });

  it('a failed task shows the engine message and refunds once', async () => {
    mode = 'fail';
    const { token, user } = await smsLogin(t);
    const c = api(t, token);
    const img = await upload(t, token);
    const { taskId } = (await c.start({ toolId: 'to-line', upload_img: img.fileId })).json().data;
    const info = await settled(c, taskId, 'failed');
    expect(info.error).toBe('图片无法识别');
    expect(await c.balance()).toBe(37);
    expect(await reasons(t, taskId)).toEqual(['hold', 'release']);
    await ledgerAddsUp(t, user.id);
    // Deleting it afterwards hides it and refunds nothing more.
    await c.del(taskId);
    expect(await c.balance()).toBe(37);
    expect(await reasons(t, taskId)).toEqual(['hold', 'release']);
  });

  it('a retryable engine error is retried once and then succeeds', async () => {
    mode = 'retry';
    attempts = 0;
    const { token } = await smsLogin(t);
    const c = api(t, token);
    const img = await upload(t, token);
    const { taskId } = (await c.start({ toolId: 'to-line', upload_img: img.fileId })).json().data;
    await settled(c, taskId, 'succeeded');
    expect(attempts).toBe(2);
    expect(await reasons(t, taskId)).toEqual(['capture', 'hold']);
  });

  it('deleting a running task aborts the engine and refunds once', async () => {
    mode = 'hang';
    let aborted = false;
    let started = false;
    slow.set('hang', (job) => {
      started = true;
      mode = 'ok'; // only this run hangs; the next task on the lane runs normally
      job.signal.addEventListener('abort', () => (aborted = true));
      return untilAborted(job);
    });
    const { token, user } = await smsLogin(t);
    const c = api(t, token);
    const img = await upload(t, token);
    const { taskId } = (await c.start({ toolId: 'to-line', upload_img: img.fileId })).json().data;
    await waitUntil(() => started);
    expect((await c.info(taskId)).status).toBe('running');
    // A second task waits behind it on the lane (local concurrency 1).
    const second = (await c.start({ toolId: 'to-line', upload_img: img.fileId })).json().data;
    expect(second.queueNum).toBe(0);
    expect((await c.del(taskId)).statusCode).toBe(200);
    await waitUntil(() => aborted);
    expect(await reasons(t, taskId)).toEqual(['hold', 'release']);
    await settled(c, second.taskId, 'succeeded');
    expect(await c.balance()).toBe(36);
    expect(await reasons(t, taskId)).toEqual(['hold', 'release']);
    await ledgerAddsUp(t, user.id);
  });
});

describe('price of a run', () => {
  it('holds the price per image times the images asked for, and releases the same on delete', async () => {
    const t = await buildTaskApp({
      role: 'api',
      engines: [fakeEngine(['to-line']), fakeEngine(['render'], undefined, 'comfyui')],
    });
    try {
      const { token } = await smsLogin(t);
      const c = api(t, token);
      const img = await upload(t, token);
      const tool = getTool('indoor')!;
      expect(tool.price).toBeGreaterThan(0);
      const res = await c.start({ toolId: 'indoor', upload_img: img.fileId, count: 3 });
      expect(res.statusCode, res.body).toBe(200);
      expect(await c.balance()).toBe(37 - 3 * tool.price);
      await c.del(res.json().data.taskId);
      expect(await c.balance()).toBe(37);
    } finally {
      await t.close();
    }
  });
});

describe('engine routing setting', () => {
  it('a stored routing overrides the defaults', async () => {
    const t = await buildTaskApp({
      engines: [fakeEngine(['to-line']), fakeEngine(['render', 'to-line'], undefined, 'comfyui')],
    });
    try {
      const tools = async () =>
        new Map(
          (
            (await t.app.inject({ method: 'GET', url: '/api/ai/tools' })).json().data as {
              id: string;
              engine?: string;
            }[]
          ).map((x) => [x.id, x.engine]),
        );
      expect((await tools()).get('indoor')).toBe('comfyui');
      expect((await tools()).get('to-line')).toBe('local');
      await t.container.database.db
        .insertInto('app_settings')
        .values({
          key: 'engine.routing',
          value: JSON.stringify({ 'to-line': ['comfyui', 'local'] }),
          updated_at: '',
        })
        .execute();
      t.container.router.invalidate();
      expect((await tools()).get('to-line')).toBe('comfyui');
    } finally {
      await t.close();
    }
  });
});
