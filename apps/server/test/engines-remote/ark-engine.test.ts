import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { createArkEngine } from '../../src/engines/ark/ark.engine';
import type { ArkEngineOptions } from '../../src/engines/ark/ark.engine';
import { startArkDouble } from '../doubles/ark-double';
import {
  abortWhileWaiting,
  expectModerationRefusal,
  failureOf,
  hostedSuite,
} from './hosted-fixtures';
import { jobFor, pngFile } from './remote-fixtures';

const t = hostedSuite(startArkDouble, 'ark-');

const engine = (extra: Partial<ArkEngineOptions> = {}) =>
  createArkEngine({ ...t.connection(), ...extra });

const body = (i: number) => t.api.received[i]!.body as Record<string, unknown>;

const videoJob = async (extra: object = {}) =>
  jobFor({
    capability: 'video-camera-move',
    workDir: t.dir,
    params: { resolution: '720p', duration: 5 },
    prompt: '镜头缓慢推进',
    inputs: { upload_img: await pngFile(t.dir, 'room.png', 800, 600) },
    ...extra,
  });

describe('Ark engine against the protocol double', () => {
  it('generates with Seedream at the 2K area of the chosen ratio and downloads the link at once', async () => {
    const job = jobFor({
      capability: 'text-to-image',
      workDir: t.dir,
      params: { promptTxt: '新中式茶室', aspectRatio: '16:9' },
    });
    const outputs = await engine().run(job);
    expect(body(0)).toMatchObject({
      model: 'doubao-seedream-4-0-250828',
      prompt: '新中式茶室',
      size: '2704x1552',
      response_format: 'url',
      watermark: false,
      sequential_image_generation: 'disabled',
    });
    expect(body(0).image).toBeUndefined();
    expect(outputs[0]).toMatchObject({ kind: 'image', width: 2704, height: 1552 });
    expect(outputs[0]!.provider).toMatchObject({ provider: 'ark', requestId: expect.any(String) });
    // Served once; a second fetch of the same link is refused like an expired one.
    expect(t.api.fetches.map((f) => f.status)).toEqual([200]);
  });

  it('edits with the picture and its reference as data URIs', async () => {
    const job = jobFor({
      capability: 'image-edit',
      workDir: t.dir,
      params: { promptTxt: '把沙发换成图2的款式' },
      inputs: {
        upload_img: await pngFile(t.dir, 'room.png', 1200, 900),
        style_img: await pngFile(t.dir, 'sofa.png', 600, 600),
      },
    });
    const outputs = await engine({ responseFormat: 'b64_json' }).run(job);
    const images = body(0).image as string[];
    expect(images).toHaveLength(2);
    expect(images.every((i) => i.startsWith('data:image/png;base64,'))).toBe(true);
    expect(outputs[0]).toMatchObject({ width: 2368, height: 1776 });
    expect(t.api.fetches).toHaveLength(0);
    await expect(sharp(outputs[0]!.path).metadata()).resolves.toMatchObject({ width: 2368 });
  });

  it('retries a 429 RateLimitExceeded with a doubling backoff', async () => {
    t.api.knobs.throttle = 2;
    const job = jobFor({
      capability: 'text-to-image',
      workDir: t.dir,
      params: { promptTxt: '客厅' },
    });
    await engine({ retryBaseMs: 50 }).run(job);
    expect(t.api.received.map((r) => r.status)).toEqual([429, 429, 200]);
    expect(t.waits).toEqual([50, 100]);
  });

  it('a moderation refusal is not retried and reads as such', async () => {
    t.api.knobs.sensitive = 'input';
    const job = jobFor({
      capability: 'image-edit',
      workDir: t.dir,
      params: { promptTxt: 'x' },
      inputs: { upload_img: await pngFile(t.dir, 'room.png', 1200, 900) },
    });
    const error = await failureOf(engine().run(job));
    expectModerationRefusal(error, t.api, 'InputImageSensitiveContentDetected', 'requestId');
  });

  it('a wrong key is AuthenticationError, not retried', async () => {
    const job = jobFor({ capability: 'text-to-image', workDir: t.dir, params: { promptTxt: 'x' } });
    await expect(engine({ apiKey: 'wrong' }).run(job)).rejects.toMatchObject({
      code: 'AuthenticationError',
      retryable: false,
      userMessage: '火山方舟密钥无效，请联系管理员',
    });
  });

  it('makes a Seedance video from a first frame: queued → running → succeeded, ids kept', async () => {
    const job = await videoJob();
    const outputs = await engine().run(job);
    expect(body(0)).toMatchObject({ model: 'doubao-seedance-1-0-pro-250528' });
    const content = body(0).content as Record<string, unknown>[];
    expect(content[0]).toEqual({
      type: 'text',
      text: '镜头缓慢推进 --rs 720p --rt adaptive --dur 5 --wm false',
    });
    expect(content[1]).toMatchObject({ type: 'image_url', role: 'first_frame' });
    const id = [...t.api.tasks.keys()][0]!;
    expect(t.api.polls).toEqual([id, id, id]);
    expect(outputs[0]).toMatchObject({
      kind: 'video',
      mime: 'video/mp4',
      width: 1120,
      height: 832,
    });
    expect(outputs[0]!.provider).toMatchObject({ provider: 'ark', taskId: id });
    expect(job.progress.map((p) => p.percent)).toEqual([0, 10, 30, 100]);
  });

  it('sends first and last frames with their roles', async () => {
    await engine().run(
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
    const roles = (body(0).content as { role?: string }[]).map((c) => c.role);
    expect(roles).toEqual([undefined, 'first_frame', 'last_frame']);
  });

  it('a video failed for its output is not retried', async () => {
    t.api.knobs.sensitive = 'output';
    const error = await failureOf(engine().run(await videoJob()));
    expectModerationRefusal(error, t.api, 'OutputVideoSensitiveContentDetected', 'taskId');
  });

  it('abort while queued DELETEs the task and rejects with AbortError', async () => {
    t.api.knobs.queuedPolls = 1_000_000;
    const job = (signal: AbortSignal) => videoJob({ signal });
    await abortWhileWaiting(t.api, async (signal) => engine().run(await job(signal)));
    const [id, task] = [...t.api.tasks.entries()][0]!;
    expect(t.api.deletes).toEqual([{ taskId: id, status: 200 }]);
    expect(task.status).toBe('cancelled');
  });

  it('serves masked tools (by compositing) but not outpainting or upscaling', () => {
    const caps = engine().capabilities;
    expect(caps).toEqual(expect.arrayContaining(['render-masked', 'inpaint']));
    for (const c of ['extend', 'upscale'] as const) expect(caps).not.toContain(c);
  });

  it('reports up for a good key and down for a bad one', async () => {
    await expect(engine().health()).resolves.toMatchObject({ status: 'up' });
    await expect(engine({ apiKey: 'bad' }).health()).resolves.toMatchObject({ status: 'down' });
  });
});
