import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { laneOf } from '../src/modules/tasks/tasks.worker';
import { BullMqQueue } from '../src/queue/bullmq.queue';
import { describeEachDatabase, makeTempDir, smsLogin } from './helper';
import type { TestApp } from './helper';
import { buildTaskApp, fakeEngine, untilAborted, upload, waitUntil } from './task-fixtures';

const redisUrl = process.env.TEST_REDIS_URL ?? '';

// Needs a Redis to talk to: without TEST_REDIS_URL these tests are reported as skipped (and
// `npm test` says why); .ci/run always sets it.
describe.skipIf(!redisUrl)('BullMQ transport (needs TEST_REDIS_URL)', () => {
  describeEachDatabase('tasks over BullMQ: an API process and a worker process', (target) => {
    const prefix = `huijing-test-${randomBytes(4).toString('hex')}`;
    let dataDir: string;
    let api: TestApp;
    let worker: TestApp | undefined;
    let apiQueue: BullMqQueue;
    let hang = false;
    let aborted = false;
    const engine = fakeEngine(['to-line']);
    const run = engine.run;
    engine.run = async (job) => {
      if (hang) {
        hang = false;
        job.signal.addEventListener('abort', () => (aborted = true));
        return untilAborted(job);
      }
      return run(job);
    };

    beforeAll(async () => {
      dataDir = await makeTempDir();
      apiQueue = new BullMqQueue({ url: redisUrl, prefix });
      api = await buildTaskApp({
        target,
        dataDir,
        role: 'api',
        queue: apiQueue,
        engines: [engine],
      });
    });
    afterAll(async () => {
      await worker?.close();
      await apiQueue.obliterate(laneOf('local')).catch(() => {});
      await api.close();
      await fs.rm(dataDir, { recursive: true, force: true });
    });

    const startWorker = async () => {
      worker = await buildTaskApp({
        target,
        dataDir,
        role: 'worker',
        queue: new BullMqQueue({ url: redisUrl, prefix }),
        engines: [engine],
        startWorker: true,
      });
    };

    const status = async (taskId: string) =>
      (
        await api.container.database.db
          .selectFrom('tasks')
          .select('status')
          .where('id', '=', taskId)
          .executeTakeFirstOrThrow()
      ).status;

    it('queued tasks lost from Redis are re-enqueued when a worker boots, then run once each', async () => {
      const { token, user } = await smsLogin(api);
      const img = await upload(api, token);
      const ids: string[] = [];
      for (let i = 0; i < 3; i++) {
        const res = await api.app.inject({
          method: 'POST',
          url: '/api/ai/startTask',
          payload: { toolId: 'to-line', upload_img: img.fileId },
          headers: { satoken: token },
        });
        ids.push(res.json().data.taskId as string);
      }
      expect(await apiQueue.ping()).toBe(true);
      await apiQueue.obliterate(laneOf('local'));
      await startWorker();
      for (const id of ids) await waitUntil(async () => (await status(id)) === 'succeeded');
      for (const id of ids) {
        const reasons = (await api.container.tickets.entriesFor(id)).map((e) => e.reason);
        expect(reasons.sort()).toEqual(['capture', 'hold']);
      }
      expect(await api.container.tickets.balance(user.id, 1)).toBe(34);
    });

    it('a task submitted to the API runs on the worker; a cancel from the API aborts it there', async () => {
      const { token, user } = await smsLogin(api);
      const img = await upload(api, token);
      const start = () =>
        api.app.inject({
          method: 'POST',
          url: '/api/ai/startTask',
          payload: { toolId: 'to-line', upload_img: img.fileId },
          headers: { satoken: token },
        });
      const done = (await start()).json().data.taskId as string;
      await waitUntil(async () => (await status(done)) === 'succeeded');

      hang = true;
      const hung = (await start()).json().data.taskId as string;
      await waitUntil(async () => (await status(hung)) === 'running');
      const del = await api.app.inject({
        method: 'GET',
        url: `/api/ai/delTaskByTaskId?taskId=${hung}`,
        headers: { satoken: token },
      });
      expect(del.statusCode).toBe(200);
      await waitUntil(() => aborted);
      expect((await api.container.tickets.entriesFor(hung)).map((e) => e.reason).sort()).toEqual([
        'hold',
        'release',
      ]);
      expect(await api.container.tickets.balance(user.id, 1)).toBe(36);
      expect(await api.container.tickets.ledgerSum(user.id, 1)).toBe(36);
    });
  });
});
