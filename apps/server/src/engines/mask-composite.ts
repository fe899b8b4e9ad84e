import path from 'node:path';
import sharp from 'sharp';
import type { EngineFile, EngineOutput } from './engine';
import { rasterToPng, readMask, readRgba } from './local/raster';

/**
 * For a model without a mask input: it edits the whole picture, then only the painted region is
 * taken from its answer. Every pixel outside the mask stays the input's, byte for byte; inside,
 * the edit fades in over `featherPx` from the mask's edge so no seam shows.
 */
export const compositeInsideMask = async (spec: {
  original: EngineFile;
  mask: EngineFile;
  /** The model's whole-picture edit, any size: it is fitted to the original. */
  edited: EngineOutput;
  workDir: string;
  name: string;
  featherPx?: number;
}): Promise<EngineOutput> => {
  const base = await readRgba(spec.original);
  const { width, height } = base;
  const edit = await readRgba(spec.edited.path, { width, height });
  const hard = await readMask(spec.mask, width, height);
  // The blurred mask is ½ on the edge and 1 deep inside; 2b − 1 ramps from 0 at the edge to 1
  // about a feather inward, and the hard mask zeroes anything outside however the blur spreads.
  const sigma = Math.max(0.3, (spec.featherPx ?? 3) / 2);
  const { data: soft, info } = await sharp(Buffer.from(hard), {
    raw: { width, height, channels: 1 },
  })
    .blur(sigma)
    .raw()
    .toBuffer({ resolveWithObject: true });
  const out = Buffer.from(base.data);
  for (let p = 0; p < width * height; p += 1) {
    if (hard[p] === 0) continue;
    const a = Math.min(1, Math.max(0, (2 * soft[p * info.channels]!) / 255 - 1));
    if (a === 0) continue;
    for (let c = 0, i = p * 4; c < 3; c += 1, i += 1)
      out[i] = Math.round(base.data[i]! * (1 - a) + edit.data[i]! * a);
  }
  const file = path.join(spec.workDir, `${spec.name}.png`);
  await rasterToPng({ data: out, width, height, channels: 4 }, file);
  return { ...spec.edited, path: file, mime: 'image/png', width, height };
};
