import sharp from 'sharp';
import { aspectSize } from '@huijing/tools';
import { EngineError } from '../engine';
import type { Capability, EngineJob } from '../engine';
import { imageDataUri, KEEP_STRUCTURE, strictStructurePrefix } from '../hosted-call';

/**
 * What each DashScope request looks like, as data: per recipe the model (by use), the endpoint
 * and how the job becomes `input` and `parameters`; per capability which recipe serves it. A
 * tool names its own recipe in its definition (`hosted.dashscope`, packages/tools).
 */

export interface DashScopeModels {
  /** wanx2.1-imageedit: the editing functions (instruction, mask, expand, upscale, …). */
  imageEdit: string;
  textToImage: string;
  imageToVideo: string;
  firstLastVideo: string;
  textToVideo: string;
}

export const defaultDashScopeModels: DashScopeModels = {
  imageEdit: 'wanx2.1-imageedit',
  textToImage: 'wan2.2-t2i-plus',
  imageToVideo: 'wan2.2-i2v-plus',
  firstLastVideo: 'wan2.2-kf2v-flash',
  textToVideo: 'wan2.2-t2v-plus',
};

export interface RecipeContext {
  job: EngineJob;
  /** This picture's prompt (the tool's hosted template filled, else job.prompts[i] or the run's). */
  prompt: string;
  /** The model id the request goes to (the recipe's default or DASHSCOPE_MODEL_*). */
  model: string;
  /** The prompt is the tool's template, which already says how to keep the space. */
  templated?: boolean;
}

export interface BuiltRequest {
  input: Record<string, unknown>;
  parameters: Record<string, unknown>;
  /** The size the answer must have, where the request fixes it. */
  expected?: { width: number; height: number };
}

export interface Recipe {
  kind: 'image' | 'video';
  model: keyof DashScopeModels;
  path: string;
  build(ctx: RecipeContext): Promise<BuiltRequest>;
}

const IMAGE_EDIT = '/api/v1/services/aigc/image2image/image-synthesis';
const TEXT_TO_IMAGE = '/api/v1/services/aigc/text2image/image-synthesis';
const VIDEO = '/api/v1/services/aigc/video-generation/video-synthesis';
// First/last frame has a path of its own.
const FIRST_LAST = '/api/v1/services/aigc/image2video/video-synthesis';

const REMOVE_OBJECT = '移除涂抹区域内的物体，用周围的背景自然补全，不留痕迹';
const REMOVE_TEXT = '去除图像中的文字和水印';

const need = (job: EngineJob, name: string) => {
  const file = job.inputs[name];
  if (!file) throw new EngineError('缺少必需的输入图片', `${job.capability} needs ${name}`);
  return file;
};

/** wanx2.1-imageedit takes sides of 512–4096 px; smaller pictures are refused there. */
const baseImage = async (job: EngineJob) => {
  const file = need(job, 'upload_img');
  const meta = await sharp(file.path).metadata();
  if (Math.min(meta.width, meta.height) < 512)
    throw new EngineError(
      '图片太小：阿里云图像编辑要求短边至少 512 像素，请上传更大的图片',
      `${meta.width}x${meta.height}`,
    );
  const scale = Math.min(1, 4096 / Math.max(meta.width, meta.height));
  const width = Math.round(meta.width * scale);
  const height = Math.round(meta.height * scale);
  return { uri: await imageDataUri(file.path, 4096), width, height };
};

/** The mask at the base image's size (the API requires it), white = redraw, black = keep. */
const maskUri = async (job: EngineJob, width: number, height: number) => {
  const png = await sharp(need(job, 'mask').path)
    .resize(width, height, { fit: 'fill' })
    .greyscale()
    .threshold(128)
    .png()
    .toBuffer();
  return `data:image/png;base64,${png.toString('base64')}`;
};

const strength = (job: EngineJob): Record<string, number> => {
  const v = job.params.cnStrength ?? job.params.strength;
  return typeof v === 'number' && v >= 0 && v <= 1 ? { strength: v } : {};
};

const edit = (
  fn: string,
  opts: {
    prompt?: (ctx: RecipeContext) => string;
    mask?: boolean;
    parameters?: (
      job: EngineJob,
      size: { width: number; height: number },
    ) => BuiltRequest['parameters'];
    expected?: (
      job: EngineJob,
      size: { width: number; height: number },
    ) => BuiltRequest['expected'];
  } = {},
): Recipe => ({
  kind: 'image',
  model: 'imageEdit',
  path: IMAGE_EDIT,
  async build(ctx) {
    const base = await baseImage(ctx.job);
    return {
      input: {
        function: fn,
        prompt: (strictStructurePrefix(ctx.job) + (opts.prompt?.(ctx) ?? ctx.prompt)).slice(0, 800),
        base_image_url: base.uri,
        ...(opts.mask ? { mask_image_url: await maskUri(ctx.job, base.width, base.height) } : {}),
      },
      parameters: { n: 1, watermark: false, ...opts.parameters?.(ctx.job, base) },
      expected: opts.expected?.(ctx.job, base),
    };
  },
});

const clampScale = (v: number) => Math.round(Math.min(2, Math.max(1, v)) * 100) / 100;

/**
 * Our extend tool asks for pixels per side (or a ratio); `expand` takes a scale per side. Read
 * as "the image is centred and each half grows by its scale", a side of p pixels on a dimension
 * of d is 1 + 2p/d (all four at 1.5 → 1.5× the picture, as the docs' example says).
 */
export const expandScales = (job: EngineJob, size: { width: number; height: number }) => {
  const px = (k: string) => (typeof job.params[k] === 'number' ? (job.params[k] as number) : 0);
  let [top, right, bottom, left] = [px('top'), px('right'), px('bottom'), px('left')];
  if (typeof job.params.ratio === 'string') {
    const [rw, rh] = job.params.ratio.split(':').map(Number);
    const want = rw! / rh!;
    const have = size.width / size.height;
    [top, right, bottom, left] =
      want > have
        ? [0, (size.height * want - size.width) / 2, 0, (size.height * want - size.width) / 2]
        : [(size.width / want - size.height) / 2, 0, (size.width / want - size.height) / 2, 0];
  }
  return {
    top_scale: clampScale(1 + (2 * top) / size.height),
    bottom_scale: clampScale(1 + (2 * bottom) / size.height),
    left_scale: clampScale(1 + (2 * left) / size.width),
    right_scale: clampScale(1 + (2 * right) / size.width),
  };
};

const upscaleFactor = (job: EngineJob) => {
  const v = Number(job.params.scale ?? job.params.upscale_factor ?? 2);
  return Math.min(4, Math.max(1, Math.round(Number.isFinite(v) ? v : 2)));
};

/** A text-to-image size `W*H` near one megapixel with the chosen ratio, sides in 512–1440. */
export const textToImageSize = (job: EngineJob) => {
  const { width, height } =
    typeof job.params.aspectRatio === 'string'
      ? aspectSize(job.params.aspectRatio)
      : { width: Number(job.params.width) || 1024, height: Number(job.params.height) || 1024 };
  const scale = Math.sqrt((1024 * 1024) / (width * height));
  const side = (v: number) => Math.min(1440, Math.max(512, Math.round((v * scale) / 16) * 16));
  return { width: side(width), height: side(height) };
};

/**
 * Resolution tiers per video model where Alibaba lists fewer than all three: wan2.2-i2v-plus
 * and wan2.2-t2v-plus make 480P and 1080P only, the wanx2.1 plus models 720P only.
 */
const VIDEO_TIERS: Record<string, string[]> = {
  'wan2.2-i2v-plus': ['480P', '1080P'],
  'wan2.2-t2v-plus': ['480P', '1080P'],
  'wanx2.1-i2v-plus': ['720P'],
  'wanx2.1-kf2v-plus': ['720P'],
};
const TIER_ORDER = ['480P', '720P', '1080P'];

/** The tier asked for, or the model's next one up (never less than asked), else its highest. */
const videoResolution = (ctx: RecipeContext) => {
  const asked =
    typeof ctx.job.params.resolution === 'string'
      ? ctx.job.params.resolution.toUpperCase()
      : '720P';
  const tiers = VIDEO_TIERS[ctx.model];
  if (!tiers || tiers.includes(asked)) return asked;
  const rank = TIER_ORDER.indexOf(asked);
  return tiers.find((t) => TIER_ORDER.indexOf(t) >= rank) ?? tiers.at(-1)!;
};

/** The wan video models take 5 s (some also 10 s). */
const videoDuration = (job: EngineJob) => (Number(job.params.duration) > 7 ? 10 : 5);

const T2V_SIZES: Record<string, string> = {
  '16:9': '1920*1080',
  '9:16': '1080*1920',
  '1:1': '1440*1440',
};

/** A video recipe: the wan video models get the prompt as written and no watermark. */
const video = (
  model: keyof DashScopeModels,
  path: string,
  build: (ctx: RecipeContext) => Promise<BuiltRequest>,
): Recipe => ({
  kind: 'video',
  model,
  path,
  async build(ctx) {
    const request = await build(ctx);
    return {
      ...request,
      parameters: { ...request.parameters, prompt_extend: false, watermark: false },
    };
  },
});

export const recipes = {
  description_edit: edit('description_edit', { parameters: (job) => strength(job) }),
  render: edit('description_edit', {
    prompt: (ctx) => (ctx.templated ? ctx.prompt : `${KEEP_STRUCTURE}${ctx.prompt}`),
    parameters: (job) => strength(job),
  }),
  description_edit_with_mask: edit('description_edit_with_mask', { mask: true }),
  remove_object: edit('description_edit_with_mask', {
    mask: true,
    prompt: (ctx) => ctx.prompt || REMOVE_OBJECT,
  }),
  remove_watermark: edit('remove_watermark', { prompt: (ctx) => ctx.prompt || REMOVE_TEXT }),
  expand: edit('expand', { parameters: expandScales }),
  super_resolution: edit('super_resolution', {
    prompt: (ctx) => ctx.prompt || '图像超分',
    parameters: (job) => ({ upscale_factor: upscaleFactor(job) }),
    expected: (job, size) => ({
      width: size.width * upscaleFactor(job),
      height: size.height * upscaleFactor(job),
    }),
  }),
  colorization: edit('colorization'),
  /** A line drawing or sketch rendered to a picture. */
  doodle: edit('doodle', { parameters: () => ({ is_sketch: true }) }),
  /** A photo whose lines are drawn out first, then rendered. */
  doodle_photo: edit('doodle', { parameters: () => ({ is_sketch: false }) }),
  text_to_image: {
    kind: 'image',
    model: 'textToImage',
    path: TEXT_TO_IMAGE,
    async build(ctx) {
      const size = textToImageSize(ctx.job);
      const negative = ctx.job.params.negativePrompt;
      return {
        input: {
          prompt: ctx.prompt.slice(0, 500),
          ...(typeof negative === 'string' && negative ? { negative_prompt: negative } : {}),
        },
        // prompt_extend rewrites the designer's words; theirs are kept as written.
        parameters: {
          size: `${size.width}*${size.height}`,
          n: 1,
          prompt_extend: false,
          watermark: false,
        },
        expected: size,
      };
    },
  },
  image_to_video: video('imageToVideo', VIDEO, async (ctx) => ({
    input: {
      img_url: await imageDataUri(need(ctx.job, 'upload_img').path, 2000),
      ...(ctx.prompt ? { prompt: ctx.prompt } : {}),
    },
    parameters: { resolution: videoResolution(ctx), duration: videoDuration(ctx.job) },
  })),
  first_last_video: video('firstLastVideo', FIRST_LAST, async (ctx) => ({
    input: {
      first_frame_url: await imageDataUri(need(ctx.job, 'first_frame').path, 2000),
      last_frame_url: await imageDataUri(need(ctx.job, 'last_frame').path, 2000),
      prompt: ctx.prompt || '镜头平稳地从首帧过渡到尾帧',
    },
    parameters: { resolution: videoResolution(ctx) },
  })),
  text_to_video: video('textToVideo', VIDEO, async (ctx) => {
    const ratio =
      typeof ctx.job.params.aspectRatio === 'string' ? ctx.job.params.aspectRatio : '16:9';
    return {
      input: { prompt: ctx.prompt },
      parameters: {
        size: T2V_SIZES[ratio] ?? T2V_SIZES['16:9'],
        duration: videoDuration(ctx.job),
      },
    };
  }),
} satisfies Record<string, Recipe>;

export type RecipeName = keyof typeof recipes;

/**
 * The recipe per capability; `masked` is used instead when the job carries a mask. Capabilities
 * missing here (face-restore, the classical ones without a hosted counterpart) are not served.
 */
export const capabilityRecipes: Partial<
  Record<Capability, { recipe: RecipeName; masked?: RecipeName }>
> = {
  'text-to-image': { recipe: 'text_to_image' },
  'image-edit': { recipe: 'description_edit', masked: 'description_edit_with_mask' },
  render: { recipe: 'render', masked: 'description_edit_with_mask' },
  'render-masked': { recipe: 'description_edit_with_mask' },
  inpaint: { recipe: 'remove_object' },
  extend: { recipe: 'expand' },
  upscale: { recipe: 'super_resolution' },
  'ai-upscale': { recipe: 'super_resolution' },
  'image-to-video': { recipe: 'image_to_video' },
  'video-camera-move': { recipe: 'image_to_video' },
  'video-first-last': { recipe: 'first_last_video' },
  'text-to-video': { recipe: 'text_to_video' },
};
