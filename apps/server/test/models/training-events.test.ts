import { randomBytes } from 'node:crypto';
import type { ModelDetail } from '@huijing/contracts';
import { Redis } from 'ioredis';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { startComfyUiDouble } from '../doubles/comfyui-double';
import type { ComfyUiDouble } from '../doubles/comfyui-double';
import { buildTestApp, createPostgresDatabase, describeEachDatabase, makeTempDir } from '../helper';
import type { DatabaseTarget, TestApp } from '../helper';
import { listenLocal, openTaskEvents, streamReady } from '../sse-reader';
import type { StreamReader } from '../sse-reader';
import { waitUntil } from '../task-fixtures';
import { api, member, ROOT_ADMIN, rootAdmin, uploadDataset } from './model-fixtures';

const redisUrl = process.env.TEST_REDIS_URL ?? '';

const trainings = (r: StreamReader) => r.of<ModelDetail>('training');

const startTraining = async (t: TestApp, token: string, name: string) => {
  const pictures = await uploadDataset(t, token, 10);
  const res = await api(t, token).post('/api/model/train', {
    name,
    domain: 'interior-style',
    images: pictures.map((p) => p.fileId),
  });
  if (res.statusCode !== 200) throw new Error(`training refused: ${res.body}`);
  return (res.json().data as { id: string }).id;
};

const detailOf = async (t: TestApp, token: string, id: string) =>
  (await api(t, token).get(`/api/model/train/${id}`)).json().data as ModelDetail;

/** Nothing of `id` (a model of someone else) in any event of the stream. */
const expectNothingOf = (r: StreamReader, id: string) => {
  expect(trainings(r).map((m) => m.id)).not.toContain(id);
  expect(r.events.map((e) => e.data).join('\n')).not.toContain(id);
};

describeEachDatabase('training events on the task event stream', (target) => {
  let comfy: ComfyUiDouble;
  let t: TestApp;
  let base: string;
  const readers: StreamReader[] = [];
  const open = async (token: string) => {
    const r = await openTaskEvents(base, token);
    readers.push(r);
    expect(r.status).toBe(200);
    await streamReady(r);
    return r;
  };

  beforeAll(async () => {
    comfy = await startComfyUiDouble({ knobs: { stepDelayMs: 40, maxSteps: 6, paused: true } });
    t = await buildTestApp({
      target,
      env: {
        COMFYUI_URL: comfy.url,
        MODEL_TRAIN_PRICE: '2',
        SIGNUP_TICKETS: '1:20',
        ...ROOT_ADMIN,
        // On PostgreSQL the events go through Redis pub/sub too, as in a deployment.
        ...(redisUrl &&
          target.dialect === 'postgres' && {
            REDIS_URL: redisUrl,
            REDIS_PREFIX: `test-train-events-${randomBytes(4).toString('hex')}`,
          }),
      },
    });
    await t.container.startWorker();
    await waitUntil(() => t.container.taskEvents.live());
    base = await listenLocal(t.app);
  });
  afterEach(() => {
    for (const r of readers.splice(0)) r.close();
  });
  afterAll(async () => {
    await t?.close();
    await comfy?.close();
  });

  it('carries its own training queued → running → succeeded as the status call answers it, and nothing to another user', async () => {
    const a = await member(t);
    const b = await member(t);
    const c = await member(t);
    const mine = await open(a.token);
    const theirs = await open(b.token);

    // C's training holds the lane (one at a time; ComfyUI paused), so A's waits in the queue.
    comfy.knobs.paused = true;
    const blocker = await startTraining(t, c.token, '占位训练');
    await waitUntil(async () => (await detailOf(t, c.token, blocker)).status === 'running');
    const id = await startTraining(t, a.token, '事件客厅');
    await waitUntil(() => trainings(mine).some((m) => m.id === id && m.status === 'queued'));
    comfy.resume();
    await waitUntil(() => trainings(mine).some((m) => m.id === id && m.status === 'succeeded'));

    const seen = trainings(mine).filter((m) => m.id === id);
    const order = ['queued', 'running', 'succeeded'];
    expect(seen.map((m) => m.status)).toEqual(expect.arrayContaining(order));
    // Never a step back, and progress only grows.
    const steps = seen.map((m) => order.indexOf(m.status));
    expect([...steps].sort((x, y) => x - y)).toEqual(steps);
    const progress = seen.map((m) => m.progress);
    expect([...progress].sort((x, y) => x - y)).toEqual(progress);
    // The last event is exactly what GET /model/train/:id answers (weights, samples included).
    const last = seen.at(-1)!;
    expect(last).toEqual(await detailOf(t, a.token, id));
    expect(last).toMatchObject({ hasWeights: true, progress: 100 });
    // The training is not a task of the stream: no `task` or `gone` event names its run.
    expect(mine.events.filter((e) => e.event === 'gone')).toEqual([]);
    expectNothingOf(theirs, id);
    expectNothingOf(mine, blocker);
  });

  it('sends on connect the trainings running now, and a cancel from another tab', async () => {
    const a = await member(t);
    const b = await member(t);
    comfy.knobs.paused = true;
    const id = await startTraining(t, a.token, '排队中的模型');

    const late = await open(a.token);
    const other = await open(b.token);
    // Before `ready`: the snapshot carries the active training.
    const readyAt = late.events.findIndex((e) => e.event === 'ready');
    const snapshotAt = late.events.findIndex(
      (e) => e.event === 'training' && (JSON.parse(e.data) as ModelDetail).id === id,
    );
    expect(snapshotAt).toBeGreaterThanOrEqual(0);
    expect(snapshotAt).toBeLessThan(readyAt);

    const cancel = await api(t, a.token).del(`/api/model/train/${id}`);
    expect(cancel.json().data).toEqual({ canceled: true });
    await waitUntil(() => trainings(late).some((m) => m.id === id && m.status === 'canceled'));
    expect(trainings(late).at(-1)).toEqual(await detailOf(t, a.token, id));
    comfy.resume();
    expectNothingOf(other, id);
  });
  it("carries a reviewer's decision to the owner's pages, live and on connect", async () => {
    const a = await member(t);
    const b = await member(t);
    comfy.resume();
    const id = await startTraining(t, a.token, '待审的模型');
    await waitUntil(async () => (await detailOf(t, a.token, id)).status === 'succeeded');
    const pub = await api(t, a.token).post(`/api/model/train/${id}/publish`, { publish: true });
    expect(pub.json().data.review).toBe('approved');
    const live = await open(a.token);
    const other = await open(b.token);

    const admin = await rootAdmin(t);
    const down = await api(t, admin).post(`/api/user/manage/models/${id}/review`, {
      decision: 'reject',
      note: '含水印',
    });
    expect(down.statusCode, down.body).toBe(200);
    await waitUntil(() => trainings(live).some((m) => m.id === id && m.review === 'rejected'));
    const pushed = trainings(live)
      .filter((m) => m.id === id)
      .at(-1)!;
    expect(pushed).toEqual(await detailOf(t, a.token, id));
    expect(pushed).toMatchObject({ review: 'rejected', reviewNote: '含水印' });
    expectNothingOf(other, id);
    // A page that opens later hears of it in the snapshot: the decision changed the model, not
    // its training, which ended long before (an hour here).
    const { db } = t.container.database;
    const row = await db
      .selectFrom('models')
      .select('task_id')
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    await db
      .updateTable('tasks')
      .set({ updated_at: new Date(Date.now() - 3_600_000).toISOString() })
      .where('id', '=', row.task_id)
      .execute();
    const later = await open(a.token);
    const readyAt = later.events.findIndex((e) => e.event === 'ready');
    const before = later.events
      .slice(0, readyAt)
      .filter((e) => e.event === 'training')
      .map((e) => JSON.parse(e.data) as ModelDetail);
    expect(before.find((m) => m.id === id)).toMatchObject({ review: 'rejected' });
  });
});

// An API process holding the streams and a worker process running the training, on one database
// and one Redis: the training worker's changes must cross Redis to reach the owner's stream.
describe.skipIf(!redisUrl)('training events across processes (needs TEST_REDIS_URL)', () => {
  const prefix = `test-train-x-${randomBytes(4).toString('hex')}`;
  let comfy: ComfyUiDouble;
  let apiApp: TestApp;
  let worker: TestApp;
  let base: string;
  let drop: (() => Promise<void>) | undefined;

  beforeAll(async () => {
    comfy = await startComfyUiDouble({ knobs: { stepDelayMs: 40, maxSteps: 6 } });
    const dataDir = await makeTempDir();
    let target: DatabaseTarget = { dialect: 'sqlite', databaseUrl: undefined };
    const adminUrl = process.env.TEST_DATABASE_URL;
    if (adminUrl) {
      const created = await createPostgresDatabase(adminUrl);
      drop = created.drop;
      target = { dialect: 'postgres', databaseUrl: created.url };
    }
    const env = {
      REDIS_URL: redisUrl,
      REDIS_PREFIX: prefix,
      COMFYUI_URL: comfy.url,
      MODEL_TRAIN_PRICE: '2',
      SIGNUP_TICKETS: '1:20',
    };
    apiApp = await buildTestApp({ target, role: 'api', dataDir, env });
    worker = await buildTestApp({ target, role: 'worker', dataDir, env });
    await worker.container.startWorker();
    base = await listenLocal(apiApp.app);
  });
  afterAll(async () => {
    await apiApp?.close();
    await worker?.close();
    await comfy?.close();
    await drop?.();
    const redis = new Redis(redisUrl, { lazyConnect: true, maxRetriesPerRequest: 1 });
    redis.on('error', () => {});
    await redis.connect();
    const keys = await redis.keys(`${prefix}:*`);
    if (keys.length) await redis.del(...keys);
    redis.disconnect();
  });

  it('a training run by the worker process reaches its owner’s stream on the API process, not another’s', async () => {
    const a = await member(apiApp);
    const b = await member(apiApp);
    await waitUntil(() => apiApp.container.taskEvents.live());
    const mine = await openTaskEvents(base, a.token);
    const theirs = await openTaskEvents(base, b.token);
    try {
      expect([mine.status, theirs.status]).toEqual([200, 200]);
      await Promise.all([streamReady(mine), streamReady(theirs)]);
      const id = await startTraining(apiApp, a.token, '跨进程训练');
      await waitUntil(() => trainings(mine).some((m) => m.id === id && m.status === 'running'));
      await waitUntil(() => trainings(mine).some((m) => m.id === id && m.status === 'succeeded'));
      expect(trainings(mine).at(-1)).toEqual(await detailOf(apiApp, a.token, id));
      expectNothingOf(theirs, id);
    } finally {
      mine.close();
      theirs.close();
    }
  });
});
