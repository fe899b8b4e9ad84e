import { randomBytes } from 'node:crypto';
import path from 'node:path';
import type { TaskInfo } from '@huijing/contracts';
import { Redis } from 'ioredis';
import sharp from 'sharp';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { EngineJob } from '../src/engines/engine';
import { describeEachDatabase, makeTempDir, smsLogin } from './helper';
import type { DatabaseTarget, TestApp } from './helper';
import { listenLocal, openTaskEvents, streamReady, type StreamReader } from './sse-reader';
import { buildTaskApp, fakeEngine, untilAborted, upload, waitUntil } from './task-fixtures';

type Reader = StreamReader & { tasks: () => TaskInfo[] };

const listen = (t: TestApp) => listenLocal(t.app);

const openStream = async (
  base: string,
  token: string | undefined,
  headers: Record<string, string> = {},
): Promise<Reader> => {
  const r = await openTaskEvents(base, token, headers);
  return Object.assign(r, { tasks: () => r.of<TaskInfo>('task') });
};

const startTask = async (t: TestApp, token: string) => {
  const file = await upload(t, token);
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/ai/startTask',
    headers: { satoken: token },
    payload: { toolId: 'to-line', inputs: { upload_img: file.fileId } },
  });
  if (res.statusCode !== 200) throw new Error(`startTask failed: ${res.body}`);
  return (res.json().data as { taskId: string }).taskId;
};

const getTask = async (t: TestApp, token: string, taskId: string) =>
  (
    await t.app.inject({
      url: `/api/ai/getTaskByTaskId?taskId=${taskId}`,
      headers: { satoken: token },
    })
  ).json().data as TaskInfo;

/** An engine whose runs wait until the test releases them (by task id). */
const gatedEngine = () => {
  const gates = new Map<string, () => void>();
  const started = new Set<string>();
  const engine = fakeEngine(['to-line'], async (job: EngineJob) => {
    started.add(job.taskId);
    await Promise.race([
      new Promise<void>((resolve) => gates.set(job.taskId, resolve)),
      untilAborted(job),
    ]);
    job.onProgress({ percent: 50 });
    const out = path.join(job.workDir, 'out.png');
    await sharp({ create: { width: 8, height: 6, channels: 3, background: '#336699' } })
      .png()
      .toFile(out);
    return [{ path: out, mime: 'image/png', kind: 'image' as const, width: 8, height: 6 }];
  });
  return {
    engine,
    started,
    release: async (taskId: string) => {
      await waitUntil(() => gates.has(taskId));
      gates.get(taskId)!();
    },
  };
};

const ready = (r: Reader) => streamReady(r);

describeEachDatabase('task event streams', (target: DatabaseTarget) => {
  let t: TestApp;
  let base: string;
  let gate: ReturnType<typeof gatedEngine>;
  const readers: Reader[] = [];
  const open = async (token: string | undefined, headers?: Record<string, string>) => {
    const r = await openStream(base, token, headers);
    readers.push(r);
    return r;
  };

  beforeAll(async () => {
    gate = gatedEngine();
    t = await buildTaskApp({
      target,
      engines: [gate.engine],
      startWorker: true,
      env: { SIGNUP_TICKETS: '1:50', TASK_EVENTS_PER_USER: '2', TASK_EVENTS_HEARTBEAT_MS: '1000' },
    });
    base = await listen(t);
  });
  afterEach(() => {
    for (const r of readers.splice(0)) r.close();
  });
  afterAll(async () => {
    await t.close();
  });

  it('carries queued (with its moving place) → running → succeeded of its own task, and nothing of another user’s', async () => {
    const a = await smsLogin(t);
    const b = await smsLogin(t);
    const stream = await open(a.token);
    expect(stream.status).toBe(200);
    expect(stream.retry).toBeUndefined(); // read below, once the first block arrived
    await ready(stream);
    expect(stream.retry).toBe(3000);

    // A's first task runs (and waits); then B's and A's second wait in the queue, in that order.
    const a1 = await startTask(t, a.token);
    await waitUntil(() => gate.started.has(a1));
    const b1 = await startTask(t, b.token);
    const a2 = await startTask(t, a.token);
    await waitUntil(() => stream.tasks().some((x) => x.taskId === a2 && x.queueNum === 1));

    await gate.release(a1); // B's task is claimed (users take turns): A's second moves up
    await waitUntil(() => gate.started.has(b1));
    await waitUntil(() =>
      stream.tasks().some((x) => x.taskId === a2 && x.status === 'queued' && x.queueNum === 0),
    );
    await gate.release(b1); // A's second runs
    await waitUntil(() => stream.tasks().some((x) => x.taskId === a2 && x.status === 'running'));
    await gate.release(a2);
    await waitUntil(() => stream.tasks().some((x) => x.taskId === a2 && x.status === 'succeeded'));
    expect(stream.tasks().some((x) => x.taskId === a1 && x.status === 'succeeded')).toBe(true);

    const mine = stream.tasks().filter((x) => x.taskId === a2);
    expect(mine.map((x) => x.status)).toEqual(
      expect.arrayContaining(['queued', 'running', 'succeeded']),
    );
    // Never a step back: the events follow the task's own order.
    const order = ['queued', 'running', 'succeeded'];
    const seen = mine.map((x) => order.indexOf(x.status));
    expect([...seen].sort((x, y) => x - y)).toEqual(seen);
    // The last event is what getTaskByTaskId answers, outputs included.
    const last = mine.at(-1)!;
    expect(last.outputs).toHaveLength(1);
    expect(last).toEqual(await getTask(t, a.token, a2));
    // Nothing of B's tasks, in any event.
    const text = stream.events.map((e) => e.data).join('\n');
    expect(text).not.toContain(b1);
    // Event ids increase (Last-Event-ID resumes from them).
    const ids = stream.events.filter((e) => e.id).map((e) => Number(e.id));
    expect(ids.every((id, i) => i === 0 || id > ids[i - 1]!)).toBe(true);
  });

  it('sends on connect the active tasks and those finished since Last-Event-ID', async () => {
    const a = await smsLogin(t);
    const done = await startTask(t, a.token);
    await gate.release(done);
    await waitUntil(async () => (await getTask(t, a.token, done)).status === 'succeeded');
    // It finished a minute ago.
    await t.container.database.db
      .updateTable('tasks')
      .set({ updated_at: new Date(Date.now() - 60_000).toISOString() })
      .where('id', '=', done)
      .execute();
    const waiting = await startTask(t, a.token);
    await waitUntil(() => gate.started.has(waiting));

    const fresh = await open(a.token);
    await ready(fresh);
    const snapshot = fresh.tasks();
    expect(snapshot.map((x) => x.taskId).sort()).toEqual([done, waiting].sort());
    expect(snapshot.find((x) => x.taskId === done)?.status).toBe('succeeded');
    expect(JSON.parse(fresh.events.find((e) => e.event === 'ready')!.data)).toEqual({ tasks: 2 });

    // A reconnect after the last event: the task finished before it is not sent again, the
    // active one is.
    const lastId = fresh.events.at(-1)!.id!;
    fresh.close();
    const resumed = await open(a.token, { 'last-event-id': lastId });
    await ready(resumed);
    expect(resumed.tasks().map((x) => x.taskId)).toEqual([waiting]);
    await gate.release(waiting);
    await waitUntil(() =>
      resumed.tasks().some((x) => x.taskId === waiting && x.status === 'succeeded'),
    );
  });

  it('carries a cancel (canceled) and a delete (gone) made from another tab', async () => {
    const a = await smsLogin(t);
    const stream = await open(a.token);
    await ready(stream);
    const running = await startTask(t, a.token);
    await waitUntil(() => gate.started.has(running));
    const queued = await startTask(t, a.token);
    await waitUntil(() => stream.tasks().some((x) => x.taskId === queued));
    const cancel = await t.app.inject({
      url: `/api/ai/delTaskByTaskId?taskId=${queued}&keep=1`,
      headers: { satoken: a.token },
    });
    expect(cancel.statusCode).toBe(200);
    await waitUntil(() =>
      stream.tasks().some((x) => x.taskId === queued && x.status === 'canceled'),
    );
    const remove = await t.app.inject({
      url: `/api/ai/delTaskByTaskId?taskId=${running}`,
      headers: { satoken: a.token },
    });
    expect(remove.statusCode).toBe(200);
    await waitUntil(() =>
      stream.events.some(
        (e) => e.event === 'gone' && e.data === JSON.stringify({ taskId: running }),
      ),
    );
  });

  it('refuses a signed-out caller, and a user past the stream cap (429), before streaming', async () => {
    const anonymous = await open(undefined);
    expect(anonymous.status).toBe(401);
    const a = await smsLogin(t);
    await ready(await open(a.token));
    await ready(await open(a.token));
    const third = await open(a.token);
    expect(third.status).toBe(429);
    expect(third.body).toMatchObject({ success: false, code: 42917 });
    expect(t.container.taskStreams.count(a.user.id)).toBe(2);
    // A closed tab frees its place.
    readers[1]!.close();
    await waitUntil(() => t.container.taskStreams.count(a.user.id) === 1);
    const again = await open(a.token);
    expect(again.status).toBe(200);
  });

  it('ends the stream when its session ends (logout), and sends heartbeats meanwhile', async () => {
    const a = await smsLogin(t);
    // A second device of the same user.
    const other = { token: await t.container.sessions.issue('user', a.user.id) };
    const stream = await open(a.token);
    const kept = await open(other.token);
    await Promise.all([ready(stream), ready(kept)]);
    await waitUntil(() => stream.comments.includes('hb'), 5000);
    const out = await t.app.inject({ url: '/api/user/logout', headers: { satoken: a.token } });
    expect(out.statusCode).toBe(200);
    await stream.ended;
    expect(stream.events.at(-1)).toMatchObject({ event: 'end', data: '{"reason":"session"}' });
    // The other device's stream stays open.
    await new Promise((r) => setTimeout(r, 300));
    expect(kept.isEnded()).toBe(false);
    expect(t.container.taskStreams.count(a.user.id)).toBe(1);
  });
});

describe('task event streams without a worker in the process', () => {
  it('are refused (503) on an API-only process without Redis: it would not hear the workers', async () => {
    const dataDir = await makeTempDir();
    const t = await buildTaskApp({ role: 'api', dataDir });
    try {
      const base = await listen(t);
      const a = await smsLogin(t);
      const r = await openStream(base, a.token);
      expect(r.status).toBe(503);
      expect(r.body).toMatchObject({ code: 50317 });
    } finally {
      await t.close();
    }
  });
});

const redisUrl = process.env.TEST_REDIS_URL ?? '';

// Two app instances on one database and one Redis: the API holding the stream runs no jobs, the
// other instance's worker runs the task. Every change must cross through Redis.
describe.skipIf(!redisUrl)('task event streams across processes (needs TEST_REDIS_URL)', () => {
  const prefix = `test-events-${randomBytes(4).toString('hex')}`;
  const adminUrl = process.env.TEST_DATABASE_URL;
  let api: TestApp;
  let worker: TestApp;
  let gate: ReturnType<typeof gatedEngine>;
  let base: string;
  let drop: (() => Promise<void>) | undefined;

  beforeAll(async () => {
    const dataDir = await makeTempDir();
    let target: DatabaseTarget = { dialect: 'sqlite', databaseUrl: undefined };
    if (adminUrl) {
      const { createPostgresDatabase } = await import('./helper');
      const created = await createPostgresDatabase(adminUrl);
      drop = created.drop;
      target = { dialect: 'postgres', databaseUrl: created.url };
    }
    const env = { REDIS_URL: redisUrl, REDIS_PREFIX: prefix, SIGNUP_TICKETS: '1:10' };
    gate = gatedEngine();
    api = await buildTaskApp({
      target,
      role: 'api',
      dataDir,
      env,
      engines: [fakeEngine(['to-line'])],
    });
    worker = await buildTaskApp({
      target,
      role: 'worker',
      dataDir,
      env,
      engines: [gate.engine],
      startWorker: true,
    });
    base = await listen(api);
  });
  afterAll(async () => {
    await api?.close();
    await worker?.close();
    await drop?.();
    const redis = new Redis(redisUrl, { lazyConnect: true, maxRetriesPerRequest: 1 });
    redis.on('error', () => {});
    await redis.connect();
    const keys = await redis.keys(`${prefix}:*`);
    if (keys.length) await redis.del(...keys);
    redis.disconnect();
  });

  it('a task run by the other instance reaches the stream: running, then succeeded', async () => {
    const a = await smsLogin(api);
    await waitUntil(() => api.container.taskEvents.live());
    const stream = await openStream(base, a.token);
    try {
      expect(stream.status).toBe(200);
      await ready(stream);
      const id = await startTask(api, a.token);
      await waitUntil(() => stream.tasks().some((x) => x.taskId === id && x.status === 'running'));
      await gate.release(id);
      await waitUntil(() =>
        stream.tasks().some((x) => x.taskId === id && x.status === 'succeeded'),
      );
      expect(stream.tasks().at(-1)).toEqual(await getTask(api, a.token, id));
    } finally {
      stream.close();
    }
  });

  it('a logout through the other instance ends the stream', async () => {
    const a = await smsLogin(api);
    const stream = await openStream(base, a.token);
    await ready(stream);
    // The worker instance serves no HTTP here; its sessions service is another process's.
    await worker.container.sessions.revokeToken(a.token);
    await stream.ended;
    expect(stream.events.at(-1)).toMatchObject({ event: 'end', data: '{"reason":"session"}' });
  });
});
