import fs from 'node:fs/promises';
import path from 'node:path';
import sharp from 'sharp';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createDashScopeEngine } from '../../src/engines/dashscope/dashscope.engine';
import type { DashScopeEngineOptions } from '../../src/engines/dashscope/dashscope.engine';
import { ProviderError, sleep } from '../../src/engines/hosted-call';
import { probeVideo, resolveBinaries } from '../../src/engines/local/ffmpeg-runner';
import { startDashScopeDouble } from '../doubles/dashscope-double';
import type { DashScopeDouble } from '../doubles/dashscope-double';
import { jobFor, pngFile, tempDir, waitFor } from './remote-fixtures';

let api: DashScopeDouble;
let dir: string;
let waits: number[];
beforeEach(async () => {
  api = await startDashScopeDouble();
  dir = await tempDir('dashscope-');
  waits = [];
});
afterEach(async () => {
  await api.close();
  await fs.rm(dir, { recursive: true, force: true });
});

// Every wait (poll interval, backoff) is recorded and shortened, so the tests check the waits
// asked for without spending them.
const engine = (extra: Partial<DashScopeEngineOptions> = {}) =>
  createDashScopeEngine({
    baseUrl: api.url,
    apiKey: api.apiKey,
    sleep: (ms, signal) => {
      waits.push(ms);
      return sleep(1, signal);
    },
    ...extra,
  });

const editJob = async (params: Record<string, unknown> = {}, extra: object = {}) =>
  jobFor({
    capability: 'image-edit',
    workDir: dir,
    params: { promptTxt: '把墙面换成浅灰色乳胶漆', ...params },
    inputs: { upload_img: await pngFile(dir, 'room.png', 800, 600) },
    ...extra,
  });

const bodyOf = (i: number) =>
  api.received[i]!.body as {
    model: string;
    input: Record<string, string>;
    parameters: Record<string, unknown>;
  };

describe('DashScope engine against the protocol double', () => {
  it('submits an async task with the image as a data URI, polls it to the end and keeps the ids', async () => {
    const job = await editJob();
    const outputs = await engine().run(job);
    const body = bodyOf(0);
    expect(body.model).toBe('wanx2.1-imageedit');
    expect(body.input.function).toBe('description_edit');
    expect(body.input.prompt).toBe('把墙面换成浅灰色乳胶漆');
    expect(body.input.base_image_url).toMatch(/^data:image\/png;base64,/);
    const task = [...api.tasks.values()][0]!;
    // PENDING, RUNNING, SUCCEEDED: three polls of that task.
    expect(api.polls).toEqual([task.id, task.id, task.id]);
    expect(outputs).toEqual([
      expect.objectContaining({ kind: 'image', mime: 'image/png', width: 800, height: 600 }),
    ]);
    expect(outputs[0]!.provider).toMatchObject({
      provider: 'dashscope',
      model: 'wanx2.1-imageedit',
      taskId: task.id,
      requestId: expect.any(String),
    });
    expect((await sharp(outputs[0]!.path).metadata()).width).toBe(800);
    expect(job.progress.map((p) => p.percent)).toEqual([0, 10, 30, 100]);
    // Polls back off: each wait at least as long as the one before.
    expect(waits).toEqual([...waits].sort((a, b) => a - b));
  });

  it('downloads results at once, so a link that expires after one fetch loses nothing', async () => {
    const outputs = await engine().run(await editJob());
    expect(api.fetches).toEqual([{ id: expect.any(String), status: 200 }]);
    const task = [...api.tasks.values()][0]!;
    const link = (task.output!.results as { url: string }[])[0]!.url;
    expect((await fetch(link)).status).toBe(403);
    await expect(sharp(outputs[0]!.path).metadata()).resolves.toMatchObject({ width: 800 });
  });

  it('a link already expired when fetched fails the run with a download error', async () => {
    api.knobs.resultTtlMs = -1;
    await expect(engine().run(await editJob())).rejects.toMatchObject({
      userMessage: '下载生成结果失败，请重试',
      retryable: false,
    });
  });

  it('retries a throttled submit with a doubling backoff and then succeeds', async () => {
    api.knobs.throttle = 2;
    const outputs = await engine({ retryBaseMs: 100 }).run(await editJob());
    expect(api.received.map((r) => r.status)).toEqual([429, 429, 200]);
    expect(waits.slice(0, 2)).toEqual([100, 200]);
    expect(outputs).toHaveLength(1);
  });

  it('gives up after its retries with a retryable busy error', async () => {
    api.knobs.throttle = 10;
    const error = await engine({ retries: 2 })
      .run(await editJob())
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ProviderError);
    expect(error).toMatchObject({
      userMessage: '生成服务繁忙，请稍后重试',
      retryable: true,
      code: 'Throttling.RateQuota',
    });
    expect(api.received).toHaveLength(3);
  });

  it('a moderation refusal at submit is not retried and says so in Chinese', async () => {
    api.knobs.inspect = 'submit';
    const error = await engine()
      .run(await editJob())
      .catch((e: unknown) => e);
    expect(error).toMatchObject({ code: 'DataInspectionFailed', retryable: false });
    expect((error as ProviderError).userMessage).toMatch(/^内容未通过安全审核/);
    expect((error as ProviderError).requestId).toEqual(expect.any(String));
    expect(api.received).toHaveLength(1);
  });

  it('a task that ends FAILED for moderation is not retried either, and names its task', async () => {
    api.knobs.inspect = 'task';
    const error = await engine()
      .run(await editJob())
      .catch((e: unknown) => e);
    expect(error).toMatchObject({ code: 'DataInspectionFailed', retryable: false });
    expect((error as ProviderError).taskId).toBe([...api.tasks.keys()][0]);
    expect(api.received).toHaveLength(1);
  });

  it('a wrong key is a 401 InvalidApiKey, not retried', async () => {
    const error = await engine({ apiKey: 'sk-wrong' })
      .run(await editJob())
      .catch((e: unknown) => e);
    expect(error).toMatchObject({
      code: 'InvalidApiKey',
      retryable: false,
      userMessage: '阿里云百炼密钥无效，请联系管理员',
    });
  });

  it('the double refuses task creation without the async header, as DashScope does', async () => {
    const res = await fetch(`${api.url}/api/v1/services/aigc/image2image/image-synthesis`, {
      method: 'POST',
      headers: { authorization: `Bearer ${api.apiKey}`, 'content-type': 'application/json' },
      body: '{}',
    });
    expect(res.status).toBe(403);
    expect(await res.json()).toMatchObject({ code: 'AccessDenied' });
  });

  it('abort while PENDING cancels the task on DashScope and rejects with AbortError', async () => {
    api.knobs.pendingPolls = 1_000_000;
    const controller = new AbortController();
    const job = await editJob({}, { signal: controller.signal });
    const running = engine().run(job);
    await waitFor(() => api.polls.length >= 2);
    controller.abort();
    await expect(running).rejects.toMatchObject({ name: 'AbortError' });
    const task = [...api.tasks.values()][0]!;
    expect(api.cancels).toEqual([{ taskId: task.id, status: 200 }]);
    expect(task.status).toBe('CANCELED');
  });

  it('sends the mask at the base image size for a masked edit', async () => {
    const maskPath = path.join(dir, 'mask.png');
    await sharp({ create: { width: 400, height: 300, channels: 3, background: '#fff' } })
      .png()
      .toFile(maskPath);
    const job = jobFor({
      capability: 'render-masked',
      workDir: dir,
      params: { promptTxt: '木地板' },
      inputs: {
        upload_img: await pngFile(dir, 'room.png', 800, 600),
        mask: { path: maskPath, mime: 'image/png' },
      },
    });
    await engine().run(job);
    const body = bodyOf(0);
    expect(body.input.function).toBe('description_edit_with_mask');
    const mask = Buffer.from(body.input.mask_image_url!.split(',')[1]!, 'base64');
    expect(await sharp(mask).metadata()).toMatchObject({ width: 800, height: 600 });
  });

  it('tells render to keep the structure in its prompt', async () => {
    const job = jobFor({
      capability: 'render',
      workDir: dir,
      params: {},
      prompt: '现代简约客厅',
      inputs: { upload_img: await pngFile(dir, 'room.png', 800, 600) },
    });
    await engine().run(job);
    expect(bodyOf(0).input.prompt).toMatch(/^保持原图的空间结构.*现代简约客厅$/);
  });

  it('upscales with super_resolution and checks the answer is the factor times the input', async () => {
    const job = jobFor({
      capability: 'upscale',
      workDir: dir,
      params: { scale: 2 },
      inputs: { upload_img: await pngFile(dir, 'room.png', 600, 512) },
    });
    const outputs = await engine().run(job);
    expect(bodyOf(0).input.function).toBe('super_resolution');
    expect(bodyOf(0).parameters.upscale_factor).toBe(2);
    expect(outputs[0]).toMatchObject({ width: 1200, height: 1024 });
  });

  it('extends with expand, pixels per side turned into scales', async () => {
    const job = jobFor({
      capability: 'extend',
      workDir: dir,
      params: { top: 0, right: 200, bottom: 0, left: 200 },
      inputs: { upload_img: await pngFile(dir, 'room.png', 800, 600) },
    });
    const outputs = await engine().run(job);
    expect(bodyOf(0).parameters).toMatchObject({
      top_scale: 1,
      bottom_scale: 1,
      left_scale: 1.5,
      right_scale: 1.5,
    });
    expect(outputs[0]).toMatchObject({ width: 1200, height: 600 });
  });

  it('serves a tool with another function when told to (remove_watermark, colorization, doodle)', async () => {
    const e = engine({
      toolRecipes: { 'text-removal': 'remove_watermark', colour: 'colorization', sketch: 'doodle' },
    });
    for (const toolId of ['text-removal', 'colour', 'sketch'])
      await e.run({ ...(await editJob({ promptTxt: '' })), toolId });
    expect(api.received.map((r) => (r.body.input as { function: string }).function)).toEqual([
      'remove_watermark',
      'colorization',
      'doodle',
    ]);
    expect((api.received[2]!.body.parameters as { is_sketch: boolean }).is_sketch).toBe(true);
  });

  it('refuses a picture below the editing model’s minimum before sending anything', async () => {
    const job = jobFor({
      capability: 'image-edit',
      workDir: dir,
      params: { promptTxt: 'x' },
      inputs: { upload_img: await pngFile(dir, 'small.png', 300, 200) },
    });
    await expect(engine().run(job)).rejects.toMatchObject({
      userMessage: expect.stringContaining('短边至少 512 像素'),
    });
    expect(api.received).toHaveLength(0);
  });

  it('generates text-to-image at a size following the ratio, one task per picture', async () => {
    const job = jobFor({
      capability: 'text-to-image',
      workDir: dir,
      params: { promptTxt: '北欧风卧室', aspectRatio: '16:9', count: 2 },
    });
    const outputs = await engine().run(job);
    expect(api.received).toHaveLength(2);
    expect(bodyOf(0)).toMatchObject({
      model: 'wan2.2-t2i-plus',
      input: { prompt: '北欧风卧室' },
      parameters: { size: '1360*768', n: 1 },
    });
    expect(outputs.map((o) => [o.width, o.height])).toEqual([
      [1360, 768],
      [1360, 768],
    ]);
  });

  it('runs no more tasks at once than its concurrency', async () => {
    const e = engine({ concurrency: 1 });
    await Promise.all([e.run(await editJob()), e.run(await editJob())]);
    const [first, second] = [...api.tasks.keys()];
    // Every poll of the first task comes before the second was even created.
    expect(api.polls).toEqual([first, first, first, second, second, second]);
  });

  it('makes image-to-video and first/last-frame videos and checks they are videos', async () => {
    const i2v = await engine({ models: { imageToVideo: 'wanx2.1-i2v-turbo' } }).run(
      jobFor({
        capability: 'video-camera-move',
        workDir: dir,
        params: { resolution: '720p', duration: 5 },
        prompt: '镜头缓慢推进',
        inputs: { upload_img: await pngFile(dir, 'room.png', 800, 600) },
      }),
    );
    expect(bodyOf(0)).toMatchObject({
      model: 'wanx2.1-i2v-turbo',
      input: { prompt: '镜头缓慢推进' },
      parameters: { resolution: '720P', duration: 5 },
    });
    expect(i2v[0]).toMatchObject({ kind: 'video', mime: 'video/mp4', width: 960, height: 720 });
    const info = await probeVideo(resolveBinaries({}), i2v[0]!.path);
    expect(info.duration).toBeGreaterThan(0);

    const kf = await engine().run(
      jobFor({
        capability: 'video-first-last',
        workDir: dir,
        params: { resolution: '720p' },
        inputs: {
          first_frame: await pngFile(dir, 'a.png', 640, 640),
          last_frame: await pngFile(dir, 'b.png', 640, 640),
        },
      }),
    );
    expect(api.received[1]!.path).toBe('/api/v1/services/aigc/image2video/video-synthesis');
    expect(bodyOf(1).input.last_frame_url).toMatch(/^data:image\/png;base64,/);
    expect(kf[0]).toMatchObject({ kind: 'video', width: 720, height: 720 });
  });

  it('reports up when the key is accepted and down when it is not', async () => {
    await expect(engine().health()).resolves.toMatchObject({ status: 'up' });
    await expect(engine({ apiKey: 'sk-bad' }).health()).resolves.toMatchObject({
      status: 'down',
      detail: expect.stringContaining('InvalidApiKey'),
    });
  });
});
