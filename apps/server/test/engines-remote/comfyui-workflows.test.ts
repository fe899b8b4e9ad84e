import fs from 'node:fs/promises';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createComfyUiEngine } from '../../src/engines/comfyui/comfyui.engine';
import { bindWorkflow, loadWorkflow } from '../../src/engines/comfyui/workflow-binding';
import { loadWorkflowCatalog } from '../../src/engines/comfyui/workflow-catalog';
import { startComfyUiDouble } from '../doubles/comfyui-double';
import type { ComfyUiDouble } from '../doubles/comfyui-double';
import { jobFor, pngFile, tempDir } from './remote-fixtures';

let dir: string;
let comfy: ComfyUiDouble | undefined;
beforeEach(async () => {
  dir = await tempDir('comfy-workflows-');
});
afterEach(async () => {
  await comfy?.close();
  comfy = undefined;
  await fs.rm(dir, { recursive: true, force: true });
});

const graph = {
  '1': { class_type: 'EmptyLatentImage', inputs: { width: 512, height: 512, batch_size: 1 } },
  '2': { class_type: 'SaveImage', inputs: { images: ['1', 0], filename_prefix: 'x' } },
};
const write = (name: string, value: unknown) =>
  fs.writeFile(path.join(dir, name), JSON.stringify(value));

describe('ComfyUI workflow templates and bindings', () => {
  it('ships a valid template for every generative capability', () => {
    const catalog = loadWorkflowCatalog();
    expect([...catalog.capabilities].sort()).toEqual(
      [
        'ai-upscale',
        'face-restore',
        'image-edit',
        'image-to-video',
        'render',
        'render-masked',
        'text-to-image',
        'text-to-video',
      ].sort(),
    );
  });

  it('every built-in template binds and passes the double’s validation', async () => {
    comfy = await startComfyUiDouble();
    const engine = createComfyUiEngine({ baseUrl: comfy.url });
    const inputs = {
      upload_img: await pngFile(dir, 'in.png', 640, 480),
      mask: await pngFile(dir, 'mask.png', 640, 480),
      style_img: await pngFile(dir, 'style.png', 256, 256),
    };
    for (const capability of engine.capabilities) {
      const outputs = await engine.run(
        jobFor({ capability, workDir: dir, inputs, params: { promptTxt: '现代客厅' } }),
      );
      expect(outputs.length, capability).toBe(1);
    }
    expect(comfy.received.prompts).toHaveLength(engine.capabilities.length);
  });

  it('fails loudly at load when a binding names a node the template lacks', () => {
    expect(() =>
      loadWorkflow('broken', 'test', graph, {
        capability: 'text-to-image',
        bindings: [{ from: 'param', param: 'promptTxt', node: '6', input: 'text' }],
      }),
    ).toThrow(/workflow "broken" \(test\): binding #0 \(param\) references node 6/);
  });

  it('fails loudly at load when a binding names an input the node lacks', () => {
    expect(() =>
      loadWorkflow('typo', 'test', graph, {
        capability: 'text-to-image',
        bindings: [{ from: 'param', param: 'width', node: '1', input: 'widht' }],
      }),
    ).toThrow(/input 1\.widht/);
  });

  it('fails loudly at load on an unknown capability or a dangling template link', () => {
    expect(() =>
      loadWorkflow('cap', 'test', graph, { capability: 'teleport', bindings: [] }),
    ).toThrow(/binding is invalid/);
    expect(() =>
      loadWorkflow(
        'dangling',
        'test',
        { '2': graph['2'] },
        { capability: 'text-to-image', bindings: [] },
      ),
    ).toThrow(/links to missing nodes: 2\.images → 1/);
  });

  it('an operator template in workflowsDir replaces the built-in one, and a broken one stops the engine', async () => {
    await write('text-to-image.json', graph);
    await write('text-to-image.binding.json', {
      capability: 'text-to-image',
      bindings: [{ from: 'param', param: 'width', node: '1', input: 'width', default: 768 }],
    });
    comfy = await startComfyUiDouble();
    const engine = createComfyUiEngine({ baseUrl: comfy.url, workflowsDir: dir });
    expect(engine.catalog.find('text-to-image', 'text-to-image')?.source).toBe(
      path.join(dir, 'text-to-image.json'),
    );
    const outputs = await engine.run(jobFor({ capability: 'text-to-image', workDir: dir }));
    expect(comfy.received.prompts[0]!.prompt).toEqual({
      ...graph,
      '1': { ...graph['1'], inputs: { ...graph['1'].inputs, width: 768 } },
    });
    expect(outputs[0]).toMatchObject({ width: 768, height: 512 });

    await write('text-to-image.binding.json', {
      capability: 'text-to-image',
      bindings: [{ from: 'seed', node: '9', input: 'seed' }],
    });
    expect(() => createComfyUiEngine({ baseUrl: comfy!.url, workflowsDir: dir })).toThrow(
      /text-to-image\.json.*references node 9/,
    );
  });

  it('a template without its binding file is an error, not a silent fallback', async () => {
    await write('render.json', graph);
    expect(() => loadWorkflowCatalog(dir)).toThrow(/has no render\.binding\.json/);
  });

  it('a tool-named template serves only that tool', async () => {
    await write('clean.json', graph);
    await write('clean.binding.json', { capability: 'render-masked', bindings: [] });
    const catalog = loadWorkflowCatalog(dir);
    expect(catalog.find('clean', 'render-masked')?.name).toBe('clean');
    expect(catalog.find('local-render', 'render-masked')?.name).toBe('render-masked');
  });

  it('binds params with defaults, maps and scales, and draws a fresh seed unless one is pinned', () => {
    const catalog = loadWorkflowCatalog();
    const render = catalog.find('indoor', 'render')!;
    const ctx = {
      uploaded: { upload_img: 'in.png' },
      sizes: { upload_img: { width: 800, height: 1200 } },
    };
    const a = bindWorkflow(render, { ...ctx, params: {}, random: () => 0.5 });
    expect(a['14']!.inputs.strength).toBeCloseTo(0.9); // cnStrength default 0.75
    expect(a['3']!.inputs.seed).toBe(2 ** 47);
    expect(a['15']!.inputs).toMatchObject({ width: 896, height: 1344 });
    const b = bindWorkflow(render, { ...ctx, params: { seed: 42, lock: true, cnStrength: 2 } });
    expect(b['3']!.inputs.seed).toBe(42);
    expect(b['14']!.inputs.end_percent).toBe(1);
    expect(b['14']!.inputs.strength).toBeCloseTo(1.1); // clamped to the top of the range
    expect(() => bindWorkflow(render, { params: {}, uploaded: {}, sizes: {} })).toThrow(
      /缺少必需的输入图片/,
    );
  });
});
