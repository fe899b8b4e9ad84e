import fs from 'node:fs/promises';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  bindTraining,
  templateClasses,
  trainingTemplateFor,
} from '../../src/engines/comfyui/comfyui-training';
import { insertLora, loraUseOf } from '../../src/engines/comfyui/lora-insert';
import { EngineError } from '../../src/engines/engine';
import builtIn from '../../src/engines/comfyui/workflows/train-lora.json';
import textToVideo from '../../src/engines/comfyui/workflows/text-to-video.json';
import { tempDir } from './remote-fixtures';

let dir: string;
beforeEach(async () => {
  dir = await tempDir('comfyui-training-');
});
afterEach(async () => {
  await fs.rm(dir, { recursive: true, force: true });
});

const job = {
  modelId: 'm1',
  checkpoint: 'my-base.safetensors',
  steps: 900,
  rank: 8,
  learningRate: 0.0002,
  triggerWord: 'hjtest1',
  samplePrompt: 'a room',
};

describe('ComfyUI training templates', () => {
  it('binds the built-in graph by node class', () => {
    const g = bindTraining(trainingTemplateFor(undefined, 'material'), job, 'huijing-train/x', 7);
    const byClass = (c: string) => Object.values(g).find((n) => n.class_type === c)!;
    expect(byClass('CheckpointLoaderSimple').inputs.ckpt_name).toBe('my-base.safetensors');
    expect(byClass('LoadImageTextDataSetFromFolder').inputs.folder).toBe('huijing-train/x');
    expect(byClass('TrainLoraNode').inputs).toMatchObject({
      steps: 900,
      rank: 8,
      learning_rate: 0.0002,
      seed: 7,
    });
    expect(byClass('SaveLoRA').inputs.prefix).toBe('loras/huijing/m1');
    expect(g['7']!.inputs.text).toBe('hjtest1, a room');
    expect(templateClasses(trainingTemplateFor(undefined, 'x'))).toEqual(
      expect.arrayContaining(['TrainLoraNode', 'SaveLoRA', 'LossGraphNode', 'MakeTrainingDataset']),
    );
  });

  it("uses the operator's template for a direction, then default.json, and names a broken one", async () => {
    await fs.mkdir(path.join(dir, 'training'));
    const own = structuredClone(builtIn) as Record<string, { inputs: Record<string, unknown> }>;
    own['4']!.inputs.optimizer = 'Adam';
    await fs.writeFile(path.join(dir, 'training', 'landscape.json'), JSON.stringify(own));
    const landscape = trainingTemplateFor(dir, 'landscape');
    expect(landscape.source).toBe(path.join(dir, 'training', 'landscape.json'));
    expect(trainingTemplateFor(dir, 'material').source).toBe('built-in');
    await fs.writeFile(
      path.join(dir, 'training', 'default.json'),
      JSON.stringify({ '1': { class_type: 'SaveLoRA', inputs: {} } }),
    );
    const broken = (() => {
      try {
        trainingTemplateFor(dir, 'material');
      } catch (e) {
        return e;
      }
    })();
    expect(broken).toBeInstanceOf(EngineError);
    expect((broken as EngineError).detail).toMatch(/default\.json.*needs exactly one/);
  });
});

describe('LoraLoader insertion', () => {
  const graph = {
    '4': { class_type: 'CheckpointLoaderSimple', inputs: { ckpt_name: 'base' } },
    '6': { class_type: 'CLIPTextEncode', inputs: { text: 'x', clip: ['4', 1] } },
    '3': { class_type: 'KSampler', inputs: { model: ['4', 0], positive: ['6', 0] } },
    '8': { class_type: 'VAEDecode', inputs: { samples: ['3', 0], vae: ['4', 2] } },
  };

  it('reroutes model and clip through the LoRA and leaves the VAE alone', () => {
    const lora = loraUseOf({
      loraName: 'huijing/m.safetensors',
      loraTrigger: 'w',
      loraStrength: 0.5,
    })!;
    const g = insertLora(graph, lora);
    expect(g['huijing_lora_4']!.inputs).toMatchObject({
      model: ['4', 0],
      clip: ['4', 1],
      lora_name: 'huijing/m.safetensors',
      strength_model: 0.5,
      strength_clip: 0.5,
    });
    expect(g['3']!.inputs.model).toEqual(['huijing_lora_4', 0]);
    expect(g['6']!.inputs.clip).toEqual(['huijing_lora_4', 1]);
    expect(g['8']!.inputs.vae).toEqual(['4', 2]);
    // The template itself is untouched.
    expect(graph['3'].inputs.model).toEqual(['4', 0]);
    expect(loraUseOf({ loraId: 'x' })).toBeUndefined();
  });

  it('refuses a graph without a checkpoint loader (a video template) with a clear message', () => {
    expect(() =>
      insertLora(textToVideo as never, { loraName: 'a', triggerWord: '', strength: 1 }),
    ).toThrow(/不支持自定义模型/);
  });
});
