// npm run bench: one run, side by side. Boots the real app on a temp SQLite database and measures
// (1) the task-status poll against a bare Fastify route, (2) startTask throughput with an engine
// that never runs (no worker), (3) the queue-position query with 10 000 queued tasks, then issue
// 17's measures (perf-sections.ts): the poll over real HTTP at 100 connections, /api/health while
// local CPU jobs run, push vs poll for a finished task (task-events.ts), the DashScope engine's own
// cost per task and its concurrency limit (hosted-engines.ts), and the web's first load
// (manifest, and Chromium when installed).
// Bounded by counts and seconds, so it always finishes; numbers compare within one run.
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import Fastify from 'fastify';
import sharp from 'sharp';
import { buildApp } from '../src/app';
import { loadEnv } from '../src/config/env';
import { createContainer } from '../src/container';
import type { Engine } from '../src/engines/engine';
import { createTasksRepository } from '../src/modules/tasks/tasks.repository';
import {
  eventLoopUnderCpuWork,
  pollOverHttp,
  webFromBuild,
  webFromChromium,
  type Row,
} from './perf-sections';
import { hostedEngineRows } from './hosted-engines';
import { taskEventLatency } from './task-events';

const idle: Engine = {
  id: 'local',
  capabilities: ['to-line'],
  health: async () => ({ status: 'up' }),
  run: () => new Promise(() => {}),
};

const timeLoop = async (n: number, concurrency: number, fn: (i: number) => Promise<unknown>) => {
  let next = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < n) await fn(next++);
    }),
  );
  return (performance.now() - started) / 1000;
};

const main = async () => {
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'huijing-bench-'));
  const env = loadEnv({
    DATA_DIR: dataDir,
    LOG_LEVEL: 'silent',
    // The real web build when there is one, so Chromium can load the pages from this server.
    WEB_DIST: path.resolve(import.meta.dirname, '../../web/dist'),
    SIGNUP_TICKETS: '1:100000',
    TEST_LOGIN: 'off',
  });
  const container = createContainer(env, { role: 'api', engines: [idle] });
  await container.prepareDatabase();
  const app = await buildApp(container);
  const bare = Fastify();
  bare.get('/ping', async () => ({ success: true, code: 0, message: 'ok', data: null }));

  try {
    // A signed-in user with one upload, through the real endpoints' services.
    const { db } = container.database;
    const at = new Date().toISOString();
    const user = await db.transaction().execute(async (trx) => {
      const id = 'bench-user';
      await trx
        .insertInto('users')
        .values({ id, nickname: 'bench', phone: '13900000000', created_at: at, updated_at: at })
        .execute();
      await container.tickets.grantSignupTickets(trx, id, at);
      return id;
    });
    const token = await container.sessions.issue('user', user);
    const img = await sharp({ create: { width: 64, height: 64, channels: 3, background: '#888' } })
      .jpeg()
      .toBuffer();
    const { file } = await container.files.ingestUpload(user, img);
    const headers = { satoken: token };
    const start = () =>
      app.inject({
        method: 'POST',
        url: '/api/ai/startTask',
        payload: { toolId: 'to-line', upload_img: file.id },
        headers,
      });
    const first = (await start()).json().data.taskId as string;

    // 1. Status poll vs a bare route (in-process inject, same concurrency).
    const polls = 3000;
    await timeLoop(300, 8, () => bare.inject({ method: 'GET', url: '/ping' }));
    const bareS = await timeLoop(polls, 8, () => bare.inject({ method: 'GET', url: '/ping' }));
    await timeLoop(300, 8, () =>
      app.inject({ method: 'GET', url: `/api/ai/getTaskByTaskId?taskId=${first}`, headers }),
    );
    const pollS = await timeLoop(polls, 8, () =>
      app.inject({ method: 'GET', url: `/api/ai/getTaskByTaskId?taskId=${first}`, headers }),
    );

    // 2. startTask throughput (validation, ownership, hold + insert in one transaction).
    const starts = 1000;
    const startS = await timeLoop(starts, 8, start);

    // 3. queueNum with 10 000 queued tasks on the lane: fill, then time the position query.
    const repo = createTasksRepository(db);
    const have = starts + 1;
    await db.transaction().execute(async (trx) => {
      const tasks = createTasksRepository(trx);
      for (let i = have; i < 10_000; i++) {
        const seq = await tasks.nextSeq();
        await tasks.insertTask(
          {
            id: `bench-${i}`,
            userId: user,
            toolId: 'to-line',
            family: 'edit',
            capability: 'to-line',
            engine: 'local',
            status: 'queued',
            params: {},
            inputs: { upload_img: file.id },
            ticketType: 1,
            price: 0,
            ticketsState: 'none',
            createdAt: at,
          },
          seq,
        );
      }
    });
    const last = await repo.findTask('bench-9999');
    const queries = 500;
    const qS = await timeLoop(queries, 1, () => repo.queuedAhead('local', last!.seq));
    const position = await repo.queuedAhead('local', last!.seq);

    const rows: [string, string, string][] = [
      ['bare Fastify route (inject)', `${Math.round(polls / bareS)} req/s`, '1.00'],
      [
        'GET /api/ai/getTaskByTaskId',
        `${Math.round(polls / pollS)} req/s`,
        (bareS / pollS).toFixed(2),
      ],
      ['POST /api/ai/startTask', `${Math.round(starts / startS)} tasks/s`, ''],
      [
        `queueNum with 10 000 queued (position ${position})`,
        `${Math.round((qS / queries) * 1e6)} µs/call`,
        '',
      ],
    ];
    const w = [48, 18, 8];
    const line = (c: string[]) => c.map((x, i) => x.padEnd(w[i]!)).join(' | ');
    console.info(line(['measure', 'result', 'ratio']));
    console.info(w.map((n) => '-'.repeat(n)).join('-|-'));
    for (const r of rows) console.info(line(r));
    console.info(`(SQLite, ${os.cpus().length} cores, Node ${process.version})`);

    // The same app over real HTTP, the event loop under CPU work, the web's first load.
    await app.listen({ host: '127.0.0.1', port: 0 });
    await bare.listen({ host: '127.0.0.1', port: 0 });
    const base = `http://127.0.0.1:${(app.server.address() as { port: number }).port}`;
    const bareBase = `http://127.0.0.1:${(bare.server.address() as { port: number }).port}`;
    const perf: Row[] = [
      ...(await pollOverHttp({ base, bare: bareBase, token, taskId: first })),
      ...(await taskEventLatency()),
      ...(await hostedEngineRows()),
      ...(await eventLoopUnderCpuWork({ base, dataDir })),
      ...webFromBuild(),
      ...(await webFromChromium(base)),
    ];
    const pw = [62, 40, 30, 12];
    const pline = (c: string[]) => c.map((x, i) => x.padEnd(pw[i]!)).join(' | ');
    console.info('');
    console.info(pline(['performance', 'result', 'target', 'verdict']));
    console.info(pw.map((n) => '-'.repeat(n)).join('-|-'));
    for (const r of perf) console.info(pline(r));
  } finally {
    await app.close();
    await bare.close();
    await container.close();
    await fs.rm(dataDir, { recursive: true, force: true });
  }
};

await main();

// The assistant's event-stream relay: per-event latency it adds at 100 streams.
await (await import('./assistant-relay')).benchAssistantRelay();

// The gallery waterfall: p95 at 100 000 published pictures.
await (await import('./gallery-waterfall')).benchGalleryWaterfall();
