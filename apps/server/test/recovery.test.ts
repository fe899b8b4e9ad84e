import fs from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { spawnServerProcess } from './child-process';
import type { ServerProcess } from './child-process';
import { describeEachDatabase, smsLogin } from './helper';
import type { TestApp } from './helper';
import { buildTaskApp, upload } from './task-fixtures';

/**
 * One deadline for all the test's waits, well under the test's timeout so a stuck step fails
 * naming what it waited for. Generous for a loaded machine: nothing here asserts speed.
 */
const BUDGET_MS = 420_000;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

type Worker = ServerProcess;
type Running = { id: string; attempts: number };

describeEachDatabase('recovery: kill -9 of a worker with 100 queued tasks', (target) => {
  let t: TestApp | undefined;
  const workers: Worker[] = [];
  beforeAll(async () => {
    // The API side only submits; each worker is a separate process we can kill.
    t = await buildTaskApp({
      target,
      role: 'api',
      env: { SIGNUP_TICKETS: '1:200', TASK_USER_LANE_CAP: '100' },
    });
  });
  afterAll(async () => {
    // Whatever happened in the test: no worker process outlives it.
    for (const w of workers) {
      if (w.proc.exitCode === null && w.proc.signalCode === null) w.proc.kill('SIGKILL');
    }
    await Promise.all(workers.map((w) => w.exited));
    await t?.close();
  });

  /** A worker process (test/recovery-fixtures.ts) whose engine never finishes `hang` tasks. */
  const startWorker = (name: string, startsFile: string, hang: string[] = []): Worker => {
    const worker = spawnServerProcess(name, ['test/recovery-fixtures.ts'], {
      DATA_DIR: t!.dataDir,
      ...(target.databaseUrl && { DATABASE_URL: target.databaseUrl }),
      LOG_LEVEL: 'silent',
      TASK_LEASE_MS: '1500',
      TASK_SWEEP_MS: '300',
      TASK_CONCURRENCY_LOCAL: '1',
      STARTS_FILE: startsFile,
      HANG_TASK_IDS: hang.join(','),
    });
    workers.push(worker);
    return worker;
  };

  /** Polls until `check` holds; fails naming what it waited for (and the worker's output). */
  let deadline = 0;
  const waitFor = async (label: string, worker: Worker, check: () => Promise<boolean>) => {
    for (;;) {
      if (await check()) return;
      const dead = worker.proc.exitCode !== null || worker.proc.signalCode !== null;
      if (dead || Date.now() > deadline) {
        const why = dead ? `${worker.name} exited` : `test budget of ${BUDGET_MS} ms spent`;
        throw new Error(`waiting for ${label}: ${why}\n${worker.name} output:\n${worker.output()}`);
      }
      await sleep(50);
    }
  };

  const stop = async (worker: Worker, signal: 'SIGKILL' | 'SIGTERM') => {
    worker.proc.kill(signal);
    const timer = setTimeout(() => worker.proc.kill('SIGKILL'), 15_000);
    await worker.exited;
    clearTimeout(timer);
  };

  it(
    'loses nothing: the interrupted runs re-run or fail and refund once, the rest run in order',
    async () => {
      deadline = Date.now() + BUDGET_MS;
      const { db } = t!.container.database;
      const { token, user } = await smsLogin(t!);
      const img = await upload(t!, token);
      const ids: string[] = [];
      for (let i = 0; i < 100; i++) {
        const res = await t!.app.inject({
          method: 'POST',
          url: '/api/ai/startTask',
          payload: { toolId: 'to-line', upload_img: img.fileId },
          headers: { satoken: token },
        });
        expect(res.statusCode, res.body).toBe(200);
        ids.push(res.json().data.taskId as string);
      }
      const startsFile = path.join(t!.dataDir, 'starts.log');
      const starts = async () =>
        (await fs.readFile(startsFile, 'utf8').catch(() => '')).split('\n').filter(Boolean);
      const startsOf = async (id: string) => (await starts()).filter((x) => x === id).length;
      // Read from the database the workers use (same SQLite file or PostgreSQL database).
      const runningNow = async (): Promise<Running[]> =>
        db
          .selectFrom('tasks')
          .select(['id', 'attempts'])
          .where('status', '=', 'running')
          .orderBy('seq')
          .execute();
      const statusOf = async (id: string) =>
        (
          await db
            .selectFrom('tasks')
            .select('status')
            .where('id', '=', id)
            .executeTakeFirstOrThrow()
        ).status;

      /**
       * Waits until the database shows `id` running with `attempts` counted and the engine inside
       * it for the `starts`-th time (the engine never finishes it in this worker), records every
       * running task, then kills the worker with SIGKILL.
       */
      const killWhileRunning = async (worker: Worker, id: string, attempts: number, n: number) => {
        let running: Running[] = [];
        await waitFor(`task ${ids.indexOf(id)} running (start ${n})`, worker, async () => {
          running = await runningNow();
          const row = running.find((r) => r.id === id);
          return row?.attempts === attempts && (await startsOf(id)) === n;
        });
        await stop(worker, 'SIGKILL');
        expect(running.length).toBeGreaterThanOrEqual(1);
        return running;
      };

      // 1. Killed while task 9 runs (first attempt).
      const hung = ids[9]!;
      const a = startWorker('worker A', startsFile, [hung]);
      const runningAtKills: Running[][] = [await killWhileRunning(a, hung, 1, 1)];
      expect(runningAtKills[0]).toEqual([{ id: hung, attempts: 1 }]);

      // 2. The restarted worker re-queues task 9 at once, in its place, and the interrupted
      //    attempt is not counted (the first interruption is free). Killed in it again.
      const b = startWorker('worker B', startsFile, [hung]);
      runningAtKills.push(await killWhileRunning(b, hung, 1, 2));
      expect(runningAtKills[1]).toEqual([{ id: hung, attempts: 1 }]);

      // 3. A repeated interruption counts: task 9 runs its second attempt, and is killed again.
      const c = startWorker('worker C', startsFile, [hung]);
      runningAtKills.push(await killWhileRunning(c, hung, 2, 3));
      expect(runningAtKills[2]).toEqual([{ id: hung, attempts: 2 }]);

      // 4. The next worker fails and refunds task 9 (out of attempts) and is killed inside the
      //    oldest queued task, on that task's first attempt.
      const queued = await db
        .selectFrom('tasks')
        .select('id')
        .where('status', '=', 'queued')
        .orderBy('seq')
        .execute();
      expect(queued.length, 'tasks left queued for the fourth worker').toBeGreaterThan(0);
      const rerun = queued[0]!.id;
      const d0 = startWorker('worker D', startsFile, [rerun]);
      await waitFor(
        'task 9 failed and refunded',
        d0,
        async () => (await statusOf(hung)) === 'failed',
      );
      runningAtKills.push(await killWhileRunning(d0, rerun, 1, 1));
      expect(runningAtKills[3]).toEqual([{ id: rerun, attempts: 1 }]);

      // 5. A last worker re-runs the interrupted task (its first interruption: free) and finishes
      //    everything.
      const d = startWorker('worker E', startsFile);
      await waitFor('all 100 tasks finished', d, async () => {
        const row = await db
          .selectFrom('tasks')
          .select((eb) => eb.fn.countAll<string | number>().as('n'))
          .where('user_id', '=', user.id)
          .where('status', 'in', ['succeeded', 'failed'])
          .executeTakeFirstOrThrow();
        return Number(row.n) === 100;
      });
      await stop(d, 'SIGTERM');

      const rows = await db
        .selectFrom('tasks')
        .select(['id', 'status', 'attempts', 'tickets_state', 'started_at', 'error'])
        .where('user_id', '=', user.id)
        .orderBy('seq')
        .execute();
      const ledger = await db
        .selectFrom('ticket_ledger')
        .select(['ref', 'reason'])
        .where('user_id', '=', user.id)
        .execute();
      const reasonsOf = (id: string) =>
        ledger
          .filter((l) => l.ref === id)
          .map((l) => l.reason)
          .sort();

      // Nothing lost; seq is submission order.
      expect(rows.map((r) => r.id)).toEqual(ids);
      // Every task that was running at a kill: succeeded with one capture and no release, or
      // failed with one release and no capture.
      const interrupted = new Set(runningAtKills.flat().map((r) => r.id));
      expect([...interrupted]).toEqual([hung, rerun]);
      for (const id of interrupted) {
        const row = rows.find((r) => r.id === id)!;
        const reasons = reasonsOf(id);
        const settled = {
          status: row.status,
          captures: reasons.filter((r) => r === 'capture').length,
          releases: reasons.filter((r) => r === 'release').length,
        };
        expect([
          { status: 'succeeded', captures: 1, releases: 0 },
          { status: 'failed', captures: 0, releases: 1 },
        ]).toContainEqual(settled);
      }
      // Which of the two, exactly: the task killed three times failed and was refunded; the task
      // killed once re-ran and succeeded on a free attempt; every other task succeeded at once.
      for (const [i, row] of rows.entries()) {
        const id = ids[i]!;
        const expected =
          id === hung
            ? {
                status: 'failed',
                attempts: 2,
                tickets: 'released',
                error: '任务执行中断，次数已退回',
                reasons: ['hold', 'release'],
                starts: 3,
              }
            : {
                status: 'succeeded',
                attempts: 1,
                tickets: 'captured',
                error: null,
                reasons: ['capture', 'hold'],
                starts: id === rerun ? 2 : 1,
              };
        expect(
          {
            status: row.status,
            attempts: row.attempts,
            tickets: row.tickets_state,
            error: row.error,
            reasons: reasonsOf(id),
            starts: await startsOf(id),
          },
          `task ${i}`,
        ).toEqual(expected);
      }

      // In their original order: first starts (a re-run's first start is in place) and, for the
      // tasks that ran once, started_at.
      const log = await starts();
      expect([...new Set(log)]).toEqual(ids);
      const startedAt = rows.filter((r) => !interrupted.has(r.id)).map((r) => r.started_at!);
      expect(startedAt).toEqual([...startedAt].sort());

      // The balance is the ledger's sum: 200 granted, 100 held, 1 released.
      const sum = await db
        .selectFrom('ticket_ledger')
        .select((eb) => eb.fn.sum<string | number>('delta').as('s'))
        .where('user_id', '=', user.id)
        .where('ticket_type', '=', 1)
        .executeTakeFirstOrThrow();
      const balance = await db
        .selectFrom('ticket_balances')
        .select('balance')
        .where('user_id', '=', user.id)
        .where('ticket_type', '=', 1)
        .executeTakeFirstOrThrow();
      expect({ sum: Number(sum.s), balance: Number(balance.balance) }).toEqual({
        sum: 101,
        balance: 101,
      });
      expect(await t!.container.tickets.balance(user.id, 1)).toBe(101);
      expect(await t!.container.tickets.ledgerSum(user.id, 1)).toBe(101);
    },
    BUDGET_MS + 60_000,
  );
});
