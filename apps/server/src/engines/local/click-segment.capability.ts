import sharp from 'sharp';
import { z } from 'zod';
import { EngineError } from '../engine';
import type { EngineJob, EngineOutput } from '../engine';
import { pointSchema, segment } from './grabcut-segmenter';
import type { LocalContext } from './local-job';
import { parseParams, requireInput, throwIfAborted } from './local-job';
import { imageOutput, imageSize, outputPath, readRgba } from './raster';

export const clickSegmentParamsSchema = z.object({
  points: z.array(pointSchema).min(1).max(50),
  /** How different (8-bit Lab units) a colour may be from the clicked one and still be grown into. */
  tolerance: z.number().min(1).max(100).default(18),
  /** grabcut learns colours and cuts on edges; flood is the instant colour-only fast path. */
  method: z.enum(['grabcut', 'flood']).default('grabcut'),
});
export type ClickSegmentParams = z.infer<typeof clickSegmentParamsSchema>;

export const clickSegment = async (job: EngineJob, ctx: LocalContext): Promise<EngineOutput[]> => {
  const params = parseParams(clickSegmentParamsSchema, job.params);
  if (!params.points.some((p) => p.positive)) {
    throw new EngineError('请在需要选中的物体上点击', 'no positive point');
  }
  const input = requireInput(job, 'upload_img', '请先上传图片');
  await imageSize(input, ctx.maxPixels);
  const rgba = await readRgba(input);
  job.onProgress({ percent: 20, message: '识别选区' });
  const { mask, width, height } = await segment(
    rgba,
    { points: params.points },
    { tolerance: params.tolerance, method: params.method, signal: job.signal },
  );
  throwIfAborted(job.signal);
  // Upscaled with a smooth kernel, then thresholded: a crisp mask without staircase edges.
  const file = outputPath(job.workDir, 'click-mask', 'png');
  const resized = await sharp(Buffer.from(mask), { raw: { width, height, channels: 1 } })
    .resize(rgba.width, rgba.height, { kernel: 'linear', fit: 'fill' })
    .threshold(128)
    .toColourspace('b-w')
    .png()
    .toBuffer();
  await sharp(resized).toFile(file);
  return [await imageOutput(file, 'image/png')];
};
