import fs from 'node:fs/promises';
import sharp from 'sharp';
import { z } from 'zod';
import { EngineError } from '../engine';
import type { EngineJob, EngineOutput } from '../engine';
import type { LocalContext } from './local-job';
import { parseParams, requireInput, throwIfAborted } from './local-job';
import { imageOutput, imageSize, outputPath } from './raster';

export const compressParamsSchema = z.object({
  /** Omitted: keep JPEG and WebP as they are, turn anything else (PNG, GIF, TIFF…) into WebP. */
  format: z.enum(['jpeg', 'webp', 'avif']).optional(),
  targetKB: z.number().positive().max(100_000).optional(),
  quality: z.number().int().min(1).max(100).optional(),
});
export type CompressParams = z.infer<typeof compressParamsSchema>;

type Format = 'jpeg' | 'webp' | 'avif';
const mimes: Record<Format, string> = {
  jpeg: 'image/jpeg',
  webp: 'image/webp',
  avif: 'image/avif',
};
const extensions: Record<Format, string> = { jpeg: 'jpg', webp: 'webp', avif: 'avif' };
/** Below this quality every format turns to mush; we shrink the picture instead. */
const minQuality = 10;

const encode = (input: string, format: Format, quality: number, width?: number) => {
  let pipeline = sharp(input).rotate();
  if (width) pipeline = pipeline.resize({ width, kernel: 'lanczos3' });
  if (format === 'jpeg') {
    // JPEG has no alpha: flatten on white, the way a designer expects a transparent PNG to look.
    return pipeline.flatten({ background: '#ffffff' }).jpeg({ quality, mozjpeg: true }).toBuffer();
  }
  if (format === 'webp') return pipeline.webp({ quality, effort: 4 }).toBuffer();
  return pipeline.avif({ quality, effort: 2 }).toBuffer();
};

/**
 * Highest quality whose encoding fits the budget: encoded size grows with quality nearly
 * monotonically, so a binary search over 10..max takes about seven encodes.
 */
const bestFit = async (
  input: string,
  format: Format,
  budget: number,
  maxQuality: number,
  signal: AbortSignal,
  width?: number,
): Promise<{ buffer: Buffer; quality: number } | null> => {
  let lo = minQuality;
  let hi = maxQuality;
  let best: { buffer: Buffer; quality: number } | null = null;
  while (lo <= hi) {
    throwIfAborted(signal);
    const mid = Math.floor((lo + hi) / 2);
    const buffer = await encode(input, format, mid, width);
    if (buffer.length <= budget) {
      best = { buffer, quality: mid };
      lo = mid + 1;
    } else {
      hi = mid - 1;
    }
  }
  return best;
};

export const compress = async (job: EngineJob, ctx: LocalContext): Promise<EngineOutput[]> => {
  const params = parseParams(compressParamsSchema, job.params);
  const input = requireInput(job, 'upload_img', '请先上传需要压缩的图片');
  const size = await imageSize(input, ctx.maxPixels);
  const format: Format =
    params.format ?? (size.format === 'jpeg' || size.format === 'webp' ? size.format : 'webp');
  const file = outputPath(job.workDir, 'compressed', extensions[format]);

  if (!params.targetKB) {
    const quality = params.quality ?? 80;
    const buffer = await encode(input.path, format, quality);
    await fs.writeFile(file, buffer);
    job.onProgress({
      percent: 100,
      message: `已压缩到 ${(buffer.length / 1024).toFixed(0)} KB（质量 ${quality}）`,
    });
    return [await imageOutput(file, mimes[format])];
  }

  const budget = params.targetKB * 1024;
  const maxQuality = params.quality ?? 95;
  job.onProgress({ percent: 5, message: '正在寻找合适的压缩质量' });
  let fit = await bestFit(input.path, format, budget, maxQuality, job.signal);
  let width = size.width;
  let message: string;
  if (fit) {
    message = `已压缩到 ${(fit.buffer.length / 1024).toFixed(0)} KB（质量 ${fit.quality}），尺寸不变`;
  } else {
    // Even the lowest sane quality is too big: shrink by the square root of the overshoot
    // (file size scales roughly with pixel count), a little more each round, until it fits.
    const floor = await encode(input.path, format, minQuality);
    let ratio = Math.sqrt(budget / floor.length) * 0.95;
    for (let step = 0; step < 12 && !fit; step += 1) {
      job.onProgress({ percent: 40 + step * 5, message: '目标过小，正在缩小尺寸' });
      width = Math.max(16, Math.floor(size.width * Math.min(ratio, 0.97)));
      fit = await bestFit(input.path, format, budget, maxQuality, job.signal, width);
      ratio *= 0.85;
      if (width === 16) break;
    }
    if (!fit) {
      throw new EngineError(
        `目标大小 ${params.targetKB} KB 过小，无法压缩到，请调大目标大小`,
        `no fit at width ${width}`,
      );
    }
    message = `目标大小无法在原尺寸下达到，已缩小到 ${width} 像素宽，${(fit.buffer.length / 1024).toFixed(0)} KB（质量 ${fit.quality}）`;
  }
  await fs.writeFile(file, fit.buffer);
  job.onProgress({ percent: 100, message });
  return [await imageOutput(file, mimes[format])];
};
