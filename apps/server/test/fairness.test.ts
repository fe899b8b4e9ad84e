import { afterAll, beforeAll, expect, it } from 'vitest';
import type { EngineJob } from '../src/engines/engine';
import { describeEachDatabase, expectError, smsLogin } from './helper';
import type { TestApp } from './helper';
import { buildTaskApp, fakeEngine, upload, waitUntil } from './task-fixtures';

/**
 * Fairness within an engine lane: users take turns, VIP users first, and one
 * account's queued + running tasks per lane are capped. One local slot, so order is observable.
 */
describeEachDatabase('fair queue', (target) => {
  let t: TestApp;
  let gate: Promise<void> = Promise.resolve();
  let open = () => {};
  const close = () => {
    gate = new Promise((r) => (open = r));
  };
  const engine = fakeEngine(['to-line']);
  const baseRun = engine.run;
  const order: string[] = [];
  engine.run = async (job: EngineJob) => {
    order.push(job.taskId);
    await gate;
    return baseRun(job);
  };

  beforeAll(async () => {
    t = await buildTaskApp({
      target,
      engines: [engine],
      startWorker: true,
      env: { SIGNUP_TICKETS: '1:100', TASK_CONCURRENCY_LOCAL: '1', TASK_USER_LANE_CAP: '60' },
    });
  });
  afterAll(async () => {
    open();
    await t.close();
  });

  const userWithImage = async () => {
    const u = await smsLogin(t);
    const img = await upload(t, u.token);
    const start = async () => {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/ai/startTask',
        payload: { toolId: 'to-line', upload_img: img.fileId },
        headers: { satoken: u.token },
      });
      return res;
    };
    return { ...u, start, startId: async () => (await start()).json().data.taskId as string };
  };
  const status = async (id: string) =>
    (
      await t.container.database.db
        .selectFrom('tasks')
        .select('status')
        .where('id', '=', id)
        .executeTakeFirstOrThrow()
    ).status;

  it("one user's 50 tasks delay another user's task by at most one job", async () => {
    order.length = 0;
    close();
    const a = await userWithImage();
    const b = await userWithImage();
    const aIds: string[] = [];
    for (let i = 0; i < 50; i++) aIds.push(await a.startId());
    // A's first task holds the only slot; B submits behind 49 queued tasks of A.
    await waitUntil(() => order.length === 1);
    const bId = await b.startId();
    open();
    await waitUntil(async () => (await status(bId)) === 'succeeded', 30_000);
    const bAt = order.indexOf(bId);
    const aBefore = order.slice(0, bAt).filter((id) => aIds.includes(id));
    // Only the task already running when B submitted (and at most one more) ran before B's.
    expect(aBefore.length).toBeLessThanOrEqual(2);
    await waitUntil(async () => (await status(aIds.at(-1)!)) === 'succeeded', 60_000);
    // A's own tasks kept their order.
    expect(order.filter((id) => aIds.includes(id))).toEqual(aIds);
  }, 90_000);

  it('VIP users (vip_until in the future) go first; an expired VIP does not', async () => {
    order.length = 0;
    close();
    const a = await userWithImage();
    const b = await userWithImage();
    const vip = await userWithImage();
    const lapsed = await userWithImage();
    const { db } = t.container.database;
    await db
      .updateTable('users')
      .set({ vip_tier: 'year', vip_until: new Date(Date.now() + 86_400_000).toISOString() })
      .where('id', '=', vip.user.id)
      .execute();
    await db
      .updateTable('users')
      .set({ vip_tier: 'year', vip_until: new Date(Date.now() - 86_400_000).toISOString() })
      .where('id', '=', lapsed.user.id)
      .execute();
    const aIds = [await a.startId(), await a.startId(), await a.startId()];
    await waitUntil(() => order.length === 1);
    const bId = await b.startId();
    const lapsedId = await lapsed.startId();
    const vipId = await vip.startId();
    open();
    await waitUntil(async () => (await status(aIds[2]!)) === 'succeeded', 30_000);
    await waitUntil(async () => (await status(lapsedId)) === 'succeeded', 30_000);
    expect(order[0]).toBe(aIds[0]);
    expect(order[1]).toBe(vipId);
    // Then the users who have not been served yet, in submission order, then A again.
    expect(order.slice(2, 4)).toEqual([bId, lapsedId]);
  }, 60_000);
});

// Its own database (describeEachDatabase makes one per block): no worker runs these tasks.
describeEachDatabase('per-user cap', (target) => {
  it('caps queued + running tasks per user and lane, exactly under concurrency: a clear 429, nothing held', async () => {
    const capped = await buildTaskApp({
      target,
      role: 'api',
      env: { SIGNUP_TICKETS: '1:10', TASK_USER_LANE_CAP: '3' },
    });
    try {
      const u = await smsLogin(capped);
      const img = await upload(capped, u.token);
      const start = () =>
        capped.app.inject({
          method: 'POST',
          url: '/api/ai/startTask',
          payload: { toolId: 'to-line', upload_img: img.fileId },
          headers: { satoken: u.token },
        });
      // Ten at once: exactly three get in, whatever the interleaving.
      const results = await Promise.all(Array.from({ length: 10 }, () => start()));
      expect(results.filter((r) => r.statusCode === 200)).toHaveLength(3);
      for (const r of results.filter((x) => x.statusCode !== 200)) {
        const refused = expectError(r, 'TASK_QUEUE_FULL');
        expect(refused.message).toBe('排队和进行中的任务最多 3 个，请等前面的任务完成后再提交');
      }
      expect(await capped.container.tickets.balance(u.user.id, 1)).toBe(7);
      // Another user is not affected.
      const other = await smsLogin(capped);
      const otherImg = await upload(capped, other.token);
      const res = await capped.app.inject({
        method: 'POST',
        url: '/api/ai/startTask',
        payload: { toolId: 'to-line', upload_img: otherImg.fileId },
        headers: { satoken: other.token },
      });
      expect(res.statusCode).toBe(200);
    } finally {
      await capped.close();
    }
  });
});
