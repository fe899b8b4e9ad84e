import { z } from 'zod';
import type { EngineJob, EngineOutput } from '../engine';
import type { LocalContext } from './local-job';
import { parseParams, requireInput, throwIfAborted } from './local-job';
import { imageSize } from './raster';
import {
  easeExpr,
  encodeVideo,
  encoderArgs,
  fpsSchema,
  prepareStill,
  resolutionSchema,
  videoSize,
} from './video-common';

export const videoCameraMoveParamsSchema = z.object({
  motion: z
    .enum(['zoom-in', 'zoom-out', 'pan-left', 'pan-right', 'pan-up', 'pan-down', 'orbit'])
    .default('zoom-in'),
  duration: z.number().min(2).max(10).default(5),
  fps: fpsSchema,
  resolution: resolutionSchema,
});
export type VideoCameraMoveParams = z.infer<typeof videoCameraMoveParamsSchema>;

type Motion = VideoCameraMoveParams['motion'];

/**
 * Zoompan expressions per move, all eased. `zoom` in x/y is the frame's current zoom, so
 * (iw - iw/zoom) is how far the crop window can travel.
 */
const motionExpr = (motion: Motion, e: string): { z: string; x: string; y: string } => {
  const cx = '(iw-iw/zoom)/2';
  const cy = '(ih-ih/zoom)/2';
  const pan = '1.2';
  const moves: Record<Motion, { z: string; x: string; y: string }> = {
    'zoom-in': { z: `1+0.25*${e}`, x: cx, y: cy },
    'zoom-out': { z: `1.25-0.25*${e}`, x: cx, y: cy },
    'pan-left': { z: pan, x: `(iw-iw/zoom)*(1-${e})`, y: cy },
    'pan-right': { z: pan, x: `(iw-iw/zoom)*${e}`, y: cy },
    'pan-up': { z: pan, x: cx, y: `(ih-ih/zoom)*(1-${e})` },
    'pan-down': { z: pan, x: cx, y: `(ih-ih/zoom)*${e}` },
    // A slow push in while drifting sideways on a shallow arc reads as a gentle orbit.
    orbit: {
      z: `1.12+0.1*${e}`,
      x: `(iw-iw/zoom)*(0.15+0.7*${e})`,
      y: `(ih-ih/zoom)*(0.5-0.3*sin(PI*${e}))`,
    },
  };
  return moves[motion];
};

export const videoCameraMove = async (
  job: EngineJob,
  ctx: LocalContext,
): Promise<EngineOutput[]> => {
  const params = parseParams(videoCameraMoveParamsSchema, job.params);
  const input = requireInput(job, 'upload_img', '请先上传用于生成视频的图片');
  const src = await imageSize(input, ctx.maxPixels);
  const size = videoSize(src.width, src.height, params.resolution);
  job.onProgress({ percent: 2, message: '准备画面' });
  const still = await prepareStill(input.path, size, job.workDir, { scale: 3, fit: 'cover' });
  throwIfAborted(job.signal);
  const frames = Math.round(params.duration * params.fps);
  const m = motionExpr(params.motion, easeExpr(frames));
  const filter =
    `[0:v]zoompan=z='${m.z}':x='${m.x}':y='${m.y}':d=${frames}` +
    `:s=${size.width}x${size.height}:fps=${params.fps},setsar=1,format=yuv420p[v]`;
  const output = await encodeVideo(
    job,
    ctx,
    [
      '-i',
      still,
      '-filter_complex',
      filter,
      '-map',
      '[v]',
      '-frames:v',
      String(frames),
      ...encoderArgs(params.fps),
    ],
    params.duration,
    `camera-${params.motion}`,
  );
  return [output];
};
