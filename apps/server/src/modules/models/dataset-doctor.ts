import { randomBytes } from 'node:crypto';
import sharp from 'sharp';

/**
 * The dataset doctor's pure parts: near-duplicate detection by a perceptual (difference) hash,
 * aspect buckets, and trigger words. The service feeds it the user's stored pictures.
 */

/** SDXL's training buckets (about one megapixel, multiples of 64). */
export const BUCKETS = [
  { name: '1:1', width: 1024, height: 1024 },
  { name: '4:3', width: 1152, height: 896 },
  { name: '3:4', width: 896, height: 1152 },
  { name: '3:2', width: 1216, height: 832 },
  { name: '2:3', width: 832, height: 1216 },
  { name: '16:9', width: 1344, height: 768 },
  { name: '9:16', width: 768, height: 1344 },
] as const;
export type Bucket = (typeof BUCKETS)[number];

/** The bucket whose aspect ratio is nearest (in log space, so 2:1 and 1:2 are equally far). */
export const bucketFor = (width: number, height: number): Bucket => {
  const r = Math.log(width / height);
  return BUCKETS.reduce((best, b) =>
    Math.abs(Math.log(b.width / b.height) - r) < Math.abs(Math.log(best.width / best.height) - r)
      ? b
      : best,
  );
};

/**
 * A 64-bit difference hash: the picture shrunk to 9×8 grey pixels, one bit per horizontal
 * neighbour pair. Re-encodes, resizes and small edits keep most bits; different pictures differ
 * in about half.
 */
export const differenceHash = async (image: Buffer): Promise<bigint> => {
  const pixels = await sharp(image)
    .rotate()
    .greyscale()
    .resize(9, 8, { fit: 'fill' })
    .raw()
    .toBuffer();
  let hash = 0n;
  for (let y = 0; y < 8; y++)
    for (let x = 0; x < 8; x++) {
      hash <<= 1n;
      if (pixels[y * 9 + x]! > pixels[y * 9 + x + 1]!) hash |= 1n;
    }
  return hash;
};

export const hammingDistance = (a: bigint, b: bigint): number => {
  let v = a ^ b;
  let n = 0;
  while (v) {
    n += Number(v & 1n);
    v >>= 1n;
  }
  return n;
};

/** Hashes this close (of 64 bits) are the same picture for training purposes. */
export const NEAR_DUPLICATE_BITS = 6;

/** Indexes of pictures that nearly repeat an earlier one, with the index they repeat. */
export const nearDuplicates = (hashes: bigint[]): Map<number, number> => {
  const repeats = new Map<number, number>();
  hashes.forEach((h, i) => {
    for (let j = 0; j < i; j++) {
      if (repeats.has(j)) continue;
      if (hammingDistance(h, hashes[j]!) <= NEAR_DUPLICATE_BITS) {
        repeats.set(i, j);
        return;
      }
    }
  });
  return repeats;
};

const TRIGGER = /^[A-Za-z][A-Za-z0-9_]{2,19}$/;
export const isTriggerWord = (word: string) => TRIGGER.test(word);

/** A made-up word the base model has no meaning for, e.g. "hjqvzk7": ASCII, 7 characters. */
export const generateTriggerWord = (): string => {
  const letters = 'bcdfghjklmnpqrstvwxz';
  const bytes = randomBytes(5);
  const body = [...bytes.subarray(0, 4)].map((b) => letters[b % letters.length]).join('');
  return `hj${body}${bytes[4]! % 10}`;
};
