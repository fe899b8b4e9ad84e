// The hosted engines' own cost for `npm run bench`: what the DashScope engine adds per task on
// top of the provider (inputs to data URIs, JSON, polling, the download and its checks), against
// the protocol double with no provider delay; and how many of 20 tasks at DASHSCOPE_CONCURRENCY 2
// the provider ever has at once. A timing proxy sits between engine and double: the time each
// call spends there is provider time, the rest of a run is the engine's.
import fs from 'node:fs/promises';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { createDashScopeEngine } from '../src/engines/dashscope/dashscope.engine';
import type { EngineJob } from '../src/engines/engine';
import { createLocalSlots } from '../src/engines/provider-slots';
import { startDashScopeDouble } from '../test/doubles/dashscope-double';
import type { Row } from './perf-sections';

const OVERHEAD_TASKS = 20;
const WARMUP = 3;
const LIMIT_TASKS = 20;
const LIMIT = 2;

/**
 * Counts a provider's tasks in flight as the provider sees them: from the answer that created
 * one until its result link was fetched.
 */
const inFlightCounter = () => {
  let now = 0;
  let max = 0;
  return {
    started() {
      now += 1;
      max = Math.max(max, now);
    },
    ended() {
      now -= 1;
    },
    get max() {
      return max;
    },
  };
};

/**
 * Forwards every call to `target`, with result links rewritten to pass through here too, and
 * adds each call's time (request in → answer out) to `providerMs`.
 */
const timingProxy = async (target: string, count: ReturnType<typeof inFlightCounter>) => {
  const stats = { providerMs: 0 };
  const server = http.createServer((req, res) => {
    const t0 = performance.now();
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const body = chunks.length ? Buffer.concat(chunks) : undefined;
      const headers = Object.fromEntries(
        Object.entries(req.headers).filter(([k]) => !['host', 'content-length'].includes(k)),
      ) as Record<string, string>;
      fetch(target + req.url, { method: req.method, headers, body })
        .then(async (answer) => {
          let bytes = Buffer.from(await answer.arrayBuffer());
          const type = answer.headers.get('content-type') ?? '';
          if (type.includes('json')) {
            bytes = Buffer.from(bytes.toString().replaceAll(target, proxyUrl));
            const created = req.method === 'POST' && !req.url?.startsWith('/api/v1/tasks/');
            if (created && answer.status === 200) count.started();
          }
          if (req.url?.startsWith('/oss/') && answer.status === 200) count.ended();
          res.writeHead(answer.status, { 'content-type': type });
          res.end(bytes);
        })
        .catch((e: Error) => {
          res.writeHead(502);
          res.end(e.message);
        });
    });
    res.on('finish', () => {
      stats.providerMs += performance.now() - t0;
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const proxyUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    url: proxyUrl,
    stats,
    close: () => new Promise<void>((r) => server.close(() => r())),
  };
};

const renderJob = (dir: string, room: string, i: number): EngineJob => ({
  taskId: `bench-${i}`,
  toolId: 'indoor',
  capability: 'render',
  params: { cnStrength: 0.75 },
  prompt: '现代简约风格客厅，暖色灯光',
  inputs: { upload_img: { path: room, mime: 'image/jpeg', width: 1024, height: 768 } },
  workDir: path.join(dir, `job-${i}`),
  signal: new AbortController().signal,
  onProgress: () => {},
});

const percentile = (xs: number[], p: number) => {
  const sorted = [...xs].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
};

export const hostedEngineRows = async (): Promise<Row[]> => {
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'huijing-bench-hosted-'));
  const room = path.join(dir, 'room.jpg');
  await sharp({ create: { width: 1024, height: 768, channels: 3, background: '#c8b8a0' } })
    .jpeg()
    .toFile(room);
  const noWait = async () => {};
  const rows: Row[] = [];
  try {
    // 1. One task at a time; the double answers SUCCEEDED on the first poll, nothing sleeps.
    {
      const api = await startDashScopeDouble({ pendingPolls: 0, runningPolls: 0 });
      const proxy = await timingProxy(api.url, inFlightCounter());
      const engine = createDashScopeEngine({
        baseUrl: proxy.url,
        apiKey: api.apiKey,
        sleep: noWait,
      });
      const overhead: number[] = [];
      const provider: number[] = [];
      try {
        for (let i = 0; i < WARMUP + OVERHEAD_TASKS; i++) {
          const job = renderJob(dir, room, i);
          await fs.mkdir(job.workDir);
          const before = proxy.stats.providerMs;
          const t0 = performance.now();
          await engine.run(job);
          const wall = performance.now() - t0;
          const inProvider = proxy.stats.providerMs - before;
          if (i < WARMUP) continue;
          overhead.push(wall - inProvider);
          provider.push(inProvider);
        }
      } finally {
        await proxy.close();
        await api.close();
      }
      const p50 = percentile(overhead, 50);
      rows.push([
        `DashScope engine overhead per task (render 1024×768, ${OVERHEAD_TASKS} tasks)`,
        `p50 ${p50.toFixed(1)} ms, p95 ${percentile(overhead, 95).toFixed(1)} ms (provider p50 ${percentile(provider, 50).toFixed(1)} ms)`,
        '≤ 50 ms',
        p50 <= 50 ? 'met' : 'MISSED',
      ]);
    }

    // 2. 20 tasks at once through the provider's slots, limited to 2; tasks take a few polls each.
    {
      const api = await startDashScopeDouble({ pendingPolls: 1, runningPolls: 1 });
      const count = inFlightCounter();
      const proxy = await timingProxy(api.url, count);
      const engine = createDashScopeEngine({
        baseUrl: proxy.url,
        apiKey: api.apiKey,
        pollMs: 20,
        pollMaxMs: 20,
      });
      // The limit the task worker takes a slot from before it claims a task.
      const slot = createLocalSlots({ dashscope: LIMIT }).of('dashscope')!;
      let succeeded = 0;
      try {
        await Promise.all(
          Array.from({ length: LIMIT_TASKS }, async (_, i) => {
            const job = renderJob(dir, room, 100 + i);
            await fs.mkdir(job.workDir);
            const outputs = await slot.run(job.signal, () => engine.run(job));
            if (outputs.length === 1) succeeded += 1;
          }),
        );
      } finally {
        await proxy.close();
        await api.close();
      }
      rows.push([
        `DashScope tasks in flight at the provider, ${LIMIT_TASKS} at DASHSCOPE_CONCURRENCY ${LIMIT}`,
        `max ${count.max} (${succeeded}/${LIMIT_TASKS} succeeded)`,
        `≤ ${LIMIT}`,
        count.max <= LIMIT && succeeded === LIMIT_TASKS ? 'met' : 'MISSED',
      ]);
    }
  } finally {
    await fs.rm(dir, { recursive: true, force: true });
  }
  return rows;
};
