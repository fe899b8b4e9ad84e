import { getTool, imageAspects } from '@huijing/tools';
import { describe, expect, it } from 'vitest';
import { bindWorkflow } from '../../src/engines/comfyui/workflow-binding';
import { loadWorkflowCatalog } from '../../src/engines/comfyui/workflow-catalog';

const workflow = loadWorkflowCatalog().find('text-to-image', 'text-to-image')!;
const bind = (params: Record<string, unknown>) =>
  bindWorkflow(workflow, { params, uploaded: {}, sizes: {}, random: () => 0.5 });

describe('text-to-image binding', () => {
  it('asks for the size the page shows under each ratio chip', () => {
    for (const [ratio, size] of Object.entries(imageAspects)) {
      const latent = bind({ prompt: '客厅', aspectRatio: ratio })['5']!.inputs;
      expect([latent.width, latent.height], ratio).toEqual([size.width, size.height]);
    }
  });

  it('makes as many pictures as asked in one batch, and passes the negative prompt', () => {
    const params = getTool('text-to-image-pro')!.params.parse({
      promptTxt: '茶室',
      count: 3,
      negativePrompt: '人物，文字',
    });
    const graph = bind({ ...params, prompt: '茶室' });
    expect(graph['5']!.inputs.batch_size).toBe(3);
    expect(graph['7']!.inputs.text).toBe('人物，文字, blurry, lowres, watermark, text, deformed');
    // Without a negative prompt the template's own guard words stay.
    expect(bind({ prompt: '茶室' })['7']!.inputs.text).toBe(
      'blurry, lowres, watermark, text, deformed',
    );
    expect(bind({ prompt: '茶室' })['5']!.inputs).toMatchObject({ width: 1024, batch_size: 1 });
  });
});

describe('text-to-video binding', () => {
  const video = loadWorkflowCatalog().find('text-to-video', 'text-to-video')!;
  const latent = (params: Record<string, unknown>) =>
    bindWorkflow(video, { params: { prompt: '庭院', ...params }, uploaded: {}, sizes: {} })['40']!
      .inputs;

  it('follows the ratio and the duration the page offers (Wan: 16 fps, 4k+1 frames)', () => {
    const tool = getTool('text-to-video')!;
    expect(latent(tool.params.parse({}))).toMatchObject({ width: 832, height: 480, length: 81 });
    expect(latent({ aspectRatio: '9:16', duration: 10 })).toMatchObject({
      width: 480,
      height: 832,
      length: 161,
    });
    expect(latent({ aspectRatio: '1:1' })).toMatchObject({ width: 624, height: 624 });
    // Every shape on the page gets its own latent size (an unmapped one would keep 832×480).
    const shapes = tool.widgets.aspectRatio!.options!.map((o) => {
      const l = latent({ aspectRatio: o.value });
      return `${String(l.width)}x${String(l.height)}`;
    });
    expect(new Set(shapes).size).toBe(shapes.length);
    for (const o of tool.widgets.duration!.options!)
      expect((latent({ duration: o.value }).length as number) % 16, String(o.value)).toBe(1);
  });
});
