import { spawn } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import fs from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { describeEachDatabase, smsLogin } from './helper';
import type { TestApp } from './helper';
import { buildTaskApp, upload, waitUntil } from './task-fixtures';

const serverDir = path.resolve(import.meta.dirname, '..');

describeEachDatabase('recovery: kill -9 of a worker with 100 queued tasks', (target) => {
  let t: TestApp;
  let child: ChildProcess | undefined;
  beforeAll(async () => {
    // The API side only submits; the worker is a separate process we can kill.
    t = await buildTaskApp({ target, role: 'api', env: { SIGNUP_TICKETS: '1:200' } });
  });
  afterAll(async () => {
    child?.kill('SIGKILL');
    await t.close();
  });

  const startWorker = (startsFile: string) => {
    const proc = spawn(process.execPath, ['--import', 'tsx', 'test/fixtures/recovery-worker.ts'], {
      cwd: serverDir,
      env: {
        PATH: process.env.PATH ?? '',
        DATA_DIR: t.dataDir,
        ...(target.databaseUrl && { DATABASE_URL: target.databaseUrl }),
        LOG_LEVEL: 'silent',
        TASK_LEASE_MS: '1500',
        TASK_SWEEP_MS: '300',
        STARTS_FILE: startsFile,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let out = '';
    proc.stdout?.on('data', (d: Buffer) => (out += d.toString()));
    proc.stderr?.on('data', (d: Buffer) => (out += d.toString()));
    return { proc, output: () => out };
  };

  it('loses nothing: queued tasks run in order, the interrupted one re-runs, one capture each', async () => {
    const { token, user } = await smsLogin(t);
    const img = await upload(t, token);
    const ids: string[] = [];
    for (let i = 0; i < 100; i++) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/ai/startTask',
        payload: { toolId: 'to-line', upload_img: img.fileId },
        headers: { satoken: token },
      });
      ids.push(res.json().data.taskId as string);
    }
    const { db } = t.container.database;
    const startsFile = path.join(t.dataDir, 'starts.log');
    const starts = async () =>
      (await fs.readFile(startsFile, 'utf8').catch(() => '')).split('\n').filter(Boolean);

    const first = startWorker(startsFile);
    child = first.proc;
    await waitUntil(async () => (await starts()).length >= 10, 60_000);
    first.proc.kill('SIGKILL');
    await new Promise((r) => first.proc.once('exit', r));
    const running = await db
      .selectFrom('tasks')
      .select('id')
      .where('status', '=', 'running')
      .execute();
    expect(running.length).toBeLessThanOrEqual(1);

    const second = startWorker(startsFile);
    child = second.proc;
    const done = async () => {
      const row = await db
        .selectFrom('tasks')
        .select((eb) => eb.fn.countAll<string | number>().as('n'))
        .where('status', '=', 'succeeded')
        .where('user_id', '=', user.id)
        .executeTakeFirstOrThrow();
      return Number(row.n) === 100;
    };
    await waitUntil(done, 90_000);
    second.proc.kill('SIGTERM');

    // In their original order (a re-run appears twice; its first start is in place).
    const log = await starts();
    const firstStarts = [...new Set(log)];
    expect(firstStarts).toEqual(ids);
    for (const id of running.map((r) => r.id)) {
      expect(log.filter((x) => x === id).length).toBe(2);
    }
    for (const id of ids) {
      expect((await t.container.tickets.entriesFor(id)).map((e) => e.reason).sort()).toEqual([
        'capture',
        'hold',
      ]);
    }
    expect(await t.container.tickets.balance(user.id, 1)).toBe(100);
    expect(await t.container.tickets.ledgerSum(user.id, 1)).toBe(100);
  }, 180_000);
});
