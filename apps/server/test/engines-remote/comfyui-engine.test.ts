import fs from 'node:fs/promises';
import sharp from 'sharp';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createComfyUiEngine } from '../../src/engines/comfyui/comfyui.engine';
import { EngineError } from '../../src/engines/engine';
import { startComfyUiDouble } from '../doubles/comfyui-double';
import type { ComfyUiDouble } from '../doubles/comfyui-double';
import { jobFor, pngFile, tempDir, waitFor } from './remote-fixtures';

let comfy: ComfyUiDouble;
let dir: string;

beforeEach(async () => {
  dir = await tempDir();
});
afterEach(async () => {
  await comfy?.close();
  await fs.rm(dir, { recursive: true, force: true });
});

const renderJob = async (params: Record<string, unknown> = {}) =>
  jobFor({
    capability: 'render',
    toolId: 'indoor',
    workDir: dir,
    params: { promptTxt: '北欧风客厅', cnStrength: 0.6, ...params },
    inputs: { upload_img: await pngFile(dir, 'room.png', 1600, 1200) },
  });

describe('ComfyUI engine against the protocol double', () => {
  it('runs a render end to end: uploads, binds, reports progress and downloads a real PNG', async () => {
    comfy = await startComfyUiDouble();
    const engine = createComfyUiEngine({ baseUrl: comfy.url });
    const job = await renderJob({ view: '人视角', atmosphere: '温暖', ipaPlus: false });

    const outputs = await engine.run(job);

    expect(comfy.received.uploads).toHaveLength(1);
    expect(comfy.received.uploads[0]).toMatchObject({ type: 'input', overwrite: 'true' });
    const sent = comfy.received.prompts[0]!;
    expect(sent.extra_data).toMatchObject({ huijing_task_id: 'task-1' });
    const g = sent.prompt;
    expect(g['12']!.inputs.image).toBe(comfy.received.uploads[0]!.name);
    expect(g['6']!.inputs.text).toMatch(/^北欧风客厅, 人视角, 温暖, photorealistic/);
    // cnStrength 0.6 → ControlNet strength 0.3 + 0.6 * 0.8, denoise 1 - 0.6 * 0.5
    expect(g['14']!.inputs.strength).toBeCloseTo(0.78);
    expect(g['3']!.inputs.denoise).toBeCloseTo(0.7);
    expect(g['3']!.inputs.seed).toEqual(expect.any(Number));
    // 1600x1200 fitted to a 1344 long side, multiples of 8
    expect(g['15']!.inputs).toMatchObject({ width: 1344, height: 1008 });
    // No style image: the IP-Adapter branch is cut and the sampler takes the checkpoint's model.
    expect(g['20']).toBeUndefined();
    expect(g['22']).toBeUndefined();
    expect(g['3']!.inputs.model).toEqual(['4', 0]);

    const percents = job.progress.map((p) => p.percent);
    expect(percents).toEqual([...percents].sort((a, b) => a - b));
    expect(percents.at(-1)).toBe(100);
    expect(new Set(percents.filter((p) => p > 5 && p < 95)).size).toBeGreaterThan(2);

    expect(outputs).toHaveLength(1);
    expect(outputs[0]).toMatchObject({
      kind: 'image',
      mime: 'image/png',
      width: 1344,
      height: 1008,
    });
    const meta = await sharp(outputs[0]!.path).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(['png', 1344, 1008]);
  });

  it('keeps the IP-Adapter branch when a style image is given, with ipaPlus choosing the preset', async () => {
    comfy = await startComfyUiDouble();
    const engine = createComfyUiEngine({ baseUrl: comfy.url });
    const job = await renderJob({ ipaPlus: true });
    job.inputs.style_img = await pngFile(dir, 'style.png', 512, 512);
    await engine.run(job);
    const g = comfy.received.prompts[0]!.prompt;
    expect(comfy.received.uploads).toHaveLength(2);
    expect(g['20']!.inputs.image).toBe(
      comfy.received.uploads.find((u) => u.name.includes('style_img'))!.name,
    );
    expect(g['21']!.inputs.preset).toBe('PLUS (high strength)');
    expect(g['3']!.inputs.model).toEqual(['22', 0]);
  });

  it('ignoreWordAndImage drops the prompt text and the style image', async () => {
    comfy = await startComfyUiDouble();
    const engine = createComfyUiEngine({ baseUrl: comfy.url });
    const job = await renderJob({ ignoreWordAndImage: true, environment: '雪景' });
    job.inputs.style_img = await pngFile(dir, 'style.png', 512, 512);
    await engine.run(job);
    const g = comfy.received.prompts[0]!.prompt;
    expect(comfy.received.uploads).toHaveLength(1);
    expect(g['20']).toBeUndefined();
    expect(g['6']!.inputs.text).toMatch(/^雪景, photorealistic/);
    expect(String(g['6']!.inputs.text)).not.toContain('北欧风客厅');
  });

  it('runs a template without a batch binding once per picture asked for, each with its own seed', async () => {
    comfy = await startComfyUiDouble();
    const engine = createComfyUiEngine({ baseUrl: comfy.url });
    const job = await renderJob({ count: 3 });
    const outputs = await engine.run(job);
    // The designer paid for three pictures (runPrice) and gets three.
    expect(outputs).toHaveLength(3);
    expect(comfy.received.uploads).toHaveLength(1);
    const prompts = comfy.received.prompts;
    expect(prompts).toHaveLength(3);
    expect(new Set(prompts.map((p) => p.prompt_id)).size).toBe(3);
    expect(new Set(prompts.map((p) => p.prompt['3']!.inputs.seed)).size).toBe(3);
    expect(new Set(outputs.map((o) => o.path)).size).toBe(3);
    const percents = job.progress.map((p) => p.percent);
    expect(percents).toEqual([...percents].sort((a, b) => a - b));

    // A pinned seed gives seed, seed + 1, … so the pictures still differ.
    const pinned = await renderJob({ count: 2, seed: 42 });
    await engine.run(pinned);
    expect(prompts.slice(3).map((p) => p.prompt['3']!.inputs.seed)).toEqual([42, 43]);
  });

  it('gives each per-picture run its own prompt when the pictures differ (multi-angle views)', async () => {
    comfy = await startComfyUiDouble();
    const engine = createComfyUiEngine({ baseUrl: comfy.url });
    const views = ['向左环绕', '向右环绕', '拉远全景', '俯视'];
    const job = {
      ...(await renderJob({ view: 'auto', count: 4 })),
      toolId: 'multi-angle',
      prompt: `书房, ${views[0]}`,
      prompts: views.map((v) => `书房, ${v}`),
    };
    const outputs = await engine.run(job);
    expect(outputs).toHaveLength(4);
    const texts = comfy.received.prompts.map((p) => String(p.prompt['6']!.inputs.text));
    expect(texts.map((t) => t.replace(/, photorealistic.*$/, ''))).toEqual(job.prompts);
    expect(new Set(comfy.received.prompts.map((p) => p.prompt['3']!.inputs.seed)).size).toBe(4);

    // Without per-picture prompts every run takes the run's prompt.
    await engine.run({ ...(await renderJob({ count: 2 })), prompt: '书房, 拉远全景' });
    const shared = comfy.received.prompts.slice(4).map((p) => String(p.prompt['6']!.inputs.text));
    expect(shared).toHaveLength(2);
    expect(shared.every((t) => t.startsWith('书房, 拉远全景, photorealistic'))).toBe(true);
  });

  it('asks a batching template (text to image) once, for the whole batch', async () => {
    comfy = await startComfyUiDouble();
    const engine = createComfyUiEngine({ baseUrl: comfy.url });
    const job = await jobFor({
      capability: 'text-to-image',
      toolId: 'text-to-image',
      workDir: dir,
      params: { prompt: '奶油风客厅', aspectRatio: '1:1', count: 2 },
      inputs: {},
    });
    const outputs = await engine.run(job);
    expect(comfy.received.prompts).toHaveLength(1);
    expect(comfy.received.prompts[0]!.prompt['5']!.inputs.batch_size).toBe(2);
    expect(outputs).toHaveLength(2);
  });

  it('cancels a running prompt with /interrupt and rejects with AbortError quickly', async () => {
    comfy = await startComfyUiDouble({ knobs: { stepDelayMs: 200, maxSteps: 50 } });
    const engine = createComfyUiEngine({ baseUrl: comfy.url });
    const controller = new AbortController();
    const job = { ...(await renderJob()), signal: controller.signal };
    const running = engine.run(job);
    await waitFor(() => job.progress.some((p) => p.percent > 5));
    const started = Date.now();
    controller.abort();
    await expect(running).rejects.toMatchObject({ name: 'AbortError' });
    expect(Date.now() - started).toBeLessThan(1000);
    expect(comfy.received.interrupts).toEqual([
      { prompt_id: comfy.received.prompts[0]!.prompt_id },
    ]);
    expect(comfy.received.queueDeletes).toEqual([]);
    // The double really stops: its history records the interruption.
    await waitFor(() => comfy.history.has(comfy.received.prompts[0]!.prompt_id));
  });

  it('cancels a pending prompt by deleting it from the queue', async () => {
    comfy = await startComfyUiDouble({ knobs: { paused: true } });
    const engine = createComfyUiEngine({ baseUrl: comfy.url });
    const controller = new AbortController();
    const job = { ...(await renderJob()), signal: controller.signal };
    const running = engine.run(job);
    await waitFor(() => comfy.received.prompts.length === 1);
    await waitFor(() => job.progress.some((p) => p.message === '排队中'));
    controller.abort();
    await expect(running).rejects.toMatchObject({ name: 'AbortError' });
    expect(comfy.received.queueDeletes).toEqual([[comfy.received.prompts[0]!.prompt_id]]);
    expect(comfy.received.interrupts).toEqual([]);
    comfy.resume();
  });

  it('turns execution_error into an EngineError carrying the exception', async () => {
    comfy = await startComfyUiDouble({
      knobs: {
        failOn: { node: 'KSampler', type: 'torch.OutOfMemoryError', message: 'CUDA out of memory' },
      },
    });
    const engine = createComfyUiEngine({ baseUrl: comfy.url });
    const error = await engine.run(await renderJob()).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(EngineError);
    expect(error).toMatchObject({
      userMessage: expect.stringMatching(/渲染过程中出错/),
      retryable: true,
    });
    expect((error as EngineError).detail).toContain(
      'node 3 (KSampler): torch.OutOfMemoryError: CUDA out of memory',
    );
  });

  it('turns a 400 with node_errors into an EngineError naming the node', async () => {
    comfy = await startComfyUiDouble();
    const dirWithBadTemplate = await tempDir('comfy-override-');
    // A graph the server rejects: the checkpoint loader lost its required ckpt_name.
    const graph = JSON.parse(
      await fs.readFile(
        new URL('../../src/engines/comfyui/workflows/text-to-image.json', import.meta.url),
        'utf8',
      ),
    ) as Record<string, { inputs: Record<string, unknown> }>;
    delete graph['4']!.inputs.ckpt_name;
    await fs.writeFile(`${dirWithBadTemplate}/text-to-image.json`, JSON.stringify(graph));
    await fs.copyFile(
      new URL('../../src/engines/comfyui/workflows/text-to-image.binding.json', import.meta.url),
      `${dirWithBadTemplate}/text-to-image.binding.json`,
    );
    const engine = createComfyUiEngine({ baseUrl: comfy.url, workflowsDir: dirWithBadTemplate });
    const error = await engine
      .run(jobFor({ capability: 'text-to-image', workDir: dir, params: { promptTxt: 'a room' } }))
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(EngineError);
    expect((error as EngineError).userMessage).toMatch(/工作流/);
    expect((error as EngineError).detail).toMatch(
      /HTTP 400.*Prompt outputs failed validation.*node 4 \(CheckpointLoaderSimple\): Required input is missing: ckpt_name/,
    );
    expect(comfy.received.prompts).toHaveLength(0);
    await fs.rm(dirWithBadTemplate, { recursive: true, force: true });
  });

  it('finishes through /history polling when the WebSocket drops mid-run', async () => {
    comfy = await startComfyUiDouble({
      knobs: { stepDelayMs: 40, maxSteps: 6, dropSockets: { atStep: 2, refuseForMs: 10_000 } },
    });
    const engine = createComfyUiEngine({
      baseUrl: comfy.url,
      pollIntervalMs: 50,
      reconnectDelayMs: 100,
    });
    const job = await renderJob();
    const outputs = await engine.run(job);
    expect(outputs[0]).toMatchObject({ kind: 'image', width: 1344, height: 1008 });
    // The result arrived while reconnects were still refused, so polling found it.
    expect(comfy.received.wsConnects).toBe(1);
    expect(job.progress.at(-1)!.percent).toBe(100);
  });

  it('reconnects the WebSocket after a drop and keeps reporting progress', async () => {
    comfy = await startComfyUiDouble({
      knobs: { stepDelayMs: 60, maxSteps: 8, dropSockets: { atStep: 2, refuseForMs: 0 } },
    });
    const engine = createComfyUiEngine({
      baseUrl: comfy.url,
      pollIntervalMs: 1000,
      reconnectDelayMs: 20,
    });
    const job = await renderJob();
    await engine.run(job);
    expect(comfy.received.wsConnects).toBeGreaterThanOrEqual(2);
    expect(job.progress.at(-1)!.percent).toBe(100);
  });

  it('follows the server’s prompt id on older ComfyUI that ignores ours', async () => {
    comfy = await startComfyUiDouble({ knobs: { ignoreClientPromptId: true } });
    const engine = createComfyUiEngine({ baseUrl: comfy.url });
    const job = await renderJob();
    const outputs = await engine.run(job);
    expect(outputs).toHaveLength(1);
    expect(comfy.history.has(comfy.received.prompts[0]!.prompt_id)).toBe(true);
    expect(job.progress.filter((p) => p.percent > 5 && p.percent < 95).length).toBeGreaterThan(2);
  });

  it('sends COMFYUI_AUTH on HTTP and on the WebSocket upgrade', async () => {
    comfy = await startComfyUiDouble({
      auth: `Basic ${Buffer.from('ops:s3cret').toString('base64')}`,
    });
    const engine = createComfyUiEngine({ baseUrl: comfy.url, auth: 'ops:s3cret' });
    await engine.run(await renderJob());
    expect(comfy.received.wsConnects).toBe(1);
    expect(new Set(comfy.received.authorizations)).toEqual(
      new Set([`Basic ${Buffer.from('ops:s3cret').toString('base64')}`]),
    );

    const wrong = createComfyUiEngine({ baseUrl: comfy.url, auth: 'Bearer nope' });
    await expect(wrong.run(await renderJob())).rejects.toMatchObject({
      userMessage: expect.stringMatching(/鉴权/),
    });
  });

  it('runs image-to-video and reads the MP4 size and length from the file', async () => {
    comfy = await startComfyUiDouble();
    const engine = createComfyUiEngine({ baseUrl: comfy.url });
    const outputs = await engine.run(
      jobFor({
        capability: 'image-to-video',
        workDir: dir,
        params: { promptTxt: '镜头缓慢推进' },
        inputs: { upload_img: await pngFile(dir, 'frame.png', 1280, 720) },
      }),
    );
    expect(comfy.received.prompts[0]!.prompt['50']!.inputs).toMatchObject({
      width: 832,
      height: 464,
    });
    expect(outputs).toEqual([
      expect.objectContaining({
        kind: 'video',
        mime: 'video/mp4',
        width: 832,
        height: 464,
        duration: 1,
      }),
    ]);
  });

  it('ai-upscale output is the input times the chosen factor', async () => {
    comfy = await startComfyUiDouble();
    const engine = createComfyUiEngine({ baseUrl: comfy.url });
    const outputs = await engine.run(
      jobFor({
        capability: 'ai-upscale',
        workDir: dir,
        params: { scale: 2 },
        inputs: { upload_img: await pngFile(dir, 'small.png', 300, 200) },
      }),
    );
    expect(outputs[0]).toMatchObject({ width: 600, height: 400 });
  });

  it('health reports up with the version, and down when nothing listens', async () => {
    comfy = await startComfyUiDouble();
    expect(await createComfyUiEngine({ baseUrl: comfy.url }).health()).toEqual({
      status: 'up',
      detail: 'ComfyUI 0.3.60, cuda:0 Test Double GPU',
    });
    const down = await createComfyUiEngine({ baseUrl: 'http://127.0.0.1:9' }).health();
    expect(down.status).toBe('down');
    expect(down.detail).toContain('/system_stats');
  });

  it('rejects a retryable EngineError when the server cannot be reached', async () => {
    comfy = await startComfyUiDouble();
    const engine = createComfyUiEngine({ baseUrl: 'http://127.0.0.1:9' });
    await expect(engine.run(await renderJob())).rejects.toMatchObject({
      name: 'EngineError',
      retryable: true,
    });
  });

  it('times out a run that never finishes and takes it off the server', async () => {
    comfy = await startComfyUiDouble({ knobs: { paused: true } });
    const engine = createComfyUiEngine({ baseUrl: comfy.url, timeoutMs: 300 });
    await expect(engine.run(await renderJob())).rejects.toMatchObject({
      userMessage: expect.stringMatching(/超时/),
      retryable: true,
    });
    expect(comfy.received.queueDeletes).toHaveLength(1);
  });
});
