import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { isAlive, spawnServerProcess } from './child-process';
import type { ServerProcess } from './child-process';
import { buildTestApp, smsLogin } from './helper';
import type { TestApp } from './helper';
import { buildTaskApp, upload } from './task-fixtures';

const connectRefused = (port: number) =>
  new Promise<string>((resolve) => {
    const socket = net.connect({ host: '127.0.0.1', port });
    socket.once('connect', () => {
      socket.destroy();
      resolve('connected');
    });
    socket.once('error', (err: NodeJS.ErrnoException) => resolve(err.code ?? 'error'));
  });

describe('graceful shutdown', () => {
  let t: TestApp | undefined;
  afterEach(async () => {
    await t?.container.close();
  });

  it('finishes in-flight requests, then refuses new connections', async () => {
    t = await buildTestApp();
    let arrived!: () => void;
    const requestArrived = new Promise<void>((r) => (arrived = r));
    t.app.get('/api/test/slow', async () => {
      arrived();
      await new Promise((r) => setTimeout(r, 300));
      return { success: true, code: 0, message: 'ok', data: 'slow done' };
    });
    await t.app.listen({ host: '127.0.0.1', port: 0 });
    const address = t.app.server.address();
    if (typeof address !== 'object' || !address) throw new Error('no address');
    const port = address.port;

    const inFlight = fetch(`http://127.0.0.1:${port}/api/test/slow`);
    await requestArrived;
    const closing = t.app.close();

    const res = await inFlight;
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ data: 'slow done' });
    await closing;
    expect(await connectRefused(port)).toBe('ECONNREFUSED');
  });
});

/** main.ts's documented bound: SIGTERM to exit, whatever a thread is doing. */
const SHUTDOWN_BOUND_MS = 10_000;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe('SIGTERM to a worker whose pool thread is inside libvips', () => {
  let t: TestApp | undefined;
  let worker: ServerProcess | undefined;
  let writer: number | undefined;
  afterEach(async () => {
    if (writer !== undefined) fs.closeSync(writer);
    writer = undefined;
    if (worker && isAlive(worker)) worker.proc.kill('SIGKILL');
    await worker?.exited;
    worker = undefined;
    await t?.close();
    t = undefined;
  });

  it('re-queues the task once and the process is gone within the bound', async () => {
    // The API side only submits; the worker is the real main.ts with its real local engine.
    t = await buildTaskApp({ role: 'api' });
    const { db } = t.container.database;
    const { token } = await smsLogin(t);
    const img = await upload(t, token);
    // The stored picture becomes a FIFO: libvips (on a libuv thread, for a pool thread) opens it,
    // and its read never returns while the write end stays open and empty — a native call no
    // thread termination can interrupt, as a long resize is.
    const { storage_key } = await db
      .selectFrom('files')
      .select('storage_key')
      .where('id', '=', img.fileId)
      .executeTakeFirstOrThrow();
    const stored = path.join(t.dataDir, 'files', storage_key);
    fs.rmSync(stored);
    execFileSync('mkfifo', [stored]);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/ai/startTask',
      payload: { toolId: 'upscale', upload_img: img.fileId, scale: 4 },
      headers: { satoken: token },
    });
    expect(res.statusCode, res.body).toBe(200);
    const taskId = res.json().data.taskId as string;

    worker = spawnServerProcess('worker', ['src/main.ts', '--role', 'worker'], {
      DATA_DIR: t.dataDir,
      LOG_LEVEL: 'info',
    });
    // A non-blocking open for writing succeeds only once a reader has the FIFO open.
    const waitUntil = Date.now() + 150_000;
    while (writer === undefined) {
      try {
        writer = fs.openSync(stored, fs.constants.O_WRONLY | fs.constants.O_NONBLOCK);
      } catch (err) {
        if ((err as NodeJS.ErrnoException).code !== 'ENXIO') throw err;
        if (!isAlive(worker) || Date.now() > waitUntil) {
          throw new Error(`the worker never opened the picture:\n${worker.output()}`);
        }
        await sleep(50);
      }
    }

    const signalled = Date.now();
    worker.proc.kill('SIGTERM');
    await Promise.race([worker.exited, sleep(SHUTDOWN_BOUND_MS + 3_000)]);
    const elapsed = Date.now() - signalled;
    expect(isAlive(worker), `still alive after ${elapsed} ms:\n${worker.output()}`).toBe(false);
    expect(worker.output()).toContain('task re-queued at shutdown');
    expect(worker.output()).toContain('shutdown complete');
    // Ended by the signal's default action: process.exit would have waited for the thread.
    expect(worker.proc.signalCode).toBe('SIGTERM');

    // Back in the queue, the interrupted attempt not counted, its hold neither captured nor released.
    const task = await db
      .selectFrom('tasks')
      .select(['status', 'attempts', 'tickets_state', 'worker_id'])
      .where('id', '=', taskId)
      .executeTakeFirstOrThrow();
    expect(task).toMatchObject({ status: 'queued', attempts: 0, tickets_state: 'held' });
    const ledger = await db
      .selectFrom('ticket_ledger')
      .select(['delta', 'reason'])
      .where('ref', '=', taskId)
      .execute();
    expect(ledger).toEqual([{ reason: 'hold', delta: -1 }]);
  }, 240_000);
});
