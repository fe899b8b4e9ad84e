import fs from 'node:fs/promises';
import path from 'node:path';
import sharp from 'sharp';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  chooseSize,
  createOpenAiImagesEngine,
} from '../../src/engines/openai/openai-images.engine';
import { startOpenAiImagesDouble } from '../doubles/openai-images-double';
import type { OpenAiImagesDouble } from '../doubles/openai-images-double';
import { jobFor, pngFile, tempDir, waitFor } from './remote-fixtures';

let api: OpenAiImagesDouble;
let dir: string;
beforeEach(async () => {
  api = await startOpenAiImagesDouble();
  dir = await tempDir('openai-images-');
});
afterEach(async () => {
  await api.close();
  await fs.rm(dir, { recursive: true, force: true });
});

const engine = (model = 'gpt-image-1', extra: { apiKey?: string; timeoutMs?: number } = {}) =>
  createOpenAiImagesEngine({
    baseUrl: api.url,
    apiKey: extra.apiKey ?? api.apiKey,
    model,
    timeoutMs: extra.timeoutMs,
  });

const generation = (params: Record<string, unknown> = {}) =>
  jobFor({
    capability: 'text-to-image',
    workDir: dir,
    params: { promptTxt: '现代客厅，落地窗', ...params },
  });

describe('OpenAI-compatible images engine against the API double', () => {
  it('serves text-to-image and image-edit only', () => {
    expect(engine().capabilities).toEqual(['text-to-image', 'image-edit']);
  });

  it('generates with gpt-image-1 (base64, no response_format) at the nearest supported size', async () => {
    const job = generation({ width: 1920, height: 1080, atmosphere: '黄昏' });
    const outputs = await engine().run(job);
    expect(api.received[0]!.json).toEqual({
      model: 'gpt-image-1',
      prompt: '现代客厅，落地窗，黄昏',
      n: 1,
      size: '1536x1024',
    });
    expect(outputs).toEqual([
      expect.objectContaining({ kind: 'image', mime: 'image/png', width: 1536, height: 1024 }),
    ]);
    expect((await sharp(outputs[0]!.path).metadata()).width).toBe(1536);
    expect(job.progress.map((p) => p.percent)).toEqual([0, 10, 100]);
  });

  it('follows the text-to-image ratio chip to the nearest supported size', async () => {
    await engine('dall-e-3').run(generation({ aspectRatio: '9:16' }));
    await engine('dall-e-3').run(generation({ aspectRatio: '21:9' }));
    await engine('dall-e-3').run(generation({ aspectRatio: '1:1' }));
    expect(api.received.map((r) => (r.json as { size: string }).size)).toEqual([
      '1024x1792',
      '1792x1024',
      '1024x1024',
    ]);
  });

  it('makes as many pictures as the run pays for, one request each', async () => {
    const job = generation({ count: 3 });
    const outputs = await engine('dall-e-3').run(job);
    expect(api.received).toHaveLength(3);
    expect(api.received.every((r) => (r.json as { n: number }).n === 1)).toBe(true);
    expect(new Set(outputs.map((o) => o.path)).size).toBe(3);
    const percents = job.progress.map((p) => p.percent);
    expect(percents).toEqual([...percents].sort((a, b) => a - b));
    expect(percents.at(-1)).toBe(100);
  });

  it('sends the i-th picture’s prompt with the i-th request when the pictures differ', async () => {
    const prompts = ['书房, 向左环绕', '书房, 向右环绕', '书房, 拉远全景', '书房, 俯视'];
    await engine().run({ ...generation({ count: 4 }), prompt: prompts[0], prompts });
    expect(api.received.map((r) => (r.json as { prompt: string }).prompt)).toEqual(prompts);
  });

  it('edits as many pictures as the run pays for, each with its own prompt when given', async () => {
    const job = jobFor({
      capability: 'image-edit',
      workDir: dir,
      params: { promptTxt: '清空房间', count: 2 },
      inputs: { upload_img: await pngFile(dir, 'room.png', 800, 600) },
    });
    const outputs = await engine().run(job);
    expect(outputs).toHaveLength(2);
    expect(new Set(outputs.map((o) => o.path)).size).toBe(2);
    const prompt = (i: number) => api.received[i]!.parts!.find((p) => p.name === 'prompt')?.value;
    expect([prompt(0), prompt(1)]).toEqual(['清空房间', '清空房间']);
    expect(api.received.every((r) => r.parts!.some((p) => p.name === 'image'))).toBe(true);

    await engine().run({ ...job, prompts: ['清空房间, 白天', '清空房间, 夜晚'] });
    expect([prompt(2), prompt(3)]).toEqual(['清空房间, 白天', '清空房间, 夜晚']);
  });

  it('asks DALL·E for b64_json and accepts a url answer from servers that ignore it', async () => {
    const b64 = await engine('dall-e-3').run(generation({ width: 800, height: 1400 }));
    expect(api.received[0]!.json).toMatchObject({ size: '1024x1792', response_format: 'b64_json' });
    expect(b64[0]).toMatchObject({ width: 1024, height: 1792 });
    expect(api.downloads).toHaveLength(0);

    // A compatible server that links to a file whatever was asked.
    api.knobs.forceFormat = 'url';
    const viaUrl = await createOpenAiImagesEngine({
      baseUrl: api.url,
      apiKey: api.apiKey,
      model: 'dall-e-2',
      sizes: ['512x512'],
    }).run(generation());
    expect(viaUrl[0]).toMatchObject({ width: 512, height: 512 });
    expect(api.received).toHaveLength(2);
    expect(api.downloads).toHaveLength(1);
    await expect(fs.stat(viaUrl[0]!.path)).resolves.toBeTruthy();
  });

  it('an unknown model on a compatible server gets the default sizes and is asked for base64', async () => {
    const outputs = await engine('sdxl-turbo-compatible').run(
      generation({ width: 600, height: 900 }),
    );
    expect(api.received[0]!.json).toMatchObject({ size: '1024x1536', response_format: 'b64_json' });
    expect(outputs[0]).toMatchObject({ width: 1024, height: 1536 });
  });

  it('edits with a multipart body carrying the image, an OpenAI-style mask and the prompt', async () => {
    const image = await pngFile(dir, 'room.png', 1200, 800);
    const maskPath = path.join(dir, 'mask.png');
    // White = the region the designer painted (left half).
    await sharp({ create: { width: 1200, height: 800, channels: 3, background: '#000' } })
      .composite([
        {
          input: { create: { width: 600, height: 800, channels: 3, background: '#fff' } },
          left: 0,
          top: 0,
        },
      ])
      .png()
      .toFile(maskPath);
    const job = jobFor({
      capability: 'image-edit',
      workDir: dir,
      params: { promptTxt: '把沙发换成皮质' },
      inputs: { upload_img: image, mask: { path: maskPath, mime: 'image/png' } },
    });
    const outputs = await engine().run(job);
    const parts = api.received[0]!.parts!;
    const field = (name: string) => parts.find((p) => p.name === name);
    expect(field('prompt')?.value).toBe('把沙发换成皮质');
    expect(field('model')?.value).toBe('gpt-image-1');
    expect(field('size')?.value).toBe('1536x1024');
    expect(field('image')).toMatchObject({ filename: 'image.png', type: 'image/png' });
    const mask = sharp(field('mask')!.bytes!);
    expect(await mask.metadata()).toMatchObject({ width: 1200, height: 800, hasAlpha: true });
    const alpha = await mask.extractChannel(3).raw().toBuffer();
    // Painted pixels become transparent (edit here); the rest stays opaque.
    expect([alpha[10]!, alpha[1199]!]).toEqual([0, 255]);
    expect(outputs[0]).toMatchObject({ width: 1536, height: 1024 });
  });

  it('sends a style image as a second image[] to gpt-image models', async () => {
    await engine().run(
      jobFor({
        capability: 'image-edit',
        workDir: dir,
        params: { promptTxt: '参考风格' },
        inputs: {
          upload_img: await pngFile(dir, 'a.png', 512, 512),
          style_img: await pngFile(dir, 'b.png', 256, 256),
        },
      }),
    );
    expect(
      api.received[0]!.parts!.filter((p) => p.name === 'image[]').map((p) => p.filename),
    ).toEqual(['image.png', 'style.png']);
  });

  it.each([
    [
      { status: 401, message: 'Incorrect API key provided', code: 'invalid_api_key' },
      /密钥无效/,
      false,
    ],
    [
      { status: 429, message: 'Rate limit reached for requests', code: 'rate_limit_exceeded' },
      /繁忙/,
      true,
    ],
    [
      { status: 429, message: 'You exceeded your current quota', code: 'insufficient_quota' },
      /额度/,
      false,
    ],
    [
      {
        status: 400,
        message: 'Your request was rejected as a result of our safety system.',
        code: 'content_policy_violation',
      },
      /安全审核/,
      false,
    ],
    [
      {
        status: 400,
        message: 'Your request was rejected by the safety system.',
        code: 'moderation_blocked',
      },
      /安全审核/,
      false,
    ],
    [{ status: 500, message: 'The server had an error', type: 'server_error' }, /暂时不可用/, true],
  ])('maps %o to a Chinese EngineError', async (fail, userMessage, retryable) => {
    api.knobs.fail = fail;
    const error = await engine()
      .run(generation())
      .catch((e: unknown) => e);
    expect(error).toMatchObject({
      name: 'EngineError',
      userMessage: expect.stringMatching(userMessage),
      retryable,
    });
    expect((error as { detail: string }).detail).toContain(fail.message);
  });

  it('a wrong key is reported by the real auth check', async () => {
    await expect(
      engine('gpt-image-1', { apiKey: 'sk-wrong' }).run(generation()),
    ).rejects.toMatchObject({
      userMessage: expect.stringMatching(/密钥无效/),
    });
  });

  it('rejects with AbortError when canceled mid-request', async () => {
    api.knobs.delayMs = 2000;
    const controller = new AbortController();
    const job = { ...generation(), signal: controller.signal };
    const run = engine().run(job);
    await waitFor(() => job.progress.some((p) => p.percent === 10));
    const started = Date.now();
    controller.abort();
    await expect(run).rejects.toMatchObject({ name: 'AbortError' });
    expect(Date.now() - started).toBeLessThan(500);
  });

  it('times out as a retryable EngineError', async () => {
    api.knobs.delayMs = 1000;
    await expect(engine('gpt-image-1', { timeoutMs: 100 }).run(generation())).rejects.toMatchObject(
      {
        userMessage: expect.stringMatching(/超时/),
        retryable: true,
      },
    );
  });

  it('health is up against the API and down with a wrong key or no server', async () => {
    expect(await engine().health()).toEqual({ status: 'up', detail: 'gpt-image-1' });
    expect((await engine('gpt-image-1', { apiKey: 'sk-wrong' }).health()).status).toBe('down');
    const none = await createOpenAiImagesEngine({
      baseUrl: 'http://127.0.0.1:9/v1',
      apiKey: 'k',
      model: 'm',
    }).health();
    expect(none.status).toBe('down');
  });

  it('chooses the size nearest the aspect ratio', () => {
    const sizes = ['1024x1024', '1536x1024', '1024x1536'];
    expect(chooseSize(sizes, 1000, 1000)).toBe('1024x1024');
    expect(chooseSize(sizes, 4000, 3000)).toBe('1536x1024');
    expect(chooseSize(sizes, 1080, 1920)).toBe('1024x1536');
  });
});
