import pg from 'pg';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { startBlackholeProxy } from './blackhole-proxy';
import { describeEachDatabase, expectError, smsLogin } from './helper';
import type { TestApp } from './helper';
import { buildTaskApp, upload, waitUntil } from './task-fixtures';

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/**
 * Database faults: a lost connection fails only the requests that were using it, with
 * a 503 in the envelope, and the same process serves the next ones. The API role keeps tasks
 * queued, so balances only move where a test says so.
 */
describeEachDatabase('database faults', (target) => {
  let t: TestApp;
  let admin: pg.Client | undefined;
  beforeAll(async () => {
    t = await buildTaskApp({ target, role: 'api', env: { SIGNUP_TICKETS: '1:20' } });
    if (target.databaseUrl) {
      admin = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
      admin.on('error', () => {});
      await admin.connect();
    }
  });
  afterAll(async () => {
    await admin?.end();
    await t.close();
  });

  const dbName = () => new URL(target.databaseUrl!).pathname.slice(1);
  /** pg_terminate_backend on every connection of the test database but `keep`. */
  const killConnections = async (keep: number[] = []) => {
    const r = await admin!.query<{ killed: boolean }>(
      `select pg_terminate_backend(pid) as killed from pg_stat_activity
        where datname = $1 and pid <> pg_backend_pid() and not (pid = any($2::int[]))`,
      [dbName(), keep],
    );
    return r.rowCount ?? 0;
  };
  const balance = async (token: string) =>
    (await t.app.inject({ url: '/api/ai/totalTicket?type=1', headers: { satoken: token } })).json()
      .data as number;
  const start = (token: string, fileId: string) =>
    t.app.inject({
      method: 'POST',
      url: '/api/ai/startTask',
      payload: { toolId: 'to-line', upload_img: fileId },
      headers: { satoken: token },
    });

  if (target.dialect === 'postgres') {
    it('survives pg_terminate_backend of its idle connections and serves again', async () => {
      const user = await smsLogin(t);
      // Fill the pool with several idle connections.
      await Promise.all(Array.from({ length: 6 }, () => balance(user.token)));
      expect(await killConnections()).toBeGreaterThan(0);
      await sleep(200);
      for (let i = 0; i < 5; i++) expect(await balance(user.token)).toBe(20);
      const health = await t.app.inject({ url: '/api/health' });
      expect(health.statusCode).toBe(200);
    });

    it('a request whose connection is killed in flight answers 503, nothing half-done, then serves', async () => {
      const user = await smsLogin(t);
      const img = await upload(t, user.token);
      // Hold the queue counter's row so startTask's transaction waits inside the database.
      const locker = new pg.Client({ connectionString: target.databaseUrl });
      locker.on('error', () => {});
      await locker.connect();
      try {
        await locker.query('begin');
        await locker.query(`select value from counters where name = 'task_seq' for update`);
        const lockerPid = (await locker.query<{ pid: number }>('select pg_backend_pid() as pid'))
          .rows[0]!.pid;
        const pending = start(user.token, img.fileId);
        await waitUntil(async () => {
          const r = await admin!.query(
            `select 1 from pg_stat_activity where datname = $1 and wait_event_type = 'Lock'`,
            [dbName()],
          );
          return (r.rowCount ?? 0) > 0;
        });
        await killConnections([lockerPid]);
        const res = await pending;
        const body = expectError(res, 'SERVICE_UNAVAILABLE');
        expect(body.message).toBe('服务暂时不可用，请稍后再试');
        await locker.query('rollback');
      } finally {
        await locker.end();
      }
      // The failed start held nothing and stored no task. (The app's idle connections were
      // killed too; one a request takes before its error event has been handled answers 503,
      // so the balance is read once the pool has let them go.)
      await waitUntil(async () => (await balance(user.token)) !== null);
      expect(await balance(user.token)).toBe(20);
      const list = await t.app.inject({
        url: '/api/ai/getTaskList',
        headers: { satoken: user.token },
      });
      expect(list.json().data.total).toBe(0);
      // And the same process takes the next one.
      const again = await start(user.token, img.fileId);
      expect(again.statusCode, again.body).toBe(200);
      expect(await balance(user.token)).toBe(20 - 1);
    });

    it('many requests while connections are killed: each is 200 or a 503 envelope, never a 500', async () => {
      const user = await smsLogin(t);
      const requests = Array.from({ length: 40 }, async (_, i) => {
        await sleep(i * 5);
        return t.app.inject({ url: '/api/ai/getTaskList', headers: { satoken: user.token } });
      });
      await sleep(60);
      await killConnections();
      await sleep(40);
      await killConnections();
      const answers = await Promise.all(requests);
      for (const res of answers) {
        if (res.statusCode !== 200) expectError(res, 'SERVICE_UNAVAILABLE');
      }
      await sleep(200);
      const after = await t.app.inject({
        url: '/api/ai/getTaskList',
        headers: { satoken: user.token },
      });
      expect(after.statusCode).toBe(200);
    });

    it('a partition answers 503 within the query bound, not after it; the app serves once it heals', async () => {
      const upstream = new URL(target.databaseUrl!);
      const viaProxy = await startBlackholeProxy({
        host: upstream.hostname,
        port: Number(upstream.port || 5432),
      });
      const p = await buildTaskApp({
        target: { dialect: 'postgres', databaseUrl: viaProxy.via(target.databaseUrl!) },
        role: 'api',
        env: {
          SIGNUP_TICKETS: '1:20',
          DB_QUERY_TIMEOUT_MS: '1000',
          DB_CONNECT_TIMEOUT_MS: '1000',
        },
      });
      // The partition heals by itself after 20 s, as the reported one did.
      const PARTITION_MS = 20_000;
      let healTimer: NodeJS.Timeout | undefined;
      try {
        const user = await smsLogin(p);
        const img = await upload(p, user.token);
        const ticketsOf = () =>
          p.app.inject({ url: '/api/ai/totalTicket?type=1', headers: { satoken: user.token } });
        const startTask = () =>
          p.app.inject({
            method: 'POST',
            url: '/api/ai/startTask',
            payload: { toolId: 'to-line', upload_img: img.fileId },
            headers: { satoken: user.token },
          });
        // Connections in the pool, idle and ready.
        await Promise.all(Array.from({ length: 4 }, ticketsOf));

        viaProxy.blackhole();
        healTimer = setTimeout(() => viaProxy.pass(), PARTITION_MS);
        const began = performance.now();
        // More requests than idle connections: some wait on a held connection, some for a new one.
        const answers = await Promise.all([...Array.from({ length: 6 }, ticketsOf), startTask()]);
        const tookMs = performance.now() - began;
        for (const res of answers) {
          const body = expectError(res, 'SERVICE_UNAVAILABLE');
          expect(body.message).toBe('服务暂时不可用，请稍后再试');
        }
        // Answered while the partition still lasted, far from its end.
        expect(viaProxy.blackholed).toBe(true);
        expect(tookMs).toBeLessThan(PARTITION_MS / 2);
        const health = await p.app.inject({ url: '/api/health' });
        expect(health.statusCode).toBe(503);

        clearTimeout(healTimer);
        viaProxy.pass();
        await waitUntil(async () => (await ticketsOf()).statusCode === 200);
        // Nothing half-done: the start that failed held no ticket and stored no task.
        expect((await ticketsOf()).json().data).toBe(20);
        const again = await startTask();
        expect(again.statusCode, again.body).toBe(200);
        expect((await p.app.inject({ url: '/api/health' })).statusCode).toBe(200);
      } finally {
        clearTimeout(healTimer);
        await p.close();
        await viaProxy.close();
      }
    }, 60_000);
  }

  it('a request after the database went away answers 503 in the envelope, not 500', async () => {
    const user = await smsLogin(t);
    await t.container.database.close();
    const res = await t.app.inject({
      url: '/api/ai/getTaskList',
      headers: { satoken: user.token },
    });
    const body = expectError(res, 'SERVICE_UNAVAILABLE');
    expect(body).toMatchObject({ data: null });
    expect(JSON.stringify(body)).not.toMatch(/destroyed|pool|sqlite/i);
  });
});
