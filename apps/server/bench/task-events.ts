// The push: how long after an engine finishes a task the waiting page learns of it, through
// the task event stream (GET /api/ai/taskEvents) and through the spec's poll at the web's pace.
// Its own app (role all, in-process queue, an engine double that works RUN_MS per task) on a temp
// SQLite database; both clients read over real HTTP at the same time.
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { buildApp } from '../src/app';
import { loadEnv } from '../src/config/env';
import { createContainer } from '../src/container';
import type { Engine } from '../src/engines/engine';
import { readSse } from '../test/sse-reader';
import type { Row } from './perf-sections';

const TASKS = 6;
const RUN_MS = 2_000;

/** The web's poll schedule (apps/web/src/features/tools/model/poll-delay.ts) for a running task. */
const webPollDelay = (unchangedPolls: number) =>
  Math.round(Math.min(5_000, Math.max(500, 500 * 1.5 ** unchangedPolls)));

const percentile = (xs: number[], p: number) => {
  const sorted = [...xs].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
};

export const taskEventLatency = async (): Promise<Row[]> => {
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'huijing-bench-events-'));
  const storedAt = new Map<string, number>();
  const engine: Engine = {
    id: 'local',
    capabilities: ['to-line'],
    health: async () => ({ status: 'up' }),
    run: async (job) => {
      await new Promise((r) => setTimeout(r, RUN_MS));
      const out = path.join(job.workDir, 'out.png');
      await sharp({ create: { width: 8, height: 6, channels: 3, background: '#336699' } })
        .png()
        .toFile(out);
      storedAt.set(job.taskId, performance.now());
      return [{ path: out, mime: 'image/png', kind: 'image', width: 8, height: 6 }];
    },
  };
  const env = loadEnv({
    DATA_DIR: dataDir,
    LOG_LEVEL: 'silent',
    WEB_DIST: path.join(dataDir, 'no-web'),
    SIGNUP_TICKETS: '1:1000',
    TEST_LOGIN: 'off',
  });
  const container = createContainer(env, { role: 'all', engines: [engine] });
  await container.prepareDatabase();
  const app = await buildApp(container);
  await container.startWorker();
  const controller = new AbortController();
  try {
    const { db } = container.database;
    const at = new Date().toISOString();
    await db.transaction().execute(async (trx) => {
      await trx
        .insertInto('users')
        .values({ id: 'bench-events', nickname: 'bench', created_at: at, updated_at: at })
        .execute();
      await container.tickets.grantSignupTickets(trx, 'bench-events', at);
    });
    const token = await container.sessions.issue('user', 'bench-events');
    const img = await sharp({ create: { width: 64, height: 64, channels: 3, background: '#888' } })
      .jpeg()
      .toBuffer();
    const { file } = await container.files.ingestUpload('bench-events', img);
    await app.listen({ host: '127.0.0.1', port: 0 });
    const base = `http://127.0.0.1:${(app.server.address() as { port: number }).port}`;
    const headers = { satoken: token };

    // The stream: the moment each task's `succeeded` event is read.
    const pushedAt = new Map<string, number>();
    const res = await fetch(`${base}/api/ai/taskEvents`, { headers, signal: controller.signal });
    let ready!: () => void;
    const isReady = new Promise<void>((r) => (ready = r));
    void readSse(res.body as unknown as AsyncIterable<Uint8Array>, {
      event: ({ event, data }) => {
        if (event === 'ready') ready();
        if (event !== 'task') return;
        const task = JSON.parse(data) as { taskId: string; status: string };
        if (task.status === 'succeeded' && !pushedAt.has(task.taskId)) {
          pushedAt.set(task.taskId, performance.now());
        }
      },
    }).catch(() => undefined); // closed at the end
    await isReady;

    const pushed: number[] = [];
    const polled: number[] = [];
    let pollRequests = 0;
    for (let i = 0; i < TASKS; i++) {
      const started = await fetch(`${base}/api/ai/startTask`, {
        method: 'POST',
        headers: { ...headers, 'content-type': 'application/json' },
        body: JSON.stringify({ toolId: 'to-line', upload_img: file.id }),
      });
      const { taskId } = ((await started.json()) as { data: { taskId: string } }).data;
      // The poll, as the page runs it: backing off while nothing changes.
      let unchanged = 0;
      let last = '';
      for (;;) {
        pollRequests += 1;
        const r = await fetch(`${base}/api/ai/getTaskByTaskId?taskId=${taskId}`, { headers });
        const task = ((await r.json()) as { data: { status: string; progress: number } }).data;
        if (task.status === 'succeeded') {
          polled.push(performance.now() - storedAt.get(taskId)!);
          break;
        }
        const signature = `${task.status}:${task.progress}`;
        unchanged = signature === last ? unchanged + 1 : 0;
        last = signature;
        await new Promise((r) => setTimeout(r, webPollDelay(unchanged)));
      }
      const end = Date.now() + 5_000;
      while (!pushedAt.has(taskId) && Date.now() < end) await new Promise((r) => setTimeout(r, 5));
      if (pushedAt.has(taskId)) pushed.push(pushedAt.get(taskId)! - storedAt.get(taskId)!);
    }
    const show = (xs: number[]) =>
      `p50 ${percentile(xs, 50).toFixed(1)} ms, max ${Math.max(...xs).toFixed(1)} ms`;
    return [
      [
        `engine done → page: event stream (${pushed.length}/${TASKS} tasks)`,
        show(pushed),
        'before the poll',
        pushed.length === TASKS && percentile(pushed, 50) < percentile(polled, 50)
          ? 'met'
          : 'MISSED',
      ],
      [
        `engine done → page: poll at the web's pace (${RUN_MS / 1000} s runs)`,
        `${show(polled)}, ${(pollRequests / TASKS).toFixed(1)} polls/task`,
        '',
        '',
      ],
    ];
  } finally {
    controller.abort();
    await app.close();
    await container.close();
    await fs.rm(dataDir, { recursive: true, force: true });
  }
};
