import sharp from 'sharp';
import { z } from 'zod';
import type { EngineJob, EngineOutput } from '../engine';
import { pointSchema, rectSchema, segment, strokesFromRgba } from './grabcut-segmenter';
import type { LocalContext } from './local-job';
import { parseParams, requireInput, throwIfAborted } from './local-job';
import { imageOutput, imageSize, outputPath, readRgba } from './raster';

export const mattingParamsSchema = z.object({
  points: z.array(pointSchema).max(50).default([]),
  /** Same as points; some clients send clicks. */
  clicks: z.array(pointSchema).max(50).default([]),
  rect: rectSchema.optional(),
  /** A flat background colour (#rrggbb) instead of transparency. */
  bgColor: z
    .string()
    .regex(/^#[0-9a-fA-F]{6}$/)
    .optional(),
  tolerance: z.number().min(1).max(100).default(18),
});
export type MattingParams = z.infer<typeof mattingParamsSchema>;

export const matting = async (job: EngineJob, ctx: LocalContext): Promise<EngineOutput[]> => {
  const params = parseParams(mattingParamsSchema, job.params);
  const input = requireInput(job, 'upload_img', '请先上传需要抠图的图片');
  await imageSize(input, ctx.maxPixels);
  const rgba = await readRgba(input);
  const { width, height } = rgba;
  const strokes = job.inputs.mask
    ? strokesFromRgba(await readRgba(job.inputs.mask, { width, height, kernel: 'nearest' }))
    : undefined;
  const points = [...params.points, ...params.clicks];
  // Nothing to go on: assume the subject is framed, as product and furniture shots are, and
  // start GrabCut from the picture minus a 5 % margin.
  const rect =
    params.rect ??
    (!points.length && !strokes
      ? { x: width * 0.05, y: height * 0.05, width: width * 0.9, height: height * 0.9 }
      : undefined);
  job.onProgress({ percent: 15, message: '分离主体与背景' });
  const cut = await segment(
    rgba,
    { points, rect, strokes },
    { tolerance: params.tolerance, method: 'grabcut', signal: job.signal },
  );
  throwIfAborted(job.signal);
  job.onProgress({ percent: 80, message: '柔化边缘' });
  // The cut is upscaled smoothly and lightly blurred: a one-pixel soft edge looks like a real
  // cut-out on any background, a hard one shows jaggies.
  const alpha = await sharp(Buffer.from(cut.mask), {
    raw: { width: cut.width, height: cut.height, channels: 1 },
  })
    .resize(width, height, { kernel: 'linear', fit: 'fill' })
    .blur(0.6)
    // libvips hands single-band raw input back as sRGB unless told otherwise.
    .extractChannel(0)
    .raw()
    .toBuffer();
  for (let p = 0; p < width * height; p += 1) {
    rgba.data[p * 4 + 3] = Math.round((rgba.data[p * 4 + 3]! * alpha[p]!) / 255);
  }
  const file = outputPath(job.workDir, params.bgColor ? 'matte-flat' : 'matte', 'png');
  let pipeline = sharp(rgba.data, { raw: { width, height, channels: 4 } });
  if (params.bgColor) pipeline = pipeline.flatten({ background: params.bgColor });
  await pipeline.png().toFile(file);
  return [await imageOutput(file, 'image/png')];
};
