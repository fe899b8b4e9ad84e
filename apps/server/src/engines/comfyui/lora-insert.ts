import { EngineError } from '../engine';
import type { ComfyGraph } from './workflow-binding';

/** What a job carries when it uses a trained model (set by the models area at submission). */
export type LoraUse = { loraName: string; triggerWord: string; strength: number };

export const loraUseOf = (params: Record<string, unknown>): LoraUse | undefined =>
  typeof params.loraName === 'string' && params.loraName !== ''
    ? {
        loraName: params.loraName,
        triggerWord: typeof params.loraTrigger === 'string' ? params.loraTrigger : '',
        strength: typeof params.loraStrength === 'number' ? params.loraStrength : 0.8,
      }
    : undefined;

const isLink = (v: unknown): v is [string, number] =>
  Array.isArray(v) && v.length === 2 && typeof v[0] === 'string' && typeof v[1] === 'number';

/**
 * Puts a LoraLoader (model and clip) behind every checkpoint loader of a bound graph: every
 * input that took the checkpoint's model (slot 0) or clip (slot 1) now takes the LoRA's, so the
 * sampler and the text encoders both see the trained model, whatever the template's node ids.
 */
export const insertLora = (graph: ComfyGraph, lora: LoraUse): ComfyGraph => {
  const loaders = Object.entries(graph).filter(
    ([, n]) => n.class_type === 'CheckpointLoaderSimple',
  );
  if (loaders.length === 0)
    throw new EngineError(
      '该功能的工作流不支持自定义模型，请取消选择模型后重试',
      'no CheckpointLoaderSimple to put a LoraLoader behind',
    );
  const out = structuredClone(graph);
  for (const [ckpt] of loaders) {
    const id = `huijing_lora_${ckpt}`;
    for (const node of Object.values(out))
      for (const [input, v] of Object.entries(node.inputs))
        if (isLink(v) && v[0] === ckpt && (v[1] === 0 || v[1] === 1))
          node.inputs[input] = [id, v[1]];
    out[id] = {
      class_type: 'LoraLoader',
      inputs: {
        model: [ckpt, 0],
        clip: [ckpt, 1],
        lora_name: lora.loraName,
        strength_model: lora.strength,
        strength_clip: lora.strength,
      },
      _meta: { title: 'trained model (huijing)' },
    };
  }
  return out;
};
