import { afterEach, expect, it } from 'vitest';
import { createComfyUiEngine } from '../src/engines/comfyui/comfyui.engine';
import { startComfyUiDouble } from './doubles/comfyui-double';
import type { ComfyUiDouble } from './doubles/comfyui-double';
import { closedPort, describeEachDatabase, smsLogin } from './helper';
import type { DatabaseTarget, TestApp } from './helper';
import { adminLogin, ROOT, rootEnv } from './admin-fixtures';
import { buildTaskApp, upload, waitUntil } from './task-fixtures';

/**
 * Tasks on a ComfyUI engine with two backends (two protocol doubles): a backend killed while it
 * holds a task's prompt hands the task to the other one and its tickets are captured once; with
 * both gone the task is re-queued once, then fails with its tickets refunded once.
 */
describeEachDatabase('tasks over two ComfyUI backends', (target) => {
  let t: TestApp | undefined;
  const doubles: ComfyUiDouble[] = [];
  afterEach(async () => {
    await t?.close();
    t = undefined;
    await Promise.all(doubles.splice(0).map((d) => d.close().catch(() => {})));
  });

  const appOver = async (urls: string[], dbTarget: DatabaseTarget) => {
    const engine = createComfyUiEngine({
      baseUrl: urls,
      lostAfterMs: 300,
      pollIntervalMs: 50,
      reconnectDelayMs: 50,
    });
    t = await buildTaskApp({
      target: dbTarget,
      engines: [engine],
      startWorker: true,
      env: rootEnv,
    });
    const user = await smsLogin(t);
    const img = await upload(t, user.token);
    const app = t;
    return {
      app,
      user,
      start: async () => {
        const res = await app.app.inject({
          method: 'POST',
          url: '/api/ai/startTask',
          payload: { toolId: 'indoor', upload_img: img.fileId },
          headers: { satoken: user.token },
        });
        expect(res.statusCode, res.body).toBe(200);
        return res.json().data.taskId as string;
      },
      status: async (taskId: string) =>
        (
          await app.app.inject({
            url: `/api/ai/getTaskByTaskId?taskId=${taskId}`,
            headers: { satoken: user.token },
          })
        ).json().data as { status: string; outputs: unknown[]; error: string | null },
      reasons: async (taskId: string) =>
        (await app.container.tickets.entriesFor(taskId)).map((e) => e.reason).sort(),
      balance: () => app.container.tickets.balance(user.user.id, 1),
      ledgerSum: () => app.container.tickets.ledgerSum(user.user.id, 1),
    };
  };

  it('a backend killed mid-run: the task finishes on the other, captured once', async () => {
    const a = await startComfyUiDouble({ knobs: { paused: true } });
    const b = await startComfyUiDouble();
    doubles.push(a, b);
    const s = await appOver([a.url, b.url], target);
    const before = await s.balance();
    const taskId = await s.start();
    await waitUntil(() => a.received.prompts.length === 1);
    await a.close();

    await waitUntil(async () => (await s.status(taskId)).status === 'succeeded', 30_000);
    expect((await s.status(taskId)).outputs).toHaveLength(1);
    expect(b.received.prompts).toHaveLength(1);
    expect(b.received.uploads).toHaveLength(1);
    expect(await s.reasons(taskId)).toEqual(['capture', 'hold']);
    expect(await s.balance()).toBe(before - 2);
    expect(await s.ledgerSum()).toBe(await s.balance());

    // The admin engines view lists each backend with its own health.
    const token = await adminLogin(s.app, ROOT.username, ROOT.password);
    const res = await s.app.app.inject({
      url: '/api/user/manage/engines',
      headers: { satoken: token },
    });
    expect(res.statusCode, res.body).toBe(200);
    const comfy = (
      res.json().data.engines as {
        id: string;
        status: string;
        backends?: { url: string; status: string }[];
      }[]
    ).find((e) => e.id === 'comfyui')!;
    expect(comfy.status).toBe('up');
    expect(comfy.backends?.map((x) => [x.url, x.status])).toEqual([
      [a.url, 'down'],
      [b.url, 'up'],
    ]);
  });

  it('every backend gone: re-queued once, then failed and refunded once', async () => {
    const s = await appOver(
      [`http://127.0.0.1:${await closedPort()}`, `http://127.0.0.1:${await closedPort()}`],
      target,
    );
    const before = await s.balance();
    const taskId = await s.start();
    await waitUntil(async () => (await s.status(taskId)).status === 'failed', 30_000);
    expect((await s.status(taskId)).error).toMatch(/渲染服务/);
    const row = await s.app.container.database.db
      .selectFrom('tasks')
      .select('attempts')
      .where('id', '=', taskId)
      .executeTakeFirstOrThrow();
    expect(Number(row.attempts)).toBe(2);
    expect(await s.reasons(taskId)).toEqual(['hold', 'release']);
    expect(await s.balance()).toBe(before);
    expect(await s.ledgerSum()).toBe(await s.balance());
  });
});
