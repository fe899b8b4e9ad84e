import { z } from 'zod';
import { EngineError } from '../engine';
import type { EngineJob, EngineOutput } from '../engine';
import type { LocalContext } from './local-job';
import { parseParams, requireInput, throwIfAborted } from './local-job';
import { matFromBytes, withMats } from './opencv-runtime';
import { dilateMask, inpaintPatchMatch, prefersExemplar } from './patchmatch-inpaint';
import {
  imageOutput,
  imageSize,
  outputPath,
  rasterToPng,
  readMask,
  readRgba,
  rgbOf,
} from './raster';

export const inpaintParamsSchema = z.object({
  /**
   * auto: exemplars (PatchMatch) for regions wider than a few pixels, Telea for thin strokes;
   * patch: always exemplars; telea: fast marching, good for thin objects; ns: Navier–Stokes,
   * smoother on gradients.
   */
  method: z.enum(['auto', 'patch', 'telea', 'ns']).default('auto'),
  /** Neighbourhood each filled pixel looks at; default scales with the mask growth. */
  radius: z.number().int().min(1).max(30).optional(),
});
export type InpaintParams = z.infer<typeof inpaintParamsSchema>;

/**
 * How far the painted mask is grown before filling, in pixels. Brushes stop at an object's
 * visible edge, but its anti-aliased fringe and shadow lie just outside; filling from there
 * would smear the old colour back in.
 */
export const maskDilation = (width: number, height: number): number =>
  Math.max(2, Math.round(Math.min(width, height) * 0.006));

export const inpaint = async (job: EngineJob, ctx: LocalContext): Promise<EngineOutput[]> => {
  const params = parseParams(inpaintParamsSchema, job.params);
  const input = requireInput(job, 'upload_img', '请先上传需要消除物体的图片');
  const maskFile = requireInput(job, 'mask', '请先涂抹需要消除的区域');
  await imageSize(input, ctx.maxPixels);
  const rgba = await readRgba(input);
  const { width, height } = rgba;
  const painted = await readMask(maskFile, width, height);
  if (!painted.some((v) => v > 0)) {
    throw new EngineError('请先涂抹需要消除的区域', 'empty mask');
  }
  job.onProgress({ percent: 20, message: '正在修补涂抹区域' });
  throwIfAborted(job.signal);

  const grow = maskDilation(width, height);
  const exemplar =
    params.method === 'patch' ||
    (params.method === 'auto' && prefersExemplar(painted, width, height));
  const { filled, region } = exemplar
    ? exemplarFill(rgba, painted, grow)
    : await withMats((cv, track) => {
        const rgb = track(matFromBytes(cv, rgbOf(rgba), height, width, cv.CV_8UC3));
        const mask = track(matFromBytes(cv, painted, height, width, cv.CV_8UC1));
        const kernel = track(
          cv.getStructuringElement(cv.MORPH_ELLIPSE, new cv.Size(2 * grow + 1, 2 * grow + 1)),
        );
        cv.dilate(mask, mask, kernel);
        const dst = track(new cv.Mat());
        const flag = params.method === 'ns' ? cv.INPAINT_NS : cv.INPAINT_TELEA;
        cv.inpaint(rgb, mask, dst, params.radius ?? Math.max(3, grow * 2), flag);
        return { filled: Uint8Array.from(dst.data), region: Uint8Array.from(mask.data) };
      });
  throwIfAborted(job.signal);

  // Only the (grown) mask may change: copy filled colour there and nowhere else, so the rest of
  // the picture stays bit-identical to the upload.
  const out = Buffer.from(rgba.data);
  for (let p = 0; p < width * height; p += 1) {
    if (!region[p]) continue;
    out[p * 4] = filled[p * 3]!;
    out[p * 4 + 1] = filled[p * 3 + 1]!;
    out[p * 4 + 2] = filled[p * 3 + 2]!;
  }
  job.onProgress({ percent: 90, message: '输出结果' });
  const file = outputPath(job.workDir, `cleaned-${exemplar ? 'patch' : params.method}`, 'png');
  await rasterToPng({ data: out, width, height, channels: 4 }, file);
  return [await imageOutput(file, 'image/png')];
};

/** The exemplar path in the shape of the diffusion path's result (RGB fill + grown region). */
const exemplarFill = (
  rgba: { data: Buffer; width: number; height: number },
  painted: Uint8Array,
  grow: number,
) => {
  const region = dilateMask(painted, rgba.width, rgba.height, grow);
  const out = inpaintPatchMatch({ ...rgba, channels: 4 }, region);
  const filled = new Uint8Array(rgba.width * rgba.height * 3);
  for (let p = 0; p < rgba.width * rgba.height; p += 1) {
    filled[p * 3] = out[p * 4]!;
    filled[p * 3 + 1] = out[p * 4 + 1]!;
    filled[p * 3 + 2] = out[p * 4 + 2]!;
  }
  return { filled, region };
};
