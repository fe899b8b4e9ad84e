import { randomUUID } from 'node:crypto';
import path from 'node:path';
import sharp from 'sharp';
import type { Metadata } from 'sharp';

type SharpKernel = 'nearest' | 'linear' | 'cubic' | 'mitchell' | 'lanczos2' | 'lanczos3';
import { EngineError } from '../engine';
import type { EngineFile, EngineOutput } from '../engine';
import { formatMegapixels } from './local-job';

/** Interleaved 8-bit pixels as sharp's raw output gives them. */
export interface Raster {
  data: Buffer;
  width: number;
  height: number;
  channels: number;
}

/** A fresh file name inside the job's work directory; stems keep them readable in logs. */
export const outputPath = (workDir: string, stem: string, ext: string): string =>
  path.join(workDir, `${stem}-${randomUUID().slice(0, 8)}.${ext}`);

/** Reads dimensions after EXIF orientation, and refuses images beyond the CPU pixel cap. */
export const imageSize = async (
  file: EngineFile | string,
  maxPixels?: number,
): Promise<{ width: number; height: number; format: string; hasAlpha: boolean }> => {
  const filePath = typeof file === 'string' ? file : file.path;
  let meta: Metadata;
  try {
    meta = await sharp(filePath).metadata();
  } catch (error) {
    throw new EngineError('无法读取图片，请上传 JPG、PNG 或 WebP 格式', String(error));
  }
  const rotated = (meta.orientation ?? 1) >= 5;
  const width = (rotated ? meta.height : meta.width) ?? 0;
  const height = (rotated ? meta.width : meta.height) ?? 0;
  if (!width || !height) throw new EngineError('无法读取图片尺寸', filePath);
  if (maxPixels && width * height > maxPixels) {
    throw new EngineError(
      `图片过大，请先压缩到 ${formatMegapixels(maxPixels)}以内`,
      `${width}x${height}`,
    );
  }
  return { width, height, format: meta.format ?? 'unknown', hasAlpha: meta.hasAlpha ?? false };
};

/** RGBA pixels, upright, optionally resized to an exact size (masks to their image). */
export const readRgba = async (
  file: EngineFile | string,
  size?: { width: number; height: number; kernel?: SharpKernel },
): Promise<Raster> => {
  const filePath = typeof file === 'string' ? file : file.path;
  let pipeline = sharp(filePath).rotate();
  if (size) {
    pipeline = pipeline.resize(size.width, size.height, {
      fit: 'fill',
      kernel: size.kernel ?? 'lanczos3',
    });
  }
  const { data, info } = await pipeline.ensureAlpha().raw().toBuffer({ resolveWithObject: true });
  return { data, width: info.width, height: info.height, channels: info.channels };
};

export const rasterToPng = async (raster: Raster, file: string): Promise<void> => {
  await sharp(raster.data, {
    raw: {
      width: raster.width,
      height: raster.height,
      channels: raster.channels as 1 | 2 | 3 | 4,
    },
  })
    .png({ compressionLevel: 6 })
    .toFile(file);
};

/** Describes a written image by what is really on disk, not by what we meant to write. */
export const imageOutput = async (file: string, mime: string): Promise<EngineOutput> => {
  const meta = await sharp(file).metadata();
  return { path: file, mime, kind: 'image', width: meta.width ?? 0, height: meta.height ?? 0 };
};

export const clamp255 = (v: number): number => (v < 0 ? 0 : v > 255 ? 255 : Math.round(v));

/**
 * A painted mask as 0/255 per pixel at the image's size: white (and opaque, for masks drawn on a
 * transparent layer) means "selected". Resized to the image when the editor sent another size.
 */
export const readMask = async (
  file: EngineFile,
  width: number,
  height: number,
): Promise<Uint8Array> => {
  const rgba = await readRgba(file, { width, height, kernel: 'linear' });
  const mask = new Uint8Array(width * height);
  for (let p = 0, i = 0; p < mask.length; p += 1, i += 4) {
    const y = 0.299 * rgba.data[i]! + 0.587 * rgba.data[i + 1]! + 0.114 * rgba.data[i + 2]!;
    mask[p] = (y * rgba.data[i + 3]!) / 255 > 127 ? 255 : 0;
  }
  return mask;
};

/** Packed RGB (3 bytes per pixel) out of RGBA, for algorithms that ignore transparency. */
export const rgbOf = (rgba: Raster): Uint8Array => {
  const rgb = new Uint8Array(rgba.width * rgba.height * 3);
  for (let p = 0, i = 0, o = 0; p < rgba.width * rgba.height; p += 1, i += 4, o += 3) {
    rgb[o] = rgba.data[i]!;
    rgb[o + 1] = rgba.data[i + 1]!;
    rgb[o + 2] = rgba.data[i + 2]!;
  }
  return rgb;
};
