/**
 * The node knowledge of the ComfyUI test double: which classes exist (a small slice of
 * NODE_CLASS_MAPPINGS, covering core nodes and the custom nodes our templates name), how many
 * outputs each has, which inputs are required, and how an image's size flows through a graph so
 * the files the double saves have the sizes a real run would give.
 */

export type Graph = Record<string, { class_type: string; inputs: Record<string, unknown> }>;

interface NodeClass {
  outputs: number;
  required?: string[];
  output?: 'image' | 'video' | 'lora' | 'preview';
}

export const nodeClasses: Record<string, NodeClass> = {
  CheckpointLoaderSimple: { outputs: 3, required: ['ckpt_name'] },
  UNETLoader: { outputs: 1, required: ['unet_name'] },
  CLIPLoader: { outputs: 1, required: ['clip_name'] },
  DualCLIPLoader: { outputs: 1, required: ['clip_name1', 'clip_name2'] },
  VAELoader: { outputs: 1, required: ['vae_name'] },
  CLIPVisionLoader: { outputs: 1 },
  CLIPVisionEncode: { outputs: 1 },
  ControlNetLoader: { outputs: 1, required: ['control_net_name'] },
  UpscaleModelLoader: { outputs: 1, required: ['model_name'] },
  CLIPTextEncode: { outputs: 1, required: ['text', 'clip'] },
  ControlNetApplyAdvanced: {
    outputs: 2,
    required: ['positive', 'negative', 'control_net', 'image', 'strength'],
  },
  LoadImage: { outputs: 2, required: ['image'] },
  LoadImageMask: { outputs: 1, required: ['image', 'channel'] },
  ImageScale: { outputs: 1, required: ['image', 'width', 'height'] },
  ImageScaleBy: { outputs: 1, required: ['image', 'scale_by'] },
  Canny: { outputs: 1, required: ['image'] },
  VAEEncode: { outputs: 1, required: ['pixels', 'vae'] },
  VAEEncodeForInpaint: { outputs: 1, required: ['pixels', 'vae', 'mask'] },
  VAEDecode: { outputs: 1, required: ['samples', 'vae'] },
  EmptyLatentImage: { outputs: 1, required: ['width', 'height', 'batch_size'] },
  EmptyHunyuanLatentVideo: { outputs: 1, required: ['width', 'height', 'length'] },
  KSampler: {
    outputs: 1,
    required: [
      'model',
      'seed',
      'steps',
      'cfg',
      'sampler_name',
      'scheduler',
      'positive',
      'negative',
      'latent_image',
      'denoise',
    ],
  },
  ImageUpscaleWithModel: { outputs: 1, required: ['upscale_model', 'image'] },
  FluxKontextImageScale: { outputs: 1, required: ['image'] },
  ReferenceLatent: { outputs: 1 },
  FluxGuidance: { outputs: 1 },
  ConditioningZeroOut: { outputs: 1 },
  ModelSamplingSD3: { outputs: 1 },
  WanImageToVideo: {
    outputs: 3,
    required: ['positive', 'negative', 'vae', 'width', 'height', 'length'],
  },
  CreateVideo: { outputs: 1, required: ['images', 'fps'] },
  SaveImage: { outputs: 0, required: ['images'], output: 'image' },
  SaveVideo: { outputs: 0, required: ['video'], output: 'video' },
  LoraLoader: {
    outputs: 2,
    required: ['model', 'clip', 'lora_name', 'strength_model', 'strength_clip'],
  },
  LoraLoaderModelOnly: { outputs: 1, required: ['model', 'lora_name', 'strength_model'] },
  // Training (comfy_extras/nodes_train.py, nodes_dataset.py; experimental, recent servers only).
  LoadImageTextDataSetFromFolder: { outputs: 2, required: ['folder'] },
  MakeTrainingDataset: { outputs: 2, required: ['images', 'vae', 'clip'] },
  TrainLoraNode: {
    outputs: 4,
    required: [
      'model',
      'latents',
      'positive',
      'batch_size',
      'grad_accumulation_steps',
      'steps',
      'learning_rate',
      'rank',
      'optimizer',
      'loss_function',
      'seed',
      'training_dtype',
      'lora_dtype',
      'algorithm',
      'gradient_checkpointing',
      'existing_lora',
    ],
  },
  SaveLoRA: { outputs: 0, required: ['lora', 'prefix'], output: 'lora' },
  LossGraphNode: { outputs: 0, required: ['loss', 'filename_prefix'], output: 'preview' },
  // Custom node packs the README names: ComfyUI_IPAdapter_plus, facerestore_cf.
  IPAdapterUnifiedLoader: { outputs: 2, required: ['model', 'preset'] },
  IPAdapterAdvanced: { outputs: 1, required: ['model', 'ipadapter', 'image', 'weight'] },
  FaceRestoreModelLoader: { outputs: 1 },
  FaceRestoreCFWithModel: { outputs: 1, required: ['facerestore_model', 'image'] },
};

const isLink = (v: unknown): v is [string, number] =>
  Array.isArray(v) && v.length === 2 && typeof v[0] === 'string' && typeof v[1] === 'number';

export interface ValidationFailure {
  error: { type: string; message: string; details: string; extra_info: Record<string, unknown> };
  node_errors: Record<string, unknown>;
}

/** execution.validate_prompt, in the double's small world: the same error shapes as ComfyUI. */
export const validatePrompt = (
  graph: Graph,
  inputFileExists: (name: string) => boolean,
  known: (classType: string) => boolean = (c) => c in nodeClasses,
  combo: {
    /** Subfolders of input/ (LoadImageTextDataSetFromFolder's choices). */
    folderExists?: (folder: string) => boolean;
    /** Files in the LoRA search path (LoraLoader's choices). */
    loraExists?: (name: string) => boolean;
  } = {},
): { ok: true; outputs: string[] } | ({ ok: false } & ValidationFailure) => {
  for (const [id, node] of Object.entries(graph)) {
    if (!node || typeof node.class_type !== 'string' || !known(node.class_type))
      return {
        ok: false,
        error: {
          type: 'invalid_prompt',
          message: `Cannot execute because node ${node?.class_type ?? '?'} does not exist.`,
          details: `Node ID '#${id}'`,
          extra_info: {},
        },
        node_errors: {},
      };
  }
  const outputs = Object.keys(graph).filter((id) => nodeClasses[graph[id]!.class_type]!.output);
  if (!outputs.length)
    return {
      ok: false,
      error: {
        type: 'prompt_no_outputs',
        message: 'Prompt has no outputs',
        details: '',
        extra_info: {},
      },
      node_errors: {},
    };

  const nodeErrors: Record<string, unknown> = {};
  for (const [id, node] of Object.entries(graph)) {
    const errors: { type: string; message: string; details: string; extra_info: object }[] = [];
    const cls = nodeClasses[node.class_type]!;
    for (const name of cls.required ?? [])
      if (!(name in node.inputs))
        errors.push({
          type: 'required_input_missing',
          message: 'Required input is missing',
          details: name,
          extra_info: { input_name: name },
        });
    for (const [name, v] of Object.entries(node.inputs)) {
      if (!isLink(v)) continue;
      const source = graph[v[0]];
      if (!source || v[1] >= nodeClasses[source.class_type]!.outputs)
        errors.push({
          type: 'bad_linked_input',
          message: 'Bad linked input, the linked node or output does not exist',
          details: `${name}: [${v[0]}, ${v[1]}]`,
          extra_info: { input_name: name, linked_node: v },
        });
    }
    if (
      (node.class_type === 'LoadImage' || node.class_type === 'LoadImageMask') &&
      !isLink(node.inputs.image)
    ) {
      const name = String(node.inputs.image);
      if (!inputFileExists(name))
        errors.push({
          type: 'custom_validation_failed',
          message: 'Custom validation failed for node',
          details: `image - Invalid image file: ${name}`,
          extra_info: { input_name: 'image' },
        });
    }
    // Combo inputs: ComfyUI refuses a value that is not among the node's current choices.
    const choice = (input: string, exists: ((v: string) => boolean) | undefined) => {
      const v = node.inputs[input];
      if (exists && !isLink(v) && !exists(String(v)))
        errors.push({
          type: 'value_not_in_list',
          message: 'Value not in list',
          details: `${input}: '${String(v)}' not in list`,
          extra_info: { input_name: input, received_value: v },
        });
    };
    if (node.class_type === 'LoadImageTextDataSetFromFolder') choice('folder', combo.folderExists);
    if (node.class_type.startsWith('LoraLoader')) choice('lora_name', combo.loraExists);
    if (errors.length)
      nodeErrors[id] = { errors, dependent_outputs: outputs, class_type: node.class_type };
  }
  if (Object.keys(nodeErrors).length)
    return {
      ok: false,
      error: {
        type: 'prompt_outputs_failed_validation',
        message: 'Prompt outputs failed validation',
        details: '',
        extra_info: {},
      },
      node_errors: nodeErrors,
    };
  return { ok: true, outputs };
};

/** Nodes the outputs depend on, dependencies first (ComfyUI runs nothing else). */
export const executionOrder = (graph: Graph, outputs: string[]): string[] => {
  const order: string[] = [];
  const seen = new Set<string>();
  const visit = (id: string) => {
    if (seen.has(id)) return;
    seen.add(id);
    for (const v of Object.values(graph[id]!.inputs)) if (isLink(v)) visit(v[0]);
    order.push(id);
  };
  outputs.forEach(visit);
  return order;
};

export type Size = { width: number; height: number };
const PREFERRED = ['latent_image', 'samples', 'pixels', 'images', 'image', 'video', 'start_image'];

/** The pixel size a node's image output would have. */
export const sizeOfNode = (
  graph: Graph,
  id: string,
  loadedSize: (file: string) => Size | undefined,
  memo = new Map<string, Size | undefined>(),
): Size | undefined => {
  if (memo.has(id)) return memo.get(id);
  const node = graph[id]!;
  const inputs = node.inputs;
  const upstream = (): Size | undefined => {
    const names = [...PREFERRED, ...Object.keys(inputs)];
    for (const name of names) {
      const v = inputs[name];
      if (!isLink(v)) continue;
      const s = sizeOfNode(graph, v[0], loadedSize, memo);
      if (s) return s;
    }
    return undefined;
  };
  let size: Size | undefined;
  if (node.class_type === 'LoadImage') size = loadedSize(String(inputs.image));
  else if (typeof inputs.width === 'number' && typeof inputs.height === 'number')
    size = { width: inputs.width, height: inputs.height };
  else if (node.class_type === 'ImageUpscaleWithModel') {
    const s = upstream();
    size = s && { width: s.width * 4, height: s.height * 4 };
  } else if (node.class_type === 'ImageScaleBy') {
    const s = upstream();
    const k = Number(inputs.scale_by);
    size = s && { width: Math.round(s.width * k), height: Math.round(s.height * k) };
  } else if (node.class_type === 'FluxKontextImageScale') {
    const s = upstream();
    const k = s && Math.sqrt((1024 * 1024) / (s.width * s.height));
    size =
      s && k
        ? {
            width: Math.round((s.width * k) / 16) * 16,
            height: Math.round((s.height * k) / 16) * 16,
          }
        : s;
  } else size = upstream();
  memo.set(id, size);
  return size;
};
