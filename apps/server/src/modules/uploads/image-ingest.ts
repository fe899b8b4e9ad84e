import sharp from 'sharp';
import type { Metadata } from 'sharp';
import { AppError } from '../../http/app-error';

/** Spec §5/§9: up to 4000×4000 is kept; larger is redrawn with the longer side at 1024. */
export const IMAGE_LIMIT_PX = 4000;
export const DOWNSCALED_LONG_SIDE = 1024;

export type ImageFormat = 'jpeg' | 'png' | 'webp';

/**
 * The format from the first bytes, never from a name or a Content-Type. Only JPEG, PNG and WebP
 * pass; SVG, HTML, XML, GIF and everything else are refused before any decoder sees them.
 */
export const sniffImage = (buf: Buffer): ImageFormat | undefined => {
  if (buf.length >= 3 && buf[0] === 0xff && buf[1] === 0xd8 && buf[2] === 0xff) return 'jpeg';
  if (
    buf.length >= 8 &&
    buf.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))
  ) {
    return 'png';
  }
  if (
    buf.length >= 12 &&
    buf.toString('latin1', 0, 4) === 'RIFF' &&
    buf.toString('latin1', 8, 12) === 'WEBP'
  ) {
    return 'webp';
  }
  return undefined;
};

export type IngestedImage = {
  data: Buffer;
  mime: 'image/jpeg' | 'image/png';
  ext: 'jpg' | 'png';
  width: number;
  height: number;
  /** True when the spec's 4000 px rule shrank the image (the web shows a notice). */
  resized: boolean;
};

/**
 * Checks, normalises and re-encodes an uploaded image. The pixel count is read from the header
 * (no decode) and refused beyond maxPixels before decoding, so a decompression bomb costs a few
 * bytes of header parsing. Orientation is applied from EXIF, then all metadata is dropped by the
 * re-encode (sharp keeps none unless asked), and the bytes stored are sharp's, never the client's:
 * a polyglot's trailing payload does not survive.
 */
export const ingestImage = async (
  input: Buffer,
  options: { maxPixels: number },
): Promise<IngestedImage> => {
  const format = sniffImage(input);
  if (!format) throw new AppError('UPLOAD_TYPE');
  let meta: Metadata;
  try {
    meta = await sharp(input, { limitInputPixels: false }).metadata();
  } catch (cause) {
    throw new AppError('UPLOAD_INVALID', { cause });
  }
  if (meta.format !== format && !(format === 'jpeg' && meta.format === 'jpeg')) {
    throw new AppError('UPLOAD_TYPE');
  }
  const { width = 0, height = 0 } = meta;
  if (width <= 0 || height <= 0) throw new AppError('UPLOAD_INVALID');
  if (width * height > options.maxPixels) throw new AppError('UPLOAD_TOO_LARGE');

  // EXIF orientations 5-8 swap the sides.
  const swapped = (meta.orientation ?? 1) >= 5;
  const [w, h] = swapped ? [height, width] : [width, height];
  const resized = w > IMAGE_LIMIT_PX || h > IMAGE_LIMIT_PX;
  try {
    let pipeline = sharp(input, { limitInputPixels: options.maxPixels, failOn: 'error' }).rotate();
    if (resized) {
      pipeline = pipeline.resize({
        width: DOWNSCALED_LONG_SIDE,
        height: DOWNSCALED_LONG_SIDE,
        fit: 'inside',
      });
    }
    const alpha = meta.hasAlpha === true;
    const { data, info } = alpha
      ? await pipeline.png({ compressionLevel: 6 }).toBuffer({ resolveWithObject: true })
      : await pipeline.jpeg({ quality: 90 }).toBuffer({ resolveWithObject: true });
    return {
      data,
      mime: alpha ? 'image/png' : 'image/jpeg',
      ext: alpha ? 'png' : 'jpg',
      width: info.width,
      height: info.height,
      resized,
    };
  } catch (cause) {
    throw new AppError('UPLOAD_INVALID', { cause });
  }
};

const DATA_URL = /^data:([a-z0-9.+/-]+)?(;[a-z0-9=.+-]+)*;base64,/i;

export const isDataUrl = (value: string): boolean => DATA_URL.test(value.slice(0, 100));

/** The bytes of a base64 data URL; the declared type is ignored (sniffing decides). */
export const decodeDataUrl = (value: string): Buffer => {
  const match = DATA_URL.exec(value.slice(0, 100));
  if (!match) throw new AppError('UPLOAD_INVALID');
  return Buffer.from(value.slice(match[0].length), 'base64');
};
