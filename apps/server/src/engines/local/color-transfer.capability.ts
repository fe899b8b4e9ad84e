import sharp from 'sharp';
import { z } from 'zod';
import type { EngineJob, EngineOutput } from '../engine';
import type { LocalContext } from './local-job';
import { parseParams, requireInput, throwIfAborted } from './local-job';
import { matFromBytes, withMats } from './opencv-runtime';
import type { Cv } from './opencv-runtime';
import {
  clamp255,
  imageOutput,
  imageSize,
  outputPath,
  rasterToPng,
  readRgba,
  rgbOf,
} from './raster';

export const colorTransferParamsSchema = z.object({
  strength: z.number().min(0).max(1).optional(),
  /** The style tools' shared slider; 0–1, or 0–100 from older forms. Used when strength is not. */
  cnStrength: z.number().min(0).max(100).optional(),
});
export type ColorTransferParams = z.infer<typeof colorTransferParamsSchema>;

export const transferStrength = (params: ColorTransferParams): number => {
  if (params.strength !== undefined) return params.strength;
  if (params.cnStrength !== undefined) {
    return Math.min(1, params.cnStrength > 1 ? params.cnStrength / 100 : params.cnStrength);
  }
  return 0.8;
};

type Stats = { mean: number[]; std: number[] };

const labStats = (lab: Float32Array): Stats => {
  const n = lab.length / 3;
  const mean = [0, 0, 0];
  const sq = [0, 0, 0];
  for (let i = 0; i < lab.length; i += 1) {
    mean[i % 3]! += lab[i]!;
    sq[i % 3]! += lab[i]! * lab[i]!;
  }
  const m = mean.map((s) => s / n);
  return { mean: m, std: sq.map((s, c) => Math.sqrt(Math.max(1e-6, s / n - m[c]! ** 2))) };
};

/** RGB bytes → float Lab (L 0–100, a/b ±127) through OpenCV's exact sRGB conversion. */
const toLab = (
  cv: Cv,
  track: <M extends { delete(): void }>(m: M) => M,
  rgb: Uint8Array,
  w: number,
  h: number,
) => {
  const bytes = track(matFromBytes(cv, rgb, h, w, cv.CV_8UC3));
  const f = track(new cv.Mat());
  bytes.convertTo(f, cv.CV_32FC3, 1 / 255);
  const lab = track(new cv.Mat());
  cv.cvtColor(f, lab, cv.COLOR_RGB2Lab);
  return lab;
};

export const colorTransfer = async (job: EngineJob, ctx: LocalContext): Promise<EngineOutput[]> => {
  const params = parseParams(colorTransferParamsSchema, job.params);
  const strength = transferStrength(params);
  const input = requireInput(job, 'upload_img', '请先上传需要调色的图片');
  const style = requireInput(job, 'style_img', '请上传参考风格图片');
  await imageSize(input, ctx.maxPixels);
  await imageSize(style, ctx.maxPixels);
  const rgba = await readRgba(input);
  const { width, height } = rgba;
  // Statistics of the reference need no detail; a small copy gives the same means and spreads.
  const ref = await sharp(style.path)
    .rotate()
    .resize(512, 512, { fit: 'inside', withoutEnlargement: true })
    .removeAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true });
  job.onProgress({ percent: 20, message: '分析参考图色调' });
  throwIfAborted(job.signal);

  const rgb = await withMats((cv, track) => {
    const target = labStats(toLab(cv, track, ref.data, ref.info.width, ref.info.height).data32F);
    const lab = toLab(cv, track, rgbOf(rgba), width, height);
    const values = lab.data32F;
    const source = labStats(values);
    // Reinhard et al. 2001: match each Lab channel's mean and spread to the reference, then
    // blend with the original by strength so a designer can keep part of the own palette.
    for (let i = 0; i < values.length; i += 1) {
      const c = i % 3;
      const moved =
        ((values[i]! - source.mean[c]!) / source.std[c]!) * target.std[c]! + target.mean[c]!;
      values[i] = values[i]! + strength * (moved - values[i]!);
    }
    const back = track(new cv.Mat());
    cv.cvtColor(lab, back, cv.COLOR_Lab2RGB);
    return Float32Array.from(back.data32F);
  });
  throwIfAborted(job.signal);

  const out = Buffer.from(rgba.data);
  for (let p = 0; p < width * height; p += 1) {
    out[p * 4] = clamp255(rgb[p * 3]! * 255);
    out[p * 4 + 1] = clamp255(rgb[p * 3 + 1]! * 255);
    out[p * 4 + 2] = clamp255(rgb[p * 3 + 2]! * 255);
  }
  job.onProgress({ percent: 90, message: '输出结果' });
  const file = outputPath(job.workDir, 'tone-transfer', 'png');
  await rasterToPng({ data: out, width, height, channels: 4 }, file);
  return [await imageOutput(file, 'image/png')];
};
