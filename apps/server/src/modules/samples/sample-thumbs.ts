import { createHash } from 'node:crypto';
import sharp from 'sharp';

/** Thumbnails kept at once (a few per tool and style: ~5 KB each). */
const MAX_ENTRIES = 400;

/**
 * Smaller copies of the example pictures for the tool cards (GET /api/ai/samples/file/:name?w=):
 * WebP whose shorter side is at least `width` (the cards crop to fill), never enlarged. Kept in
 * memory by name, width and the bytes' digest, so a remade picture gets a new copy; the oldest go
 * first past MAX_ENTRIES.
 */
export const createSampleThumbs = () => {
  const cache = new Map<string, Promise<Buffer>>();
  return {
    of(name: string, source: Buffer, width: number): Promise<Buffer> {
      const digest = createHash('sha1').update(source).digest('hex');
      const key = `${name}:${width}:${digest}`;
      const hit = cache.get(key);
      if (hit) {
        // Most recently used last.
        cache.delete(key);
        cache.set(key, hit);
        return hit;
      }
      const made = sharp(source)
        .resize({ width, height: width, fit: 'outside', withoutEnlargement: true })
        .webp({ quality: 75 })
        .toBuffer();
      cache.set(key, made);
      made.catch(() => cache.delete(key));
      while (cache.size > MAX_ENTRIES) cache.delete(cache.keys().next().value!);
      return made;
    },
  };
};
