import fs from 'node:fs/promises';
import path from 'node:path';
import sharp from 'sharp';
import { AppError } from '../../http/app-error';
import { randomToken } from '../../db/ids';

const MAX_SIDE = 512;
/** Avatar names are random: knowing one reveals nothing about another. */
export const AVATAR_FILE = /^[A-Za-z0-9_-]{20,64}\.webp$/;

const DATA_URL = /^data:image\/(jpeg|jpg|png|webp);base64,([A-Za-z0-9+/=\s]+)$/;

// The declared type is only a hint; the bytes decide (a renamed SVG or HTML file is refused).
const sniff = (bytes: Buffer): 'jpeg' | 'png' | 'webp' | undefined => {
  if (bytes.length > 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff)
    return 'jpeg';
  if (bytes.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))) {
    return 'png';
  }
  if (
    bytes.subarray(0, 4).toString('latin1') === 'RIFF' &&
    bytes.subarray(8, 12).toString('latin1') === 'WEBP'
  ) {
    return 'webp';
  }
  return undefined;
};

export type AvatarStore = ReturnType<typeof createAvatarStore>;

/**
 * Avatars are re-encoded, never stored as uploaded: re-encoding drops metadata (EXIF location)
 * and anything smuggled after the image data, and bounds the size at 512×512 WebP.
 */
export const createAvatarStore = (deps: { dataDir: string }) => {
  const dir = path.join(deps.dataDir, 'avatars');
  return {
    dir,
    async saveFromDataUrl(dataUrl: string): Promise<string> {
      const match = DATA_URL.exec(dataUrl.trim());
      if (!match) throw new AppError('AVATAR_INVALID');
      const bytes = Buffer.from(match[2]!, 'base64');
      if (!sniff(bytes)) throw new AppError('AVATAR_INVALID');
      let webp: Buffer;
      try {
        webp = await sharp(bytes, { limitInputPixels: 8000 * 8000, failOn: 'error' })
          .rotate()
          .resize(MAX_SIDE, MAX_SIDE, { fit: 'inside', withoutEnlargement: true })
          .webp({ quality: 82 })
          .toBuffer();
      } catch (err) {
        throw new AppError('AVATAR_INVALID', { cause: err });
      }
      const file = `${randomToken(18)}.webp`;
      await fs.mkdir(dir, { recursive: true });
      await fs.writeFile(path.join(dir, file), webp);
      return file;
    },

    /** The file's bytes, or undefined for a name that is not ours or no longer exists. */
    async read(file: string): Promise<Buffer | undefined> {
      if (!AVATAR_FILE.test(file)) return undefined;
      return fs.readFile(path.join(dir, file)).catch(() => undefined);
    },

    async remove(file: string): Promise<void> {
      if (AVATAR_FILE.test(file)) await fs.rm(path.join(dir, file), { force: true });
    },
  };
};
