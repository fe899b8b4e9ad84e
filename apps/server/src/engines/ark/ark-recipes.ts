import sharp from 'sharp';
import { aspectSize } from '@huijing/tools';
import { EngineError } from '../engine';
import type { Capability, EngineJob } from '../engine';
import { imageDataUri, KEEP_STRUCTURE, strictStructurePrefix } from '../hosted-call';

/**
 * Ark requests as data: per capability whether Seedream (one synchronous call per picture) or
 * Seedance (a video task) serves it, and how the job becomes the body. A tool names its own
 * recipe in its definition (`hosted.ark`, packages/tools).
 */

export interface ArkModels {
  seedream: string;
  seedance: string;
}

export const defaultArkModels: ArkModels = {
  seedream: 'doubao-seedream-4-0-250828',
  // Serves text-to-video, first frame and first + last frame.
  seedance: 'doubao-seedance-1-0-pro-250528',
};

export interface RecipeContext {
  job: EngineJob;
  prompt: string;
  /** The prompt is the tool's hosted template, which already says how to keep the space. */
  templated?: boolean;
}

export interface ImageRecipe {
  api: 'images';
  /** Seedream has no mask input: the engine keeps its edit only inside the painted mask. */
  masked?: boolean;
  build(
    ctx: RecipeContext,
  ): Promise<{ body: Record<string, unknown>; expected: { width: number; height: number } }>;
}

export interface VideoRecipe {
  api: 'video';
  build(ctx: RecipeContext): Promise<{ content: Record<string, unknown>[] }>;
}

export type Recipe = ImageRecipe | VideoRecipe;

const need = (job: EngineJob, name: string) => {
  const file = job.inputs[name];
  if (!file) throw new EngineError('缺少必需的输入图片', `${job.capability} needs ${name}`);
  return file;
};

/**
 * Seedream 4.0 takes `WxH` with a total of 1280×720 to 4096×4096 pixels; we ask for its "2K"
 * area (2048×2048) at the wanted ratio, sides on a multiple of 16.
 */
export const seedreamSize = (width: number, height: number) => {
  const scale = Math.sqrt((2048 * 2048) / (width * height));
  const side = (v: number) => Math.max(16, Math.round((v * scale) / 16) * 16);
  return { width: side(width), height: side(height) };
};

const ratioSize = (job: EngineJob) =>
  typeof job.params.aspectRatio === 'string'
    ? aspectSize(job.params.aspectRatio)
    : { width: Number(job.params.width) || 1024, height: Number(job.params.height) || 1024 };

const seedream = (opts: {
  image: boolean;
  masked?: boolean;
  prompt?: (ctx: RecipeContext) => string;
}): ImageRecipe => ({
  api: 'images',
  masked: opts.masked,
  async build(ctx) {
    if (opts.masked) need(ctx.job, 'mask');
    const images: string[] = [];
    let size = ratioSize(ctx.job);
    if (opts.image) {
      const upload = need(ctx.job, 'upload_img');
      const meta = await sharp(upload.path).metadata();
      size = { width: meta.width, height: meta.height };
      images.push(await imageDataUri(upload.path, 4096));
      // A reference picture (style, material, the object to place) travels as the second image.
      const style = ctx.job.inputs.style_img ?? ctx.job.inputs.object_img;
      if (style) images.push(await imageDataUri(style.path, 4096));
    }
    const expected = seedreamSize(size.width, size.height);
    return {
      body: {
        prompt: strictStructurePrefix(ctx.job) + (opts.prompt?.(ctx) ?? ctx.prompt),
        ...(images.length === 1
          ? { image: images[0] }
          : images.length > 1
            ? { image: images }
            : {}),
        size: `${expected.width}x${expected.height}`,
        sequential_image_generation: 'disabled',
        response_format: 'url',
        watermark: false,
      },
      expected,
    };
  },
});

const resolution = (job: EngineJob) =>
  typeof job.params.resolution === 'string' ? job.params.resolution.toLowerCase() : '720p';
const duration = (job: EngineJob) => (Number(job.params.duration) > 7 ? 10 : 5);

/** Seedance reads its output controls as commands after the prompt. */
const commands = (job: EngineJob, ratio: string) =>
  `--rs ${resolution(job)} --rt ${ratio} --dur ${duration(job)} --wm false`;

const frame = async (job: EngineJob, name: string, role: string) => ({
  type: 'image_url',
  image_url: { url: await imageDataUri(need(job, name).path, 4096) },
  role,
});

const text = (ctx: RecipeContext, ratio: string) => ({
  type: 'text',
  text: `${ctx.prompt || '镜头平稳地缓慢推进'} ${commands(ctx.job, ratio)}`,
});

export const recipes = {
  text_to_image: seedream({ image: false }),
  edit: seedream({ image: true }),
  render: seedream({
    image: true,
    prompt: (ctx) => (ctx.templated ? ctx.prompt : `${KEEP_STRUCTURE}${ctx.prompt}`),
  }),
  edit_masked: seedream({ image: true, masked: true }),
  remove_masked: seedream({
    image: true,
    masked: true,
    prompt: (ctx) => ctx.prompt || '移除画面中多余的物体，用周围的背景自然补全，不留痕迹',
  }),
  text_to_video: {
    api: 'video',
    async build(ctx) {
      const ratio =
        typeof ctx.job.params.aspectRatio === 'string' ? ctx.job.params.aspectRatio : '16:9';
      return { content: [text(ctx, ratio)] };
    },
  },
  image_to_video: {
    api: 'video',
    async build(ctx) {
      return {
        content: [text(ctx, 'adaptive'), await frame(ctx.job, 'upload_img', 'first_frame')],
      };
    },
  },
  first_last_video: {
    api: 'video',
    async build(ctx) {
      return {
        content: [
          text(ctx, 'adaptive'),
          await frame(ctx.job, 'first_frame', 'first_frame'),
          await frame(ctx.job, 'last_frame', 'last_frame'),
        ],
      };
    },
  },
} satisfies Record<string, Recipe>;

export type RecipeName = keyof typeof recipes;

/**
 * Ark has no mask, outpaint or upscale parameter: masked tools edit the whole picture and keep
 * the painted part (mask-composite.ts); outpaint and upscale stay with other engines.
 */
export const capabilityRecipes: Partial<Record<Capability, RecipeName>> = {
  'text-to-image': 'text_to_image',
  'image-edit': 'edit',
  render: 'render',
  'render-masked': 'edit_masked',
  inpaint: 'remove_masked',
  'text-to-video': 'text_to_video',
  'image-to-video': 'image_to_video',
  'video-camera-move': 'image_to_video',
  'video-first-last': 'first_last_video',
};
