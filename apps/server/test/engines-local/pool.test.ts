import fs from 'node:fs/promises';
import path from 'node:path';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { EngineFile, EngineJob } from '../../src/engines/engine';
import { createLocalEngine } from '../../src/engines/local/local-engine';
import { tempDir } from './fixtures';

// The local engine's CPU work runs in a worker-thread pool (engines/local/local-pool.ts): the
// API's event loop stays free while a 4000×4000 picture is segmented, and a canceled running job
// really stops (its thread is ended), rather than finishing in the background.
const SIDE = 4000;

/** A 16 MP photo-like picture: a warm object on a noisy cool background. */
const bigPicture = async (dir: string): Promise<EngineFile> => {
  const file = path.join(dir, 'big.jpg');
  const object = await sharp({
    create: { width: 1600, height: 1400, channels: 3, background: '#c8643c' },
  })
    .png()
    .toBuffer();
  await sharp({
    create: {
      width: SIDE,
      height: SIDE,
      channels: 3,
      background: '#3c5a8c',
      noise: { type: 'gaussian', mean: 100, sigma: 30 },
    },
  })
    .composite([{ input: object, left: 1200, top: 1300 }])
    .jpeg({ quality: 90 })
    .toFile(file);
  return { path: file, mime: 'image/jpeg', width: SIDE, height: SIDE };
};

describe('local engine CPU pool', () => {
  const engine = createLocalEngine({ threads: 2 });
  let dir: string;
  let picture: EngineFile;
  let fullRunMs = 0;

  const clickJob = (workDir: string, signal: AbortSignal, onProgress: EngineJob['onProgress']) =>
    engine.run({
      taskId: 'pool-test',
      toolId: 'click-mask',
      capability: 'click-segment',
      params: { points: [{ x: 0.5, y: 0.5, positive: true }] },
      inputs: { upload_img: picture },
      workDir,
      signal,
      onProgress,
    });

  beforeAll(async () => {
    dir = await tempDir();
    picture = await bigPicture(dir);
    // Warm a thread (OpenCV.js compiles its WASM once per thread).
    expect((await engine.health()).status).toBe('up');
  });
  afterAll(async () => {
    await engine.close();
    await fs.rm(dir, { recursive: true, force: true });
  });

  it('keeps the event loop free (p99 delay < 50 ms) while segmenting a 4000×4000 picture', async () => {
    const workDir = path.join(dir, 'run');
    await fs.mkdir(workDir);
    const delay = monitorEventLoopDelay({ resolution: 5 });
    delay.enable();
    const started = performance.now();
    const outputs = await clickJob(workDir, new AbortController().signal, () => undefined);
    fullRunMs = performance.now() - started;
    delay.disable();
    expect(outputs).toHaveLength(1);
    expect(outputs[0]).toMatchObject({ mime: 'image/png', width: SIDE, height: SIDE });
    const p99 = delay.percentile(99) / 1e6;
    expect(p99, `p99 event-loop delay ${p99.toFixed(1)} ms`).toBeLessThan(50);
  });

  it('stops a running job when it is canceled: no result is ever written', async () => {
    const workDir = path.join(dir, 'cancel');
    await fs.mkdir(workDir);
    const controller = new AbortController();
    let running!: () => void;
    const hasStarted = new Promise<void>((resolve) => (running = resolve));
    const job = clickJob(workDir, controller.signal, () => running());
    await hasStarted;
    controller.abort();
    await expect(job).rejects.toMatchObject({ name: 'AbortError' });
    // Had the job kept going in the background it would have written its mask by now.
    await new Promise((resolve) => setTimeout(resolve, Math.max(1000, fullRunMs * 1.5)));
    expect(await fs.readdir(workDir)).toEqual([]);

    // The pool replaces the ended thread: the next job runs normally.
    const after = await clickJob(workDir, new AbortController().signal, () => undefined);
    expect(after).toHaveLength(1);
  });
});
