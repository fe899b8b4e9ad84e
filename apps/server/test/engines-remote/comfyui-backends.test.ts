import fs from 'node:fs/promises';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createComfyUiEngine } from '../../src/engines/comfyui/comfyui.engine';
import type { ComfyUiEngineOptions } from '../../src/engines/comfyui/comfyui.engine';
import { EngineError } from '../../src/engines/engine';
import { startComfyUiDouble } from '../doubles/comfyui-double';
import type { ComfyUiDouble, ComfyUiDoubleKnobs } from '../doubles/comfyui-double';
import { closedPort } from '../helper';
import { jobFor, pngFile, tempDir, waitFor } from './remote-fixtures';

let doubles: ComfyUiDouble[] = [];
let dir: string;

beforeEach(async () => {
  dir = await tempDir();
  doubles = [];
});
afterEach(async () => {
  await Promise.all(doubles.map((d) => d.close().catch(() => {})));
  await fs.rm(dir, { recursive: true, force: true });
});

const backend = async (knobs: Partial<ComfyUiDoubleKnobs> = {}, port?: number) => {
  const d = await startComfyUiDouble({ knobs: { stepDelayMs: 20, ...knobs }, port });
  doubles.push(d);
  return d;
};

let jobNo = 0;
const renderJob = async () => {
  jobNo += 1;
  const workDir = path.join(dir, `job-${jobNo}`);
  await fs.mkdir(workDir);
  return jobFor({
    taskId: `task-${jobNo}`,
    capability: 'render',
    toolId: 'indoor',
    workDir,
    params: { promptTxt: '北欧风客厅', cnStrength: 0.6 },
    inputs: { upload_img: await pngFile(workDir, 'room.png', 640, 480) },
  });
};

const engineOver = (urls: string[], extra: Partial<ComfyUiEngineOptions> = {}) =>
  createComfyUiEngine({
    baseUrl: urls,
    lostAfterMs: 300,
    pollIntervalMs: 50,
    reconnectDelayMs: 50,
    retryAfterMs: 100,
    ...extra,
  });

describe('ComfyUI with several backends (COMFYUI_URL list)', () => {
  it('spreads concurrent jobs over the backends, least busy first', async () => {
    const a = await backend();
    const b = await backend();
    const engine = engineOver([a.url, b.url]);
    const jobs = await Promise.all([1, 2, 3, 4].map(() => renderJob()));
    const outputs = await Promise.all(jobs.map((j) => engine.run(j)));
    expect(outputs.every((o) => o.length === 1 && o[0]!.kind === 'image')).toBe(true);
    expect([a.received.prompts.length, b.received.prompts.length]).toEqual([2, 2]);
    // Each job's image went to the backend that ran it.
    expect([a.received.uploads.length, b.received.uploads.length]).toEqual([2, 2]);
  });

  it('skips a backend that is down; health and the admin rows show each backend', async () => {
    const deadUrl = `http://127.0.0.1:${await closedPort()}`;
    const b = await backend();
    const engine = engineOver([deadUrl, b.url]);
    const health = await engine.health();
    expect(health.status).toBe('up');
    expect(health.detail).toContain('1/2 个后端在线');
    const rows = engine.backends!();
    expect(rows.map((r) => [r.url, r.status])).toEqual([
      [deadUrl, 'down'],
      [b.url, 'up'],
    ]);
    expect(rows[1]!.detail).toMatch(/^ComfyUI /);
    expect(rows[1]!.queue).toEqual({ running: 0, pending: 0 });

    await Promise.all([await renderJob(), await renderJob()].map((j) => engine.run(j)));
    expect(b.received.prompts).toHaveLength(2);
  });

  it('takes credentials from a backend URL as its own basic auth, and never shows them', async () => {
    const a = await startComfyUiDouble({
      auth: `Basic ${Buffer.from('gpu:secret').toString('base64')}`,
    });
    doubles.push(a);
    const b = await backend();
    const engine = engineOver([a.url.replace('http://', 'http://gpu:secret@'), b.url]);
    await engine.health();
    const rows = engine.backends!();
    expect(rows.map((r) => r.status)).toEqual(['up', 'up']);
    expect(rows[0]!.url).toBe(a.url);
    expect(JSON.stringify(rows)).not.toContain('secret');
  });

  it('moves a job whose backend dies mid-run to the other one, uploads re-sent', async () => {
    // A holds its prompts in the queue, so the job is certainly in flight there when A dies.
    const a = await backend({ paused: true });
    const b = await backend();
    const engine = engineOver([a.url, b.url]);
    const job = await renderJob();
    const run = engine.run(job);
    await waitFor(() => a.received.prompts.length === 1);
    expect(b.received.uploads).toHaveLength(0);
    await a.close();

    const outputs = await run;
    expect(outputs).toHaveLength(1);
    expect(b.received.uploads).toHaveLength(1);
    expect(b.received.prompts).toHaveLength(1);
    expect(b.received.prompts[0]!.extra_data).toMatchObject({ huijing_task_id: job.taskId });
    expect(job.progress.some((p) => p.message === '渲染服务切换中')).toBe(true);
    expect(engine.backends!().map((r) => r.status)).toEqual(['down', 'up']);
  });

  it('fails with a retryable error when every backend is gone (the task platform re-queues, then refunds)', async () => {
    const engine = engineOver([
      `http://127.0.0.1:${await closedPort()}`,
      `http://127.0.0.1:${await closedPort()}`,
    ]);
    const error = await engine.run(await renderJob()).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(EngineError);
    expect((error as EngineError).retryable).toBe(true);
  });

  it('a backend that comes back rejoins after its pause', async () => {
    const port = await closedPort();
    const b = await backend();
    const engine = engineOver([`http://127.0.0.1:${port}`, b.url]);
    await engine.health();
    expect(engine.backends!()[0]!.status).toBe('down');

    const a = await backend({}, port);
    await new Promise((r) => setTimeout(r, 150));
    // The next job probes it in the background (the job itself does not wait for that).
    await engine.run(await renderJob());
    await waitFor(() => engine.backends!()[0]!.status === 'up');
    await Promise.all([await renderJob(), await renderJob()].map((j) => engine.run(j)));
    expect(a.received.prompts.length).toBeGreaterThanOrEqual(1);
  });
});
