import { z } from 'zod';
import type { EngineJob, EngineOutput } from '../engine';
import type { LocalContext } from './local-job';
import { parseParams, requireInput, throwIfAborted } from './local-job';
import { imageSize } from './raster';
import {
  encodeStillSequence,
  fpsSchema,
  prepareStill,
  resolutionSchema,
  transitionSchema,
  videoSize,
} from './video-common';

export const videoFirstLastParamsSchema = z.object({
  duration: z.number().min(2).max(10).default(4),
  transition: transitionSchema.default('dissolve'),
  fps: fpsSchema,
  resolution: resolutionSchema,
});
export type VideoFirstLastParams = z.infer<typeof videoFirstLastParamsSchema>;

export const videoFirstLast = async (
  job: EngineJob,
  ctx: LocalContext,
): Promise<EngineOutput[]> => {
  const params = parseParams(videoFirstLastParamsSchema, job.params);
  const first = requireInput(job, 'first_frame', '请上传首帧图片');
  const last = requireInput(job, 'last_frame', '请上传尾帧图片');
  const src = await imageSize(first, ctx.maxPixels);
  await imageSize(last, ctx.maxPixels);
  const size = videoSize(src.width, src.height, params.resolution);
  job.onProgress({ percent: 2, message: '准备首尾帧' });
  // Both stills take the first frame's framing; the last one is cropped to match.
  const stills = [
    await prepareStill(first.path, size, job.workDir, { scale: 2, fit: 'cover' }),
    await prepareStill(last.path, size, job.workDir, { scale: 2, fit: 'cover' }),
  ];
  throwIfAborted(job.signal);
  // The transition takes 40 % of the video, each still holds the rest half and half.
  // Counted in whole frames so the video is never shorter than asked (at most one frame over).
  const fadeFrames = Math.round(Math.min(2, Math.max(0.5, params.duration * 0.4)) * params.fps);
  const transition = fadeFrames / params.fps;
  const clip = Math.ceil((params.duration * params.fps + fadeFrames) / 2);
  // A slight push on the first still and a settle on the last keep the picture alive.
  const output = await encodeStillSequence(job, ctx, {
    stills,
    clipFrames: [clip, clip],
    zoom: (i) => (i === 0 ? [1, 1.06] : [1.06, 1]),
    size,
    fps: params.fps,
    transition: params.transition,
    transitionSeconds: transition,
    stem: `first-last-${params.transition}`,
  });
  return [output];
};
