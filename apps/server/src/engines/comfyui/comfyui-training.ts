import { randomInt } from 'node:crypto';
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import sharp from 'sharp';
import { EngineError } from '../engine';
import type { ComfyUiClient } from './comfyui.client';
import { outputFiles } from './comfyui.client';
import { runPrompt } from './comfyui-run';
import { comfyGraphSchema, danglingLinks } from './workflow-binding';
import type { ComfyGraph } from './workflow-binding';
import builtInTraining from './workflows/train-lora.json';

/**
 * LoRA training on ComfyUI's native training nodes (comfy_extras/nodes_train.py,
 * nodes_dataset.py). The template is bound by node class rather than by id, so an operator may
 * rearrange it freely: the dataset folder goes into LoadImageTextDataSetFromFolder, the
 * hyperparameters into TrainLoraNode, our prefix into SaveLoRA, the base model into
 * CheckpointLoaderSimple, and the trigger word into the CLIPTextEncode titled "sample prompt".
 *
 * The pictures (already cut to their aspect bucket) and one `.txt` caption per picture are sent
 * with POST /upload/image into `input/huijing-train/<run>/`; ComfyUI's upload route writes any
 * file, and the dataset node pairs `x.png` with `x.txt`.
 */

export type TrainingTemplate = { name: string; source: string; graph: ComfyGraph };

/** Node classes a template must contain once each. */
const REQUIRED = [
  'CheckpointLoaderSimple',
  'LoadImageTextDataSetFromFolder',
  'TrainLoraNode',
  'SaveLoRA',
];

export const checkTrainingTemplate = (
  name: string,
  source: string,
  raw: unknown,
): TrainingTemplate => {
  const fail = (problem: string): never => {
    throw new Error(`ComfyUI training workflow "${name}" (${source}): ${problem}`);
  };
  const parsed = comfyGraphSchema.safeParse(raw);
  if (!parsed.success) return fail(`not an API-format graph: ${parsed.error.message}`);
  const graph = parsed.data;
  const dangling = danglingLinks(graph);
  if (dangling.length) fail(`links to missing nodes: ${dangling.join(', ')}`);
  for (const cls of REQUIRED) {
    const n = Object.values(graph).filter((node) => node.class_type === cls).length;
    if (n !== 1) fail(`needs exactly one ${cls} node, has ${n}`);
  }
  return { name, source, graph };
};

const builtIn = checkTrainingTemplate('train-lora', 'built-in', builtInTraining);

/**
 * The template for a training direction: `<dir>/training/<domain>.json`, else
 * `<dir>/training/default.json`, else the built-in one. Read on every run so an operator's edit
 * applies to the next training without a restart; a broken file fails that run with its name.
 */
export const trainingTemplateFor = (workflowsDir: string | undefined, domain: string) => {
  if (workflowsDir) {
    for (const name of [domain, 'default']) {
      const file = path.join(workflowsDir, 'training', `${name}.json`);
      if (!/^[\w-]+$/.test(name) || !fs.existsSync(file)) continue;
      try {
        return checkTrainingTemplate(name, file, JSON.parse(fs.readFileSync(file, 'utf8')));
      } catch (e) {
        throw new EngineError('训练工作流配置有误，请联系管理员', (e as Error).message);
      }
    }
  }
  return builtIn;
};

/** Every node class the template uses: what /object_info must list before we take tickets. */
export const templateClasses = (template: TrainingTemplate) => [
  ...new Set(Object.values(template.graph).map((n) => n.class_type)),
];

export interface TrainingPicture {
  path: string;
  caption: string;
  width: number;
  height: number;
}

export interface TrainingJob {
  modelId: string;
  checkpoint: string;
  steps: number;
  rank: number;
  learningRate: number;
  triggerWord: string;
  samplePrompt: string;
  pictures: TrainingPicture[];
  workDir: string;
  signal: AbortSignal;
  onProgress: (percent: number, message?: string) => void;
  extraData?: Record<string, unknown>;
}

export interface TrainingResult {
  /** The weights on local disk, and the name LoraLoader takes (relative to a LoRA folder). */
  lora: { path: string; loraName: string; bytes: number };
  lossGraph?: string;
  samples: string[];
}

/** SaveLoRA's prefix for a model; the file lands in output/loras/huijing/. */
export const loraPrefix = (modelId: string) => `loras/huijing/${modelId}`;

const nodesOf = (graph: ComfyGraph, cls: string) =>
  Object.entries(graph).filter(([, n]) => n.class_type === cls);

export const bindTraining = (
  template: TrainingTemplate,
  job: Pick<
    TrainingJob,
    'modelId' | 'checkpoint' | 'steps' | 'rank' | 'learningRate' | 'triggerWord' | 'samplePrompt'
  >,
  folder: string,
  seed: number,
): ComfyGraph => {
  const graph = structuredClone(template.graph);
  for (const [, n] of nodesOf(graph, 'CheckpointLoaderSimple')) n.inputs.ckpt_name = job.checkpoint;
  for (const [, n] of nodesOf(graph, 'LoadImageTextDataSetFromFolder')) n.inputs.folder = folder;
  for (const [, n] of nodesOf(graph, 'TrainLoraNode'))
    Object.assign(n.inputs, {
      steps: job.steps,
      rank: job.rank,
      learning_rate: job.learningRate,
      seed,
    });
  for (const [, n] of nodesOf(graph, 'SaveLoRA')) n.inputs.prefix = loraPrefix(job.modelId);
  for (const [, n] of nodesOf(graph, 'SaveImage'))
    n.inputs.filename_prefix = `huijing-train/${job.modelId}/sample`;
  for (const [, n] of nodesOf(graph, 'KSampler')) n.inputs.seed = seed;
  for (const [, n] of nodesOf(graph, 'CLIPTextEncode'))
    if (/sample prompt/i.test(n._meta?.title ?? ''))
      n.inputs.text = `${job.triggerWord}, ${job.samplePrompt}`;
  return graph;
};

/** Uploads the dataset, runs the graph, and fetches the weights, the loss graph and samples. */
export const runTraining = async (
  client: ComfyUiClient,
  template: TrainingTemplate,
  job: TrainingJob,
  options: { timeoutMs: number; pollIntervalMs?: number; reconnectDelayMs?: number },
): Promise<TrainingResult> => {
  const promptId = randomUUID();
  // A folder per attempt: a retry never trains on a half-uploaded earlier set.
  const folder = `huijing-train/${promptId}`;
  job.onProgress(0, '上传训练图片');
  for (const [i, picture] of job.pictures.entries()) {
    const base = `img_${String(i).padStart(3, '0')}`;
    const png = path.join(job.workDir, `${base}.png`);
    await sharp(picture.path)
      .rotate()
      .resize(picture.width, picture.height, { fit: 'cover', position: 'attention' })
      .png()
      .toFile(png);
    const txt = path.join(job.workDir, `${base}.txt`);
    await fsp.writeFile(txt, picture.caption);
    await client.uploadImage(png, `${base}.png`, job.signal, folder);
    await client.uploadImage(txt, `${base}.txt`, job.signal, folder);
    job.onProgress(Math.round((5 * (i + 1)) / job.pictures.length), '上传训练图片');
  }

  const graph = bindTraining(template, job, folder, randomInt(2 ** 32));
  const { entry } = await runPrompt(client, graph, {
    promptId,
    extraData: job.extraData,
    signal: job.signal,
    timeoutMs: options.timeoutMs,
    range: [5, 92],
    pollIntervalMs: options.pollIntervalMs,
    reconnectDelayMs: options.reconnectDelayMs,
    onProgress: (percent, message) => job.onProgress(percent, message),
  });

  job.onProgress(93, '保存模型');
  const lossIds = nodesOf(graph, 'LossGraphNode').map(([id]) => id);
  const sampleIds = nodesOf(graph, 'SaveImage').map(([id]) => id);
  const files = outputFiles(entry);
  const save = async (file: (typeof files)[number], i: number) => {
    const dest = path.join(job.workDir, `out-${i}-${path.basename(file.filename)}`);
    await client.download(file, dest, job.signal);
    return dest;
  };
  let lossGraph: string | undefined;
  const samples: string[] = [];
  for (const [i, file] of files.entries()) {
    if (lossIds.includes(file.nodeId)) lossGraph ??= await save(file, i);
    else if (sampleIds.includes(file.nodeId)) samples.push(await save(file, i));
  }

  // SaveLoRA reports nothing in /history; its name is known up to ComfyUI's file counter
  // (<prefix>_<steps>_steps_<counter:05>_.safetensors), which only grows past 1 when a file of
  // this prefix already exists (an earlier attempt): the highest one present is this run's.
  const subfolder = path.posix.dirname(loraPrefix(job.modelId));
  const stem = `${path.posix.basename(loraPrefix(job.modelId))}_${job.steps}_steps_`;
  const loraPath = path.join(job.workDir, `${job.modelId}.safetensors`);
  let found: string | undefined;
  for (let counter = 1; counter <= 20; counter++) {
    const filename = `${stem}${String(counter).padStart(5, '0')}_.safetensors`;
    const probe = path.join(job.workDir, `probe-${counter}.safetensors`);
    if (!(await client.tryDownload({ filename, subfolder, type: 'output' }, probe, job.signal)))
      break;
    await fsp.rename(probe, loraPath);
    found = filename;
  }
  if (!found)
    throw new EngineError(
      '训练完成但没有找到模型文件，次数已退回',
      `SaveLoRA file ${subfolder}/${stem}00001_.safetensors not served by /view`,
    );
  const bytes = (await fsp.stat(loraPath)).size;
  // LoraLoader names are relative to a LoRA folder: output/loras mapped as one (docs/operations.md).
  const loraName = `${path.posix.basename(subfolder)}/${found}`;
  job.onProgress(96, '保存模型');
  return { lora: { path: loraPath, loraName, bytes }, lossGraph, samples };
};
