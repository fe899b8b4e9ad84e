import fs from 'node:fs/promises';
import path from 'node:path';
import { deflateSync } from 'node:zlib';
import sharp from 'sharp';
import { buildApp } from '../src/app';
import type { ProviderCallSink } from '../src/engines/provider-calls';
import type { Role } from '../src/config/role';
import { createContainer } from '../src/container';
import { abortError } from '../src/engines/engine';
import type { QueuePort } from '../src/queue/queue.port';
import type { Capability, Engine, EngineId, EngineJob, EngineOutput } from '../src/engines/engine';
import { makeTempDir, testEnv } from './helper';
import type { DatabaseTarget, TestApp } from './helper';

/** A small real JPEG (solid colour), optionally with EXIF. */
export const jpeg = async (width = 64, height = 48, exif = false): Promise<Buffer> => {
  const base = sharp({
    create: { width, height, channels: 3, background: { r: 200, g: 120, b: 40 } },
  }).jpeg();
  return exif
    ? base.withExif({ IFD0: { Copyright: 'secret-owner', Artist: 'someone' } }).toBuffer()
    : base.toBuffer();
};

export const png = (width = 32, height = 32): Promise<Buffer> =>
  sharp({ create: { width, height, channels: 4, background: { r: 0, g: 0, b: 0, alpha: 0.5 } } })
    .png()
    .toBuffer();

const crcTable = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});
const crc32 = (buf: Buffer) => {
  let c = 0xffffffff;
  for (const b of buf) c = crcTable[(c ^ b) & 0xff]! ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
};
const chunk = (type: string, data: Buffer) => {
  const len = Buffer.alloc(4);
  len.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([len, body, crc]);
};

/** A PNG whose header claims width×height (1 gigapixel by default) with a tiny IDAT: a bomb. */
export const bombPng = (width = 32_768, height = 32_768): Buffer => {
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr[8] = 8; // bit depth
  ihdr[9] = 2; // RGB
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    chunk('IDAT', deflateSync(Buffer.alloc(1024))),
    chunk('IEND', Buffer.alloc(0)),
  ]);
};

export const svg = Buffer.from(
  '<?xml version="1.0"?><svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><script>alert(1)</script></svg>',
);

export const multipartBody = (file: Buffer, filename = 'a.jpg', mime = 'image/jpeg') => {
  const boundary = `----huijing${Math.random().toString(16).slice(2)}`;
  const payload = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${filename}"\r\nContent-Type: ${mime}\r\n\r\n`,
    ),
    file,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { payload, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
};

/** Uploads through POST /api/upload (multipart) and returns the envelope's data. */
export const upload = async (t: TestApp, token: string, file?: Buffer) => {
  const body = multipartBody(file ?? (await jpeg()));
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/upload',
    payload: body.payload,
    headers: { ...body.headers, satoken: token },
  });
  if (res.statusCode !== 200) throw new Error(`upload failed: ${res.body}`);
  return res.json().data as {
    fileId: string;
    url: string;
    thumbUrl: string;
    width: number;
    height: number;
    resized: boolean;
  };
};

export type FakeRun = (job: EngineJob) => Promise<EngineOutput[]>;

/** A tiny engine double: writes a small PNG per run unless told otherwise. */
export const fakeEngine = (
  capabilities: Capability[] = ['to-line', 'upscale', 'compress'],
  run?: FakeRun,
  id: EngineId = 'local',
): Engine & { runs: string[] } => {
  const runs: string[] = [];
  return {
    id,
    capabilities,
    runs,
    health: async () => ({ status: 'up' }),
    run: async (job) => {
      runs.push(job.taskId);
      if (run) return run(job);
      job.onProgress({ percent: 50 });
      const out = path.join(job.workDir, 'out.png');
      await sharp({ create: { width: 8, height: 6, channels: 3, background: '#336699' } })
        .png()
        .toFile(out);
      return [{ path: out, mime: 'image/png', kind: 'image', width: 8, height: 6 }];
    },
  };
};

/** Waits for an engine job's abort signal (a run that only ends when canceled). */
export const untilAborted = (job: EngineJob): Promise<never> =>
  new Promise((_, reject) => {
    const fail = () => reject(abortError());
    if (job.signal.aborted) fail();
    job.signal.addEventListener('abort', fail, { once: true });
  });

/** Like buildTestApp, with the engines replaced (the engine port is a third party here). */
export const buildTaskApp = async (
  options: {
    target?: DatabaseTarget;
    env?: Record<string, string | undefined>;
    role?: Role;
    engines?: Engine[] | ((recordCall: ProviderCallSink) => Engine[]);
    dataDir?: string;
    startWorker?: boolean;
    queue?: QueuePort;
  } = {},
): Promise<TestApp> => {
  const ownDir = options.dataDir === undefined;
  const dataDir = options.dataDir ?? (await makeTempDir());
  const env = testEnv(dataDir, options.target, {
    SIGNUP_TICKETS: '1:37,4:5',
    TASK_SWEEP_MS: '200',
    ...options.env,
  });
  const container = createContainer(env, {
    role: options.role ?? 'all',
    engines: options.engines ?? [fakeEngine()],
    queue: options.queue,
  });
  await container.prepareDatabase();
  const app = await buildApp(container);
  if (options.startWorker) await container.startWorker();
  return {
    app,
    container,
    env,
    dataDir,
    close: async () => {
      await app.close();
      await container.close();
      if (ownDir) await fs.rm(dataDir, { recursive: true, force: true });
    },
  };
};

export const waitUntil = async (check: () => Promise<boolean> | boolean, ms = 15_000) => {
  const end = Date.now() + ms;
  while (Date.now() < end) {
    if (await check()) return;
    await new Promise((r) => setTimeout(r, 25));
  }
  throw new Error('condition not met in time');
};
