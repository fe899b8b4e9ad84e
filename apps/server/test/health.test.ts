import fs from 'node:fs/promises';
import { envelopeSchema, healthSchema, publicHealthSchema } from '@huijing/contracts';
import { afterEach, expect, it } from 'vitest';
import { startBlackholeProxy } from './blackhole-proxy';
import { underBusyLoop } from './busy-loop';
import { startComfyUiDouble } from './doubles/comfyui-double';
import {
  adminToken as loginAdmin,
  buildTestApp,
  captureLogs,
  closedPort,
  describeEachDatabase,
  makeTempDir,
  rootAdminEnv,
  smsLogin,
} from './helper';
import type { TestApp } from './helper';
import { buildTaskApp, upload, waitUntil } from './task-fixtures';

const ROOT = rootAdminEnv;

const adminToken = (t: TestApp) => loginAdmin(t);

const details = async (t: TestApp) =>
  envelopeSchema(healthSchema).parse(
    (
      await t.app.inject({
        url: '/api/user/manage/health',
        headers: { satoken: await adminToken(t) },
      })
    ).json(),
  );

describeEachDatabase('GET /api/health', (target) => {
  let t: TestApp | undefined;
  afterEach(async () => {
    await t?.close();
    t = undefined;
  });

  it('tells anyone only ok/degraded/down; admins get the whole report', async () => {
    t = await buildTestApp({ target, env: ROOT });
    const res = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ success: true, code: 0, message: 'ok', data: { status: 'ok' } });
    expect(res.body).not.toMatch(/sqlite|postgres|version|ffmpeg|engines/);

    const body = await details(t);
    expect(body).toMatchObject({ success: true, code: 0, message: 'ok' });
    expect(body.data).toMatchObject({
      status: 'ok',
      version: '0.1.0',
      role: 'all',
      database: { status: 'up', dialect: target.dialect },
      queue: { status: 'up', driver: 'in-process' },
      tasks: { queued: 0, running: 0, pendingHandOffs: 0 },
    });
    expect(body.data.database.latencyMs).toBeGreaterThanOrEqual(0);
    expect(body.data.engines.map((e) => e.id)).toEqual(['local', 'comfyui', 'openai-images']);

    // Not for users, not for strangers.
    const user = await smsLogin(t);
    const asUser = await t.app.inject({
      url: '/api/user/manage/health',
      headers: { satoken: user.token },
    });
    expect(asUser.statusCode).toBe(403);
    expect((await t.app.inject({ url: '/api/user/manage/health' })).statusCode).toBe(401);
  });

  it('probes configured engines for admins: a live ComfyUI is up, an unreachable image API is down', async () => {
    const comfy = await startComfyUiDouble();
    try {
      t = await buildTestApp({
        target,
        role: 'api',
        env: {
          ...ROOT,
          COMFYUI_URL: comfy.url,
          OPENAI_IMAGES_BASE_URL: `http://127.0.0.1:${await closedPort()}/v1`,
          OPENAI_IMAGES_MODEL: 'gpt-image-1',
        },
      });
      // The local engine loads OpenCV.js in its worker pool on first use; warm it so the
      // 2-second probe measures a running pool, not a cold start on a loaded machine.
      await t.container.router.engines.find((e) => e.id === 'local')!.health();
      const body = await details(t);
      expect(body.data.role).toBe('api');
      const byId = Object.fromEntries(body.data.engines.map((e) => [e.id, e]));
      expect(byId.local?.status, byId.local?.detail).toBe('up');
      expect(byId.comfyui?.status).toBe('up');
      expect(byId['openai-images']?.status).toBe('down');
      // A remote engine being down never makes the whole service unhealthy.
      expect(body.data.status).toBe('ok');
    } finally {
      await comfy.close();
    }
  });

  const redisUrl = process.env.TEST_REDIS_URL;
  // SQLite and the in-process queue answer without I/O; PostgreSQL and Redis are where a busy
  // loop delays the reading of an answer.
  if (redisUrl || target.dialect === 'postgres') {
    it('stays ok while the event loop is busy past the probe bound; a hung Redis still reads down', async () => {
      const redis = redisUrl ? new URL(redisUrl) : undefined;
      const proxy = redis
        ? await startBlackholeProxy({ host: redis.hostname, port: Number(redis.port || 6379) })
        : undefined;
      try {
        t = await buildTestApp({
          target,
          role: 'api',
          env: proxy && {
            REDIS_URL: proxy.via(redisUrl!),
            REDIS_PREFIX: `health-${process.pid}-${Date.now()}`,
          },
        });
        const health = t.container.health;
        await waitUntil(async () => (await health.check()).status === 'ok');
        // Longer than every probe's bound, with the probes in flight against healthy services.
        expect(await underBusyLoop(() => health.check(), 2_000)).toEqual({ status: 'ok' });
        expect(await underBusyLoop(() => health.check(), 2_000)).toEqual({ status: 'ok' });
        if (proxy) {
          proxy.blackhole();
          expect(await health.check()).toEqual({ status: 'down' });
          proxy.pass();
          await waitUntil(async () => (await health.check()).status === 'ok');
        }
      } finally {
        await t?.close();
        t = undefined;
        await proxy?.close();
      }
    }, 30_000);
  }

  it('is degraded while DATA_DIR has less free space than DATA_DIR_MIN_FREE_BYTES', async () => {
    const dataDir = await makeTempDir();
    try {
      const s = await fs.statfs(dataDir);
      const free = s.bavail * s.bsize;
      // More than this machine has free.
      const floor = free * 2 + 1024 ** 3;
      t = await buildTestApp({
        target,
        dataDir,
        env: { ...ROOT, DATA_DIR_MIN_FREE_BYTES: String(floor) },
      });
      const res = await t.app.inject({ url: '/api/health' });
      expect(res.statusCode).toBe(200);
      expect(res.json().data).toEqual({ status: 'degraded' });
      const body = await details(t);
      expect(body.data.status).toBe('degraded');
      expect(body.data.disk).toMatchObject({ status: 'low', minFreeBytes: floor });
      expect(body.data.disk.freeBytes).toBeLessThan(floor);
      expect(body.data.disk.totalBytes).toBeGreaterThan(0);
      await t.close();

      // A floor the disk is above: ok.
      t = await buildTestApp({ target, dataDir, env: { ...ROOT, DATA_DIR_MIN_FREE_BYTES: '1' } });
      expect((await t.app.inject({ url: '/api/health' })).json().data).toEqual({ status: 'ok' });
      expect((await details(t)).data.disk).toMatchObject({ status: 'ok', minFreeBytes: 1 });
    } finally {
      await t?.close();
      t = undefined;
      await fs.rm(dataDir, { recursive: true, force: true });
    }
  });

  it('is 503 and down when the database is gone', async () => {
    t = await buildTestApp({ target });
    await t.container.database.close();
    const res = await t.app.inject({ url: '/api/health' });
    expect(res.statusCode).toBe(503);
    const body = envelopeSchema(publicHealthSchema).parse(res.json());
    expect(body).toMatchObject({ success: false, code: 50300, data: { status: 'down' } });
    expect(body.requestId).toBeTruthy();
  });

  it('is degraded while work is queued and no worker sends heartbeats, ok once one does', async () => {
    t = await buildTaskApp({ target, role: 'api', env: ROOT });
    const user = await smsLogin(t);
    const img = await upload(t, user.token);
    const started = await t.app.inject({
      method: 'POST',
      url: '/api/ai/startTask',
      payload: { toolId: 'to-line', upload_img: img.fileId },
      headers: { satoken: user.token },
    });
    expect(started.statusCode, started.body).toBe(200);
    const res = await t.app.inject({ url: '/api/health' });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toEqual({ status: 'degraded' });
    const body = await details(t);
    expect(body.data).toMatchObject({
      status: 'degraded',
      workers: { live: 0 },
      tasks: { queued: 1 },
    });

    // A worker process starts (here: this container's worker) and beats.
    await t.container.startWorker();
    const after = await details(t);
    expect(after.data.workers.live).toBe(1);
    expect(after.data.status).toBe('ok');
  });
});

it('with Redis unreachable: one clear log line, health 503 within a second, startTask answers, shutdown is bounded', async () => {
  const logs = captureLogs();
  const t = await buildTestApp({
    role: 'api',
    logStream: logs.stream,
    env: { REDIS_URL: `redis://127.0.0.1:${await closedPort()}`, SIGNUP_TICKETS: '1:5' },
  });
  try {
    const user = await smsLogin(t);
    const img = await upload(t, user.token);

    let began = performance.now();
    const health = await t.app.inject({ url: '/api/health' });
    expect(performance.now() - began).toBeLessThan(1_000);
    expect(health.statusCode).toBe(503);
    expect(health.json().data).toEqual({ status: 'down' });

    began = performance.now();
    const started = await t.app.inject({
      method: 'POST',
      url: '/api/ai/startTask',
      payload: { toolId: 'to-line', upload_img: img.fileId },
      headers: { satoken: user.token },
    });
    // The task and its hold are committed; the hand-off waits for Redis, the user does not.
    expect(started.statusCode, started.body).toBe(200);
    expect(performance.now() - began).toBeLessThan(1_000);
    const info = await t.app.inject({
      url: `/api/ai/getTaskByTaskId?taskId=${started.json().data.taskId}`,
      headers: { satoken: user.token },
    });
    expect(info.json().data.status).toBe('queued');

    const unreachable = logs.lines.filter((l) => l.includes('Redis unreachable: health'));
    expect(unreachable).toHaveLength(1);
    expect(unreachable[0]).toMatch(/"level":50/);
  } finally {
    const began = performance.now();
    await t.close();
    expect(performance.now() - began).toBeLessThan(6_000);
  }
});
