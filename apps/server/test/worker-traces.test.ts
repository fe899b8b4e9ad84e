import fs from 'node:fs/promises';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import {
  sweepWorkerTraces,
  workerTracesEnvSchema,
  workerWorkDir,
} from '../src/modules/tasks/worker-traces';
import { isAlive, spawnServerProcess } from './child-process';
import type { ServerProcess } from './child-process';
import { buildTestApp, describeEachDatabase, fakeClock, smsLogin } from './helper';
import type { TestApp } from './helper';
import { buildTaskApp, upload, waitUntil } from './task-fixtures';

const MINUTE = 60_000;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describeEachDatabase('worker traces sweep', (target) => {
  let t: TestApp | undefined;
  afterEach(async () => {
    await t?.close();
    t = undefined;
  });

  it("removes stale workers' rows and the work directories no live worker owns, nothing else", async () => {
    const clock = fakeClock('2026-06-10T12:00:00.000Z');
    t = await buildTestApp({ target, now: clock.now });
    const { db } = t.container.database;
    const ago = (ms: number) => new Date(clock.now().getTime() - ms).toISOString();
    const rows = [
      { id: 'this-host:100:aaaaaa', heartbeat_at: ago(5_000) },
      // Dead for two minutes: its tasks were re-queued long ago, but it is not stale yet.
      { id: 'this-host:101:bbbbbb', heartbeat_at: ago(2 * MINUTE) },
      { id: 'other-host:200:cccccc', heartbeat_at: ago(10 * MINUTE) },
    ];
    await db
      .insertInto('workers')
      .values(
        rows.map((r) => ({
          ...r,
          host: r.id.split(':')[0]!,
          pid: Number(r.id.split(':')[1]),
          lanes: '["local"]',
          started_at: ago(3600_000),
        })),
      )
      .execute();
    const work = path.join(t.dataDir, 'work');
    const dirs = {
      live: workerWorkDir(t.dataDir, rows[0]!.id),
      recent: workerWorkDir(t.dataDir, rows[1]!.id),
      stale: workerWorkDir(t.dataDir, rows[2]!.id),
      // Its row is already gone (pruned by another host's sweep before this directory was seen).
      rowless: workerWorkDir(t.dataDir, 'gone-host:300:dddddd'),
      oldScratch: path.join(work, 'mask-old'),
      newScratch: path.join(work, 'mask-new'),
    };
    for (const dir of Object.values(dirs)) {
      await fs.mkdir(path.join(dir, 'task-1'), { recursive: true });
      await fs.writeFile(path.join(dir, 'task-1', 'input.png'), 'x');
    }
    const twoDaysAgo = new Date(clock.now().getTime() - 2 * 24 * 3600_000);
    await fs.utimes(dirs.oldScratch, twoDaysAgo, twoDaysAgo);
    const newAt = new Date(clock.now().getTime() - MINUTE);
    await fs.utimes(dirs.newScratch, newAt, newAt);

    const { WORKER_STALE_AFTER_MS } = workerTracesEnvSchema.parse({});
    expect(WORKER_STALE_AFTER_MS).toBe(5 * MINUTE);
    const sweep = () =>
      sweepWorkerTraces({ db, dataDir: t!.dataDir, now: clock.now, staleAfterMs: 5 * MINUTE });
    expect(await sweep()).toEqual({ workers: 1, workDirs: 3 });
    const ids = (await db.selectFrom('workers').select('id').orderBy('id').execute()).map(
      (r) => r.id,
    );
    expect(ids).toEqual([rows[0]!.id, rows[1]!.id]);
    expect((await fs.readdir(work)).sort()).toEqual(
      [dirs.live, dirs.recent, dirs.newScratch].map((d) => path.basename(d)).sort(),
    );
    // A live worker's files are untouched.
    expect(await fs.readFile(path.join(dirs.live, 'task-1', 'input.png'), 'utf8')).toBe('x');
    expect(await sweep()).toEqual({ workers: 0, workDirs: 0 });

    // Three minutes on, the worker silent since two minutes before is stale too.
    clock.advance(3 * MINUTE + 1);
    expect(await sweep()).toEqual({ workers: 1, workDirs: 1 });
    await expect(fs.stat(dirs.recent)).rejects.toMatchObject({ code: 'ENOENT' });
  });

  it('refuses a stale bound that would sweep workers that are only slow', () => {
    expect(workerTracesEnvSchema.safeParse({ WORKER_STALE_AFTER_MS: '10000' }).success).toBe(false);
    expect(workerTracesEnvSchema.parse({ WORKER_STALE_AFTER_MS: '120000' })).toEqual({
      WORKER_STALE_AFTER_MS: 120_000,
    });
  });
});

describe('a worker killed with SIGKILL mid-task', () => {
  let api: TestApp | undefined;
  let next: TestApp | undefined;
  let dead: ServerProcess | undefined;
  afterEach(async () => {
    if (dead && isAlive(dead)) dead.proc.kill('SIGKILL');
    await dead?.exited;
    await next?.close();
    await api?.close();
    dead = next = api = undefined;
  });

  it("leaves no row and no work directory once another worker's sweep finds it stale", async () => {
    api = await buildTaskApp({ role: 'api' });
    const { db } = api.container.database;
    const { token } = await smsLogin(api);
    const img = await upload(api, token);
    const res = await api.app.inject({
      method: 'POST',
      url: '/api/ai/startTask',
      payload: { toolId: 'to-line', upload_img: img.fileId },
      headers: { satoken: token },
    });
    expect(res.statusCode, res.body).toBe(200);
    const taskId = res.json().data.taskId as string;

    // The worker's engine never finishes this task: it is certainly running when killed.
    dead = spawnServerProcess('dead worker', ['test/recovery-fixtures.ts'], {
      DATA_DIR: api.dataDir,
      LOG_LEVEL: 'silent',
      STARTS_FILE: path.join(api.dataDir, 'starts.log'),
      HANG_TASK_IDS: taskId,
    });
    const work = path.join(api.dataDir, 'work');
    const started = async () =>
      (await fs.readFile(path.join(api!.dataDir, 'starts.log'), 'utf8').catch(() => '')).includes(
        taskId,
      );
    const until = Date.now() + 150_000;
    while (!(await started())) {
      if (!isAlive(dead) || Date.now() > until) {
        throw new Error(`the worker never started the task:\n${dead.output()}`);
      }
      await sleep(50);
    }
    const left = await fs.readdir(work);
    expect(left.length).toBeGreaterThan(0);
    dead.proc.kill('SIGKILL');
    await dead.exited;
    const [row] = await db.selectFrom('workers').select('id').execute();
    expect(row).toBeDefined();

    // Ten minutes later (its heartbeat says), a worker starts and sweeps.
    await db
      .updateTable('workers')
      .set({ heartbeat_at: new Date(Date.now() - 10 * MINUTE).toISOString() })
      .execute();
    next = await buildTaskApp({ role: 'worker', dataDir: api.dataDir, startWorker: true });
    await waitUntil(async () => {
      const ids = (await db.selectFrom('workers').select('id').execute()).map((r) => r.id);
      const now = await fs.readdir(work).catch(() => [] as string[]);
      return !ids.includes(row!.id) && left.every((name) => !now.includes(name));
    }, 30_000);
    // The task itself was recovered, and ran on the new worker.
    await waitUntil(
      async () =>
        (
          await db
            .selectFrom('tasks')
            .select('status')
            .where('id', '=', taskId)
            .executeTakeFirstOrThrow()
        ).status === 'succeeded',
      30_000,
    );
  }, 240_000);
});
