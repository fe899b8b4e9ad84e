import { spawnSync } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createComfyUiEngine } from '../../engines/comfyui/comfyui.engine';
import { createLocalEngine } from '../../engines/local/local-engine';
import { createOpenAiImagesEngine } from '../../engines/openai/openai-images.engine';
import { sampleInput } from './sample-inputs';
import { startComfyUiDouble, type ComfyUiDouble } from '../../../test/doubles/comfyui-double';
import {
  startOpenAiImagesDouble,
  type OpenAiImagesDouble,
} from '../../../test/doubles/openai-images-double';
import { manageCall, createAdmin } from '../../../test/admin-fixtures';
import {
  adminToken,
  expectError,
  makeTempDir,
  rootAdminEnv,
  sqliteTarget,
  type TestApp,
} from '../../../test/helper';
import { buildTaskApp } from '../../../test/task-fixtures';
import { moduleServices } from '../feature-module';
import type { SamplesServices } from './samples.module';

const servicesOf = (t: TestApp) =>
  moduleServices<SamplesServices>(
    new Map(t.container.features.map((f) => [f.name, f])),
    'samples',
  )!;

const manifestOf = async (t: TestApp) =>
  JSON.parse((await t.container.storage.read('samples/manifest.json')).toString('utf8')) as {
    entries: Record<string, unknown>[];
  };

const listed = async (t: TestApp) => {
  const res = await t.app.inject({ method: 'GET', url: '/api/ai/samples' });
  expect(res.statusCode).toBe(200);
  return res.json().data as Record<
    'style' | 'room' | 'tool',
    Record<string, { url: string } & Record<string, unknown>>
  >;
};

describe('example pictures through the OpenAI-compatible images API', () => {
  let api: OpenAiImagesDouble;
  let t: TestApp;
  beforeAll(async () => {
    api = await startOpenAiImagesDouble({ defaultFormat: 'b64_json' });
    t = await buildTaskApp({
      target: sqliteTarget,
      env: { OPENAI_IMAGES_MODEL: 'gpt-image-1' },
      engines: [
        createOpenAiImagesEngine({ baseUrl: api.url, apiKey: api.apiKey, model: 'gpt-image-1' }),
      ],
    });
  });
  afterAll(async () => {
    await t.close();
    await api.close();
  });
  afterEach(() => servicesOf(t).catalog.forget());

  it("sends each style's and room type's own words, stores the pictures and says what made them", async () => {
    const lines: string[] = [];
    const report = await servicesOf(t)
      .maker()
      .make({ ids: ['style-cream', 'space-living'], onEvent: (l) => lines.push(l) });
    expect(report.made.map((m) => `${m.kind}:${m.id}:${m.engine}`).sort()).toEqual([
      'room:space-living:openai-images',
      'style:style-cream:openai-images',
    ]);
    expect(report.aiEngine).toBe(true);
    const prompts = api.received.map((r) => String(r.json?.prompt));
    expect(prompts).toHaveLength(2);
    expect(prompts.find((p) => p.includes('奶油风'))).toContain(
      'cream style interior, warm off-white',
    );
    expect(prompts.filter((p) => !p.includes('奶油风'))).toEqual([
      '客厅 (living room, sofa, coffee table, tv wall), 室内设计效果图 (architectural visualization, photorealistic, soft daylight)',
    ]);
    expect(lines.some((l) => l.startsWith('已生成 奶油风'))).toBe(true);

    const manifest = await manifestOf(t);
    const cream = manifest.entries.find((e) => e.id === 'style-cream')!;
    expect(cream).toMatchObject({
      kind: 'style',
      file: 'style-style-cream.webp',
      engine: 'openai-images',
      model: 'gpt-image-1',
      width: 480,
      height: 360,
    });
    expect(cream.prompt).toBe(prompts.find((p) => p.includes('奶油风')));
    const stored = await t.container.storage.read('samples/style-style-cream.webp');
    expect(await sharp(stored).metadata()).toMatchObject({ format: 'webp', width: 480 });

    const samples = await listed(t);
    expect(samples.style['style-cream']).toMatchObject({ engine: 'openai-images', bundled: false });
    const file = await t.app.inject({ method: 'GET', url: samples.style['style-cream']!.url });
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('image/webp');
    expect(file.rawPayload.equals(stored)).toBe(true);
    // The shipped local-engine examples are listed beside them.
    expect(samples.tool['to-line']).toMatchObject({ engine: 'local', bundled: true });
  });

  it('keeps what is there unless forced, and serves only listed files', async () => {
    const before = api.received.length;
    const kept = await servicesOf(t)
      .maker()
      .make({ ids: ['style-cream'] });
    expect(kept).toMatchObject({ made: [], kept: 1 });
    expect(api.received.length).toBe(before);
    const forced = await servicesOf(t)
      .maker()
      .make({ ids: ['style-cream'], force: true });
    expect(forced.made).toHaveLength(1);
    expect(api.received.length).toBe(before + 1);

    for (const name of ['manifest.json', '..%2Fmanifest.json', 'style-unknown.webp']) {
      const res = await t.app.inject({ method: 'GET', url: `/api/ai/samples/file/${name}` });
      expect(res.statusCode, name).toBe(404);
      expect(res.json().message).toBe('没有这张示例图');
    }
  });

  it('scales a picture down for the tool cards (?w=), and refuses other widths in Chinese', async () => {
    const sample = (await listed(t)).tool['to-line']!;
    const original = await t.app.inject({ method: 'GET', url: sample.url });
    const full = await sharp(original.rawPayload).metadata();
    for (const w of [96, 192]) {
      const res = await t.app.inject({ method: 'GET', url: `${sample.url}&w=${w}` });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('image/webp');
      expect(res.headers['cache-control']).toBe('public, max-age=86400');
      const meta = await sharp(res.rawPayload).metadata();
      expect(meta.format).toBe('webp');
      // The shorter side covers the box (the card crops to fill), the shape is kept.
      expect(Math.min(meta.width!, meta.height!)).toBe(w);
      expect(meta.width! / meta.height!).toBeCloseTo(full.width! / full.height!, 1);
      expect(res.rawPayload.length).toBeLessThan(original.rawPayload.length / 2);
      // The same copy again (kept in memory).
      const again = await t.app.inject({ method: 'GET', url: `${sample.url}&w=${w}` });
      expect(again.rawPayload.equals(res.rawPayload)).toBe(true);
    }
    for (const w of ['100', '-1', 'abc', '4096']) {
      const res = await t.app.inject({ method: 'GET', url: `${sample.url}&w=${w}` });
      expect(res.statusCode, w).toBe(400);
      expect(res.json().message).toBe('提交的内容不符合要求：query.w');
      expect(res.json().data.issues[0].message).toBe('w 只能是 96、144、192、288 之一');
    }
  });

  it('lists tools the configured engines cannot serve as not made, with the reason', async () => {
    const report = await servicesOf(t)
      .maker()
      .make({ ids: ['indoor', 'wanwuqianyi', 'text-to-video'] });
    expect(report.made).toEqual([]);
    expect(Object.fromEntries(report.notMade.map((s) => [s.id, s.reason]))).toEqual({
      indoor: expect.stringContaining('暂不支持'),
      wanwuqianyi: '需要物品图，没有内置的示例输入',
      'text-to-video': '视频工具不做示例图',
    });
  });
});

describe('example pictures through ComfyUI', () => {
  let comfy: ComfyUiDouble;
  let t: TestApp;
  beforeAll(async () => {
    comfy = await startComfyUiDouble();
    t = await buildTaskApp({ engines: [createComfyUiEngine({ baseUrl: comfy.url })] });
  });
  afterAll(async () => {
    await t.close();
    await comfy.close();
  });

  it("renders a tool's example from the drawn room, with its composed prompt, before and after", async () => {
    const report = await servicesOf(t)
      .maker()
      .make({ ids: ['indoor'] });
    expect(report.failed).toEqual([]);
    expect(report.made).toEqual([{ kind: 'tool', id: 'indoor', engine: 'comfyui' }]);
    expect(comfy.received.uploads).toHaveLength(1);
    const graph = JSON.stringify(comfy.received.prompts[0]!.prompt);
    expect(graph).toContain('现代简约客厅，浅色木地板，落地窗，自然光');
    const entry = (await manifestOf(t)).entries.find((e) => e.id === 'indoor')!;
    expect(entry).toMatchObject({ kind: 'tool', engine: 'comfyui', beforeFile: 'input-room.webp' });
    expect(graph).toContain(JSON.stringify(entry.prompt).slice(1, -1));
    const samples = await listed(t);
    const before = await t.app.inject({
      method: 'GET',
      url: samples.tool.indoor!.beforeUrl as string,
    });
    expect(before.statusCode).toBe(200);
    expect((await sharp(before.rawPayload).metadata()).width).toBe(640);
  });
});

describe('example pictures without an AI engine', () => {
  let t: TestApp;
  const local = createLocalEngine({ threads: 1 });
  beforeAll(async () => {
    t = await buildTaskApp({ engines: [local], env: rootAdminEnv });
  });
  afterAll(async () => {
    await t.close();
    await local.close();
  });

  it("makes the local engine's tool examples and says the rest needs an engine", async () => {
    const report = await servicesOf(t)
      .maker()
      .make({ ids: ['to-line', 'style-cream'] });
    expect(report.aiEngine).toBe(false);
    expect(report.made).toEqual([{ kind: 'tool', id: 'to-line', engine: 'local' }]);
    expect(report.notMade).toEqual([
      expect.objectContaining({ id: 'style-cream', reason: expect.stringContaining('未配置') }),
    ]);
    const after = await sharp(await t.container.storage.read('samples/tool-to-line.webp'))
      .raw()
      .toBuffer({ resolveWithObject: true });
    // A line drawing: mostly white paper.
    const bright = after.data.filter((v, i) => i % after.info.channels === 0 && v > 200).length;
    expect(bright / (after.info.width * after.info.height)).toBeGreaterThan(0.6);
  });

  it("an upscale's example is the same spot before and after, zoomed in", async () => {
    const report = await servicesOf(t)
      .maker()
      .make({ ids: ['upscale'], force: true });
    expect(report.made).toEqual([{ kind: 'tool', id: 'upscale', engine: 'local' }]);
    const read = async (file: string) =>
      sharp(await t.container.storage.read(`samples/${file}`))
        .greyscale()
        .raw()
        .toBuffer({ resolveWithObject: true });
    const listed = (await t.app.inject({ url: '/api/ai/samples' })).json().data.tool.upscale;
    expect(listed.beforeUrl).toContain('detail-upscale-before.webp');
    const [before, after] = await Promise.all([
      read('detail-upscale-before.webp'),
      read('tool-upscale.webp'),
    ]);
    expect(after.info).toMatchObject({ width: before.info.width, height: before.info.height });
    const meanDiff = (x: Buffer, y: Buffer) => {
      let sum = 0;
      for (let i = 0; i < x.length; i++) sum += Math.abs(x[i]! - y[i]!);
      return sum / x.length;
    };
    // The same spot in both (they agree on the whole)...
    expect(meanDiff(before.data, after.data)).toBeLessThan(12);
    // ...and a spot, not the whole room scaled down (as the other tools' examples show it).
    const drawn = await sampleInput(await fs.mkdtemp(path.join(os.tmpdir(), 'hj-room-')), 'room');
    const room = await sharp(drawn.path)
      .resize(after.info.width, after.info.height, { fit: 'fill' })
      .greyscale()
      .raw()
      .toBuffer();
    expect(meanDiff(room, after.data)).toBeGreaterThan(20);
  });

  it('an admin regenerates from the engines screen: permission, audit, one run at a time', async () => {
    const call = manageCall(t);
    const root = await adminToken(t);
    const operator = await createAdmin(t, root, 'operator');
    const body = { force: true, ids: ['compress'], reason: '换了引擎' };
    expectError(
      await call('POST', '/samples/regenerate', operator.token, body),
      'ADMIN_PERMISSION_DENIED',
    );
    const before = (await call('GET', '/samples', operator.token)).json().data;
    expect(before).toMatchObject({ running: false, last: null });
    expect(before.counts.tool).toBeGreaterThan(0);

    const started = await call('POST', '/samples/regenerate', root, body);
    expect(started.statusCode, started.body).toBe(200);
    expect(started.json().message).toBe('已开始生成示例图，完成后这里会显示结果');
    expectError(await call('POST', '/samples/regenerate', root, body), 'SAMPLES_RUNNING');
    await expect
      .poll(async () => (await call('GET', '/samples', root)).json().data.running, {
        timeout: 20_000,
      })
      .toBe(false);
    const after = (await call('GET', '/samples', root)).json().data;
    expect(after.last).toMatchObject({ force: true, made: 1, failed: [], aiEngine: false });
    expect(after.last.finishedAt).not.toBeNull();
    const listed = (await t.app.inject({ method: 'GET', url: '/api/ai/samples' })).json().data;
    expect(listed.tool.compress).toMatchObject({ engine: 'local', bundled: false });

    const audit = await call('GET', '/page/audit?action=samples.regenerate', root);
    expect(audit.json().data.list[0]).toMatchObject({
      action: 'samples.regenerate',
      target: 'samples',
      reason: '换了引擎',
      after: { force: true, ids: ['compress'] },
    });
  });

  it('npm run samples without an engine says so and exits non-zero', async () => {
    const dataDir = await makeTempDir();
    try {
      const run = spawnSync(
        process.execPath,
        [
          '--import',
          'tsx',
          path.resolve(import.meta.dirname, 'samples.cli.ts'),
          '--kind',
          'style',
          '--id',
          'style-cream',
        ],
        {
          env: {
            ...process.env,
            DATA_DIR: dataDir,
            LOG_LEVEL: 'silent',
            DATABASE_URL: '',
            COMFYUI_URL: '',
            OPENAI_IMAGES_BASE_URL: '',
          },
          encoding: 'utf8',
          timeout: 60_000,
        },
      );
      expect(run.status).toBe(2);
      expect(run.stderr).toContain('没有配置 AI 引擎');
      expect(run.stdout).toContain('未生成（风格）：奶油风');
      await expect(fs.stat(path.join(dataDir, 'samples'))).rejects.toThrow();
    } finally {
      await fs.rm(dataDir, { recursive: true, force: true });
    }
  });
});
