import { z } from 'zod';
import { EngineError } from '../engine';
import type { EngineJob, EngineOutput } from '../engine';
import type { LocalContext } from './local-job';
import { parseParams, throwIfAborted } from './local-job';
import { imageSize } from './raster';
import {
  encodeStillSequence,
  fpsSchema,
  prepareStill,
  resolutionSchema,
  transitionSchema,
  videoSize,
} from './video-common';

export const videoMultiImageParamsSchema = z.object({
  durationPerImage: z.number().min(1).max(8).default(3),
  /**
   * Seconds of each picture in input order; a picture without an entry holds `durationPerImage`
   * (so an empty list means "all the same").
   */
  durations: z.array(z.number().min(1).max(8)).max(20).default([]),
  transition: transitionSchema.default('fade'),
  transitionDuration: z.number().min(0.3).max(1.5).default(0.8),
  /** cover crops every picture to the common frame; contain letterboxes it on black. */
  fit: z.enum(['cover', 'contain']).default('cover'),
  fps: fpsSchema,
  resolution: resolutionSchema,
});
export type VideoMultiImageParams = z.infer<typeof videoMultiImageParamsSchema>;

export const videoMultiImage = async (
  job: EngineJob,
  ctx: LocalContext,
): Promise<EngineOutput[]> => {
  const params = parseParams(videoMultiImageParamsSchema, job.params);
  const frames = Object.entries(job.inputs)
    .filter(([name]) => /^frames_\d+$/.test(name))
    .sort(([a], [b]) => Number(a.slice(7)) - Number(b.slice(7)))
    .map(([, file]) => file);
  if (frames.length < 2 || frames.length > 20) {
    throw new EngineError('请上传 2 到 20 张图片', `${frames.length} frames`);
  }
  const seconds = frames.map((_, i) => params.durations[i] ?? params.durationPerImage);
  // A transition longer than half the shortest clip would overlap the next one.
  const transition = Math.min(params.transitionDuration, Math.min(...seconds) / 2);
  const first = await imageSize(frames[0]!, ctx.maxPixels);
  const size = videoSize(first.width, first.height, params.resolution);
  const stills: string[] = [];
  for (const [i, frame] of frames.entries()) {
    throwIfAborted(job.signal);
    await imageSize(frame, ctx.maxPixels);
    stills.push(await prepareStill(frame.path, size, job.workDir, { scale: 2, fit: params.fit }));
    job.onProgress({ percent: 1 + (4 * (i + 1)) / frames.length, message: '准备图片' });
  }
  // Alternate a gentle push in and pull out so consecutive pictures do not feel static.
  const output = await encodeStillSequence(job, ctx, {
    stills,
    clipFrames: seconds.map((s) => Math.round(s * params.fps)),
    zoom: (i) => (i % 2 ? [1.06, 1] : [1, 1.06]),
    size,
    fps: params.fps,
    transition: params.transition,
    transitionSeconds: transition,
    stem: `slideshow-${stills.length}`,
  });
  return [output];
};
