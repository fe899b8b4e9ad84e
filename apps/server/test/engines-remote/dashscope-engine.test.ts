import path from 'node:path';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { createDashScopeEngine } from '../../src/engines/dashscope/dashscope.engine';
import type { DashScopeEngineOptions } from '../../src/engines/dashscope/dashscope.engine';
import { getTool } from '@huijing/tools';
import type { Capability } from '../../src/engines/engine';
import { KEEP_STRUCTURE, ProviderError } from '../../src/engines/hosted-call';
import { createPromptComposer } from '../../src/modules/tasks/prompt-compose';
import { probeVideo, resolveBinaries } from '../../src/engines/local/ffmpeg-runner';
import { startDashScopeDouble } from '../doubles/dashscope-double';
import {
  abortWhileWaiting,
  expectModerationRefusal,
  failureOf,
  hostedSuite,
} from './hosted-fixtures';
import { jobFor, pngFile } from './remote-fixtures';

const t = hostedSuite(startDashScopeDouble, 'dashscope-');

const engine = (extra: Partial<DashScopeEngineOptions> = {}) =>
  createDashScopeEngine({ ...t.connection(), ...extra });

const editJob = async (params: Record<string, unknown> = {}, extra: object = {}) =>
  jobFor({
    capability: 'image-edit',
    workDir: t.dir,
    params: { promptTxt: '把墙面换成浅灰色乳胶漆', ...params },
    inputs: { upload_img: await pngFile(t.dir, 'room.png', 800, 600) },
    ...extra,
  });

const bodyOf = (i: number) =>
  t.api.received[i]!.body as {
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
    const task = [...t.api.tasks.values()][0]!;
    // PENDING, RUNNING, SUCCEEDED: three polls of that task.
    expect(t.api.polls).toEqual([task.id, task.id, task.id]);
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
    expect(t.waits).toEqual([...t.waits].sort((a, b) => a - b));
  });

  it('downloads results at once, so a link that expires after one fetch loses nothing', async () => {
    const outputs = await engine().run(await editJob());
    expect(t.api.fetches).toEqual([{ id: expect.any(String), status: 200 }]);
    const task = [...t.api.tasks.values()][0]!;
    const link = (task.output!.results as { url: string }[])[0]!.url;
    expect((await fetch(link)).status).toBe(403);
    await expect(sharp(outputs[0]!.path).metadata()).resolves.toMatchObject({ width: 800 });
  });

  it('a link already expired when fetched fails the run with a download error', async () => {
    t.api.knobs.resultTtlMs = -1;
    await expect(engine().run(await editJob())).rejects.toMatchObject({
      userMessage: '下载生成结果失败，请重试',
      retryable: false,
    });
  });

  it('retries a throttled submit with a doubling backoff and then succeeds', async () => {
    t.api.knobs.throttle = 2;
    const outputs = await engine({ retryBaseMs: 100 }).run(await editJob());
    expect(t.api.received.map((r) => r.status)).toEqual([429, 429, 200]);
    expect(t.waits.slice(0, 2)).toEqual([100, 200]);
    expect(outputs).toHaveLength(1);
  });

  it('gives up after its retries with a retryable busy error', async () => {
    t.api.knobs.throttle = 10;
    const error = await failureOf(engine({ retries: 2 }).run(await editJob()));
    expect(error).toBeInstanceOf(ProviderError);
    expect(error).toMatchObject({
      userMessage: '生成服务繁忙，请稍后重试',
      retryable: true,
      code: 'Throttling.RateQuota',
    });
    expect(t.api.received).toHaveLength(3);
  });

  it('a moderation refusal at submit is not retried and says so in Chinese', async () => {
    t.api.knobs.inspect = 'submit';
    const error = await failureOf(engine().run(await editJob()));
    expectModerationRefusal(error, t.api, 'DataInspectionFailed', 'requestId');
  });

  it('a task that ends FAILED for moderation is not retried either, and names its task', async () => {
    t.api.knobs.inspect = 'task';
    const error = await failureOf(engine().run(await editJob()));
    expectModerationRefusal(error, t.api, 'DataInspectionFailed', 'taskId');
  });

  it('a wrong key is a 401 InvalidApiKey, not retried', async () => {
    const error = await failureOf(engine({ apiKey: 'sk-wrong' }).run(await editJob()));
    expect(error).toMatchObject({
      code: 'InvalidApiKey',
      retryable: false,
      userMessage: '阿里云百炼密钥无效，请联系管理员',
    });
  });

  it('the double refuses task creation without the async header, as DashScope does', async () => {
    const res = await fetch(`${t.api.url}/api/v1/services/aigc/image2image/image-synthesis`, {
      method: 'POST',
      headers: { authorization: `Bearer ${t.api.apiKey}`, 'content-type': 'application/json' },
      body: '{}',
    });
    expect(res.status).toBe(403);
    expect(await res.json()).toMatchObject({ code: 'AccessDenied' });
  });

  it('abort while PENDING cancels the task on DashScope and rejects with AbortError', async () => {
    t.api.knobs.pendingPolls = 1_000_000;
    const job = (signal: AbortSignal) => editJob({}, { signal });
    await abortWhileWaiting(t.api, async (signal) => engine().run(await job(signal)));
    const task = [...t.api.tasks.values()][0]!;
    expect(t.api.cancels).toEqual([{ taskId: task.id, status: 200 }]);
    expect(task.status).toBe('CANCELED');
  });

  it('sends the mask at the base image size for a masked edit', async () => {
    const maskPath = path.join(t.dir, 'mask.png');
    await sharp({ create: { width: 400, height: 300, channels: 3, background: '#fff' } })
      .png()
      .toFile(maskPath);
    const job = jobFor({
      capability: 'render-masked',
      workDir: t.dir,
      params: { promptTxt: '木地板' },
      inputs: {
        upload_img: await pngFile(t.dir, 'room.png', 800, 600),
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
      workDir: t.dir,
      params: {},
      prompt: '现代简约客厅',
      inputs: { upload_img: await pngFile(t.dir, 'room.png', 800, 600) },
    });
    await engine().run(job);
    expect(bodyOf(0).input.prompt).toMatch(/^保持原图的空间结构.*现代简约客厅$/);
  });

  it('upscales with super_resolution and checks the answer is the factor times the input', async () => {
    const job = jobFor({
      capability: 'upscale',
      workDir: t.dir,
      params: { scale: 2 },
      inputs: { upload_img: await pngFile(t.dir, 'room.png', 600, 512) },
    });
    const outputs = await engine().run(job);
    expect(bodyOf(0).input.function).toBe('super_resolution');
    expect(bodyOf(0).parameters.upscale_factor).toBe(2);
    expect(outputs[0]).toMatchObject({ width: 1200, height: 1024 });
  });

  it('extends with expand, pixels per side turned into scales', async () => {
    const job = jobFor({
      capability: 'extend',
      workDir: t.dir,
      params: { top: 0, right: 200, bottom: 0, left: 200 },
      inputs: { upload_img: await pngFile(t.dir, 'room.png', 800, 600) },
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

  it('serves a tool with the function its definition names, a sketch with doodle', async () => {
    const run = async (toolId: string, capability: Capability, params: object) =>
      engine().run({ ...(await editJob({ promptTxt: '', ...params })), toolId, capability });
    await run('color-flat-plan', 'color-flat-plan', {});
    await run('home-decoration', 'render', { source: 'sketch' });
    await run('home-decoration', 'render', { source: 'photo' });
    const fns = t.api.received.map((r) => (r.body.input as { function: string }).function);
    expect(fns).toEqual(['colorization', 'doodle', 'description_edit']);
    expect((t.api.received[1]!.body.parameters as { is_sketch: boolean }).is_sketch).toBe(true);
    expect(engine().capabilities).toContain('color-flat-plan');
  });

  it('sends the tool’s Chinese template as the pipeline composed it, worded for the input', async () => {
    const compose = createPromptComposer({
      vocabulary: () =>
        Promise.resolve({
          category: (id) =>
            id === 'style-cream' ? { name: '奶油风', nameEn: 'cream' } : undefined,
          material: () => undefined,
        }),
    });
    const tool = getTool('render-3d')!;
    const params = tool.params.parse({
      promptTxt: '落地窗',
      style: 'style-cream',
      atmosphere: 'dusk',
      count: 2,
    }) as Record<string, unknown>;
    const composed = await compose('render-3d', params);
    await engine().run({
      ...(await editJob(params)),
      toolId: 'render-3d',
      capability: 'render',
      prompt: composed!.prompt!,
      hosted: composed!.hosted!,
    });
    const prompts = t.api.received.map((r) => (r.body.input as { prompt: string }).prompt);
    expect(prompts).toHaveLength(2);
    for (const prompt of prompts) {
      expect(prompt).toMatch(/^这是一张 3D 软件（SketchUp 白模）截图：严格按照模型的几何形体/);
      expect(prompt).toContain('装修风格为奶油风');
      expect(prompt).toContain('光线氛围为黄昏');
      expect(prompt).toMatch(/落地窗。$/);
      // The template says how to keep the space; the generic prefix is not added on top.
      expect(prompt).not.toContain(KEEP_STRUCTURE);
      expect(prompt).not.toMatch(/cream|\(/);
    }
  });

  it('refuses a picture below the editing model’s minimum before sending anything', async () => {
    const job = jobFor({
      capability: 'image-edit',
      workDir: t.dir,
      params: { promptTxt: 'x' },
      inputs: { upload_img: await pngFile(t.dir, 'small.png', 300, 200) },
    });
    await expect(engine().run(job)).rejects.toMatchObject({
      userMessage: expect.stringContaining('短边至少 512 像素'),
    });
    expect(t.api.received).toHaveLength(0);
  });

  it('generates text-to-image at a size following the ratio, one task per picture', async () => {
    const job = jobFor({
      capability: 'text-to-image',
      workDir: t.dir,
      params: { promptTxt: '北欧风卧室', aspectRatio: '16:9', count: 2 },
    });
    const outputs = await engine().run(job);
    expect(t.api.received).toHaveLength(2);
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

  it('makes image-to-video and first/last-frame videos and checks they are videos', async () => {
    const i2v = await engine({ models: { imageToVideo: 'wanx2.1-i2v-turbo' } }).run(
      jobFor({
        capability: 'video-camera-move',
        workDir: t.dir,
        params: { resolution: '720p', duration: 5 },
        prompt: '镜头缓慢推进',
        inputs: { upload_img: await pngFile(t.dir, 'room.png', 800, 600) },
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
        workDir: t.dir,
        params: { resolution: '720p' },
        inputs: {
          first_frame: await pngFile(t.dir, 'a.png', 640, 640),
          last_frame: await pngFile(t.dir, 'b.png', 640, 640),
        },
      }),
    );
    expect(t.api.received[1]!.path).toBe('/api/v1/services/aigc/image2video/video-synthesis');
    expect(bodyOf(1).input.last_frame_url).toMatch(/^data:image\/png;base64,/);
    expect(kf[0]).toMatchObject({ kind: 'video', width: 720, height: 720 });
  });

  it('asks wan2.2-i2v-plus for 1080P when 720P is picked: it makes 480P and 1080P only', async () => {
    const [video] = await engine().run(
      jobFor({
        capability: 'video-camera-move',
        workDir: t.dir,
        params: { resolution: '720p', duration: 5 },
        inputs: { upload_img: await pngFile(t.dir, 'room.png', 800, 600) },
      }),
    );
    expect(bodyOf(0)).toMatchObject({
      model: 'wan2.2-i2v-plus',
      parameters: { resolution: '1080P' },
    });
    expect(video).toMatchObject({ kind: 'video', width: 1440, height: 1080 });
    // Nothing higher: the model's highest tier. The double refuses a tier a model does not
    // make, as the service does, so a wrong choice fails the run.
    const highest = await failureOf(
      engine({ models: { imageToVideo: 'wanx2.1-i2v-plus' } }).run(
        jobFor({
          capability: 'video-camera-move',
          workDir: t.dir,
          params: { resolution: '1080p' },
          inputs: { upload_img: await pngFile(t.dir, 'room2.png', 800, 600) },
        }),
      ),
    );
    expect(highest).toBeUndefined();
    expect(bodyOf(1).parameters.resolution).toBe('720P');
  });

  it('reports up when the key is accepted and down when it is not', async () => {
    await expect(engine().health()).resolves.toMatchObject({ status: 'up' });
    await expect(engine({ apiKey: 'sk-bad' }).health()).resolves.toMatchObject({
      status: 'down',
      detail: expect.stringContaining('InvalidApiKey'),
    });
  });
});
