import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import { Redis } from 'ioredis';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isAlive, spawnServerProcess } from './child-process';
import type { ServerProcess } from './child-process';
import { buildTestApp, closedPort, createPostgresDatabase, makeTempDir, smsLogin } from './helper';
import type { TestApp } from './helper';
import { upload } from './task-fixtures';

const adminUrl = process.env.TEST_DATABASE_URL ?? '';
const redisUrl = process.env.TEST_REDIS_URL ?? '';
const TASKS = 100;
/** One deadline for every wait; generous for a loaded 2-core machine (nothing asserts speed). */
const BUDGET_MS = 150_000;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

type Proc = ServerProcess;
const alive = isAlive;

/**
 * The production shape on one machine: two API processes (the real main, --role api) and two
 * worker processes (the real container and task worker; the engine is a double) on one
 * PostgreSQL database and one Redis. 100 tasks go in through both APIs (a request that dies with
 * its API is sent again to the other with the same Idempotency-Key, as a client would); one
 * worker and one API are killed with SIGKILL mid-run and every database connection is cut with
 * pg_terminate_backend twice. Every task must end exactly once with its tickets captured or
 * refunded exactly once, and the processes not killed must still be serving.
 */
describe.skipIf(!adminUrl || !redisUrl)(
  'cluster: 2 API + 2 worker processes (needs PG + Redis)',
  () => {
    let t: TestApp | undefined;
    let drop: (() => Promise<void>) | undefined;
    let databaseUrl = '';
    const prefix = `huijing-cluster-${randomBytes(4).toString('hex')}`;
    const procs: Proc[] = [];

    beforeAll(async () => {
      const created = await createPostgresDatabase(adminUrl);
      databaseUrl = created.url;
      drop = created.drop;
      // This process only signs the user in, uploads and reads the rows; it hands nothing over.
      t = await buildTestApp({
        target: { dialect: 'postgres', databaseUrl },
        role: 'api',
        dataDir: await makeTempDir('huijing-cluster-'),
        env: { SIGNUP_TICKETS: '1:300' },
      });
    });

    afterAll(async () => {
      for (const p of procs) if (alive(p)) p.proc.kill('SIGKILL');
      await Promise.all(procs.map((p) => p.exited));
      const dataDir = t?.dataDir;
      await t?.close();
      if (dataDir) await fs.rm(dataDir, { recursive: true, force: true });
      await drop?.();
      const redis = new Redis(redisUrl, { lazyConnect: true, maxRetriesPerRequest: 1 });
      redis.on('error', () => {});
      try {
        await redis.connect();
        const keys = await redis.keys(`${prefix}:*`);
        if (keys.length) await redis.del(...keys);
      } finally {
        redis.disconnect();
      }
    });

    const spawnProc = (name: string, args: string[], env: Record<string, string>): Proc => {
      const p = spawnServerProcess(name, args, {
        DATA_DIR: t!.dataDir,
        DATABASE_URL: databaseUrl,
        REDIS_URL: redisUrl,
        REDIS_PREFIX: prefix,
        LOG_LEVEL: 'warn',
        LOG_FORMAT: 'json',
        TASK_LEASE_MS: '3000',
        TASK_SWEEP_MS: '500',
        TASK_CONCURRENCY_LOCAL: '2',
        TASK_USER_LANE_CAP: '200',
        SIGNUP_TICKETS: '1:300',
        ...env,
      });
      procs.push(p);
      return p;
    };

    let deadline = 0;
    const waitFor = async (label: string, check: () => Promise<boolean> | boolean) => {
      for (;;) {
        if (await check()) return;
        if (Date.now() > deadline) {
          const outputs = procs.map((p) => `--- ${p.name}:\n${p.output().slice(-3000)}`).join('\n');
          throw new Error(`waiting for ${label}: test budget spent\n${outputs}`);
        }
        await sleep(100);
      }
    };

    /** Cuts every connection to the cluster's database but this one (a partition). */
    const killConnections = async () => {
      const admin = new pg.Client({ connectionString: adminUrl });
      admin.on('error', () => {});
      await admin.connect();
      try {
        const { rowCount } = await admin.query(
          'SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = $1 AND pid <> pg_backend_pid()',
          [new URL(databaseUrl).pathname.slice(1)],
        );
        return rowCount ?? 0;
      } finally {
        await admin.end();
      }
    };

    it(
      'every task ends once, every hold is captured or refunded once, survivors keep serving',
      async () => {
        deadline = Date.now() + BUDGET_MS;
        const { db } = t!.container.database;
        const { token, user } = await smsLogin(t!);
        const img = await upload(t!, token);

        const ports = [await closedPort(), await closedPort()];
        const apis = ports.map((port, i) =>
          spawnProc(`api ${i + 1}`, ['src/main.ts', '--role', 'api'], {
            PORT: String(port),
            HOST: '127.0.0.1',
          }),
        );
        const startsFile = path.join(t!.dataDir, 'starts.log');
        const workers = [1, 2].map((i) =>
          spawnProc(`worker ${i}`, ['test/cluster-worker-fixture.ts'], { STARTS_FILE: startsFile }),
        );
        const workerIdOf = (p: Proc) => /cluster worker ready (\S+)/.exec(p.output())?.[1];
        await waitFor('both workers ready', () => workers.every((w) => workerIdOf(w)));
        const healthy = async (port: number) =>
          fetch(`http://127.0.0.1:${port}/api/health`, { signal: AbortSignal.timeout(5000) }).then(
            (r) => r.ok,
            () => false,
          );
        await waitFor('both APIs serving', async () =>
          (await Promise.all(ports.map(healthy))).every(Boolean),
        );

        // Submit through both APIs, eight at a time; a request that fails is sent again to the
        // other API with the same Idempotency-Key.
        const taskIds: string[] = new Array<string>(TASKS);
        let next = 0;
        let submitted = 0;
        const submit = async (i: number) => {
          for (let attempt = 0; ; attempt++) {
            const port = ports[(i + attempt) % 2]!;
            try {
              const res = await fetch(`http://127.0.0.1:${port}/api/ai/startTask`, {
                method: 'POST',
                headers: {
                  'content-type': 'application/json',
                  satoken: token,
                  'idempotency-key': `cluster-${i}`,
                },
                body: JSON.stringify({ toolId: 'to-line', upload_img: img.fileId }),
                signal: AbortSignal.timeout(15_000),
              });
              const body = (await res.json()) as { data?: { taskId?: string } };
              if (res.ok && body.data?.taskId) {
                taskIds[i] = body.data.taskId;
                submitted += 1;
                return;
              }
            } catch {
              // the API died or its database connection was cut: try the other one
            }
            if (Date.now() > deadline) throw new Error(`task ${i} could not be submitted`);
            await sleep(200);
          }
        };
        const submitter = async () => {
          while (next < TASKS) await submit(next++);
        };
        const submitting = Promise.all(Array.from({ length: 8 }, submitter));

        // Mid-submission: every database connection cut, then API 1 killed.
        await waitFor('30 tasks submitted', () => submitted >= 30);
        expect(await killConnections()).toBeGreaterThan(0);
        await waitFor('50 tasks submitted', () => submitted >= 50);
        expect(alive(apis[0]!), 'api 1 survived the cut connections').toBe(true);
        apis[0]!.proc.kill('SIGKILL');
        await submitting;

        // Mid-run: worker 1 killed while it runs a task, then the connections cut again.
        const w1 = workerIdOf(workers[0]!)!;
        await waitFor('a task running on worker 1', async () =>
          Boolean(
            await db
              .selectFrom('tasks')
              .select('id')
              .where('status', '=', 'running')
              .where('worker_id', '=', w1)
              .executeTakeFirst(),
          ),
        );
        expect(alive(workers[0]!), 'worker 1 survived the cut connections').toBe(true);
        workers[0]!.proc.kill('SIGKILL');
        await killConnections();

        await waitFor(`all ${TASKS} tasks finished`, async () => {
          const row = await db
            .selectFrom('tasks')
            .select((eb) => eb.fn.countAll<string | number>().as('n'))
            .where('user_id', '=', user.id)
            .where('status', 'in', ['succeeded', 'failed'])
            .executeTakeFirst()
            .catch(() => undefined);
          return Number(row?.n ?? 0) === TASKS;
        });

        // Exactly one task per submission, whatever was retried.
        const rows = await db
          .selectFrom('tasks')
          .select(['id', 'status', 'tickets_state', 'outputs'])
          .where('user_id', '=', user.id)
          .execute();
        expect(rows).toHaveLength(TASKS);
        expect(new Set(taskIds).size).toBe(TASKS);
        expect(new Set(rows.map((r) => r.id))).toEqual(new Set(taskIds));

        const ledger = await db
          .selectFrom('ticket_ledger')
          .select(['ref', 'reason'])
          .where('user_id', '=', user.id)
          .execute();
        const settled = rows.map((r) => ({
          status: r.status,
          tickets: r.tickets_state,
          outputs: (JSON.parse(r.outputs) as unknown[]).length,
          reasons: ledger
            .filter((l) => l.ref === r.id)
            .map((l) => l.reason)
            .sort(),
        }));
        for (const s of settled) {
          expect([
            { status: 'succeeded', tickets: 'captured', outputs: 1, reasons: ['capture', 'hold'] },
            { status: 'failed', tickets: 'released', outputs: 0, reasons: ['hold', 'release'] },
          ]).toContainEqual(s);
        }
        // The work was done, not just refunded: a task fails only where a fault hit it.
        expect(settled.filter((s) => s.status === 'succeeded').length).toBeGreaterThan(TASKS / 2);
        const { tickets } = t!.container;
        expect(await tickets.ledgerSum(user.id, 1)).toBe(await tickets.balance(user.id, 1));

        // The processes that were not killed survived the cut connections and still serve.
        for (const p of [apis[1]!, workers[1]!]) {
          expect(alive(p), `${p.name} died:\n${p.output().slice(-3000)}`).toBe(true);
          expect(p.output()).not.toContain('"level":60');
        }
        expect(await healthy(ports[1]!)).toBe(true);
      },
      BUDGET_MS + 30_000,
    );
  },
);
