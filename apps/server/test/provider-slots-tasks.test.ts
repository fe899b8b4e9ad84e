import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import { afterEach, describe, expect, it } from 'vitest';
import type { EngineJob } from '../src/engines/engine';
import { makeTempDir, smsLogin } from './helper';
import type { TestApp } from './helper';
import { buildTaskApp, fakeEngine, upload, waitUntil } from './task-fixtures';

const redisUrl = process.env.TEST_REDIS_URL ?? '';

/** A hosted engine double whose runs end only when the test lets them; counts runs at once. */
const heldProvider = () => {
  const waiting: (() => void)[] = [];
  const load = { now: 0, max: 0 };
  const engine = fakeEngine(
    ['render'],
    async (job: EngineJob) => {
      load.now += 1;
      load.max = Math.max(load.max, load.now);
      await new Promise<void>((r) => waiting.push(r));
      load.now -= 1;
      return fakeEngine().run(job);
    },
    'dashscope',
  );
  return { engine, load, waiting };
};

const statusOf = async (t: TestApp, token: string, taskId: string) =>
  (
    await t.app.inject({
      method: 'GET',
      url: `/api/ai/getTaskByTaskId?taskId=${taskId}`,
      headers: { satoken: token },
    })
  ).json().data as { status: string; queueNum: number };

const apps: TestApp[] = [];
const dirs: string[] = [];
afterEach(async () => {
  for (const t of apps.splice(0).reverse()) await t.close();
  for (const dir of dirs.splice(0)) await fs.rm(dir, { recursive: true, force: true });
});

const submit = async (t: TestApp, n: number) => {
  const { token } = await smsLogin(t);
  const img = await upload(t, token);
  const ids: string[] = [];
  for (let i = 0; i < n; i += 1) {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/ai/startTask',
      payload: { toolId: 'indoor', upload_img: img.fileId },
      headers: { satoken: token },
    });
    expect(res.statusCode, res.body).toBe(200);
    ids.push(res.json().data.taskId as string);
  }
  return { token, ids };
};

/** While the provider's one slot is taken the others are queued, first in line at 0. */
const expectHonestQueue = async (t: TestApp, token: string, ids: string[]) => {
  const seen = await Promise.all(ids.map((id) => statusOf(t, token, id)));
  expect(seen.filter((s) => s.status === 'running')).toHaveLength(1);
  expect(
    seen
      .filter((s) => s.status === 'queued')
      .map((s) => s.queueNum)
      .sort(),
  ).toEqual([0, 1]);
};

const env = {
  DASHSCOPE_API_KEY: 'sk-test',
  DASHSCOPE_CONCURRENCY: '1',
  SIGNUP_TICKETS: '1:100',
  TASK_USER_LANE_CAP: '50',
};

describe('tasks waiting for a provider slot', () => {
  it('stay queued with their position while the one slot is busy, then each runs', async () => {
    const p = heldProvider();
    const t = await buildTaskApp({ env, engines: [p.engine], startWorker: true });
    apps.push(t);
    const { token, ids } = await submit(t, 3);
    await waitUntil(() => p.waiting.length === 1);
    await expectHonestQueue(t, token, ids);
    const estimate = await t.app.inject({ url: '/api/ai/queueEstimate?toolId=indoor' });
    expect(estimate.json().data.slots).toBe(1);
    for (let done = 0; done < 3; done += 1) {
      await waitUntil(() => p.waiting.length === 1);
      p.waiting.shift()!();
    }
    await waitUntil(async () => {
      const all = await Promise.all(ids.map((id) => statusOf(t, token, id)));
      return all.every((s) => s.status === 'succeeded');
    });
    expect(p.load.max).toBe(1);
  });
});

describe.skipIf(!redisUrl)('provider slots between two workers (needs TEST_REDIS_URL)', () => {
  it('two workers on one Redis never run more than the limit; the rest stay queued', async () => {
    const dataDir = await makeTempDir('huijing-slots-');
    dirs.push(dataDir);
    const shared = {
      ...env,
      REDIS_URL: redisUrl,
      REDIS_PREFIX: `test-slots-${randomBytes(4).toString('hex')}`,
    };
    const [p1, p2] = [heldProvider(), heldProvider()];
    const a = await buildTaskApp({ env: shared, engines: [p1.engine], dataDir, startWorker: true });
    apps.push(a);
    const b = await buildTaskApp({ env: shared, engines: [p2.engine], dataDir, startWorker: true });
    apps.push(b);
    const { token, ids } = await submit(a, 3);
    const held = () => p1.waiting.length + p2.waiting.length;
    await waitUntil(() => held() === 1);
    // Both workers had time to try for the slot.
    await new Promise((r) => setTimeout(r, 1000));
    expect(held()).toBe(1);
    await expectHonestQueue(a, token, ids);
    for (let done = 0; done < 3; done += 1) {
      await waitUntil(() => held() === 1);
      (p1.waiting.shift() ?? p2.waiting.shift())!();
    }
    await waitUntil(async () => {
      const all = await Promise.all(ids.map((id) => statusOf(a, token, id)));
      return all.every((s) => s.status === 'succeeded');
    });
    expect(p1.load.max + p2.load.max).toBeLessThanOrEqual(2);
  });
});
