import sharp from 'sharp';

/**
 * How much of an input's structure (its lines: walls, edges of furniture, window frames, the
 * perspective they draw) a result kept, from 0 to 1. Both pictures are brought to one size
 * (SCORE_SIDE on the long side, the input's shape), turned grey and softened, and each pixel's
 * Sobel gradient becomes an orientation vector at doubled angle, so a line counts the same
 * whichever side is darker and a recoloured or retextured surface keeps its lines' directions.
 * Vector lengths saturate (an edge is an edge, faint or strong, so a palette change does not
 * re-weight them) and are averaged over a small window, so a line that moved by a pixel or two
 * still meets itself. The fields are compared by their inner product, as recall (of the input's
 * structure) and precision (of the result's), counted only where the mask (white = the region a
 * masked tool may redraw) is black. A shifted,
 * rotated, zoomed or unrelated picture puts its lines elsewhere and scores low; docs/structure-
 * guard.md has the measurements the threshold comes from.
 */

export const SCORE_SIDE = 256;
/** Gradient strength (0–255 grey levels per pixel, Sobel) at which a line counts half. */
const EDGE_HALF = 24;
/** Blur before the gradients: fine texture (wood grain, noise) is not structure. */
const SOFTEN_SIGMA = 1.2;
/** Half-width of the window the orientation field is averaged over. */
const WINDOW = 2;
/** Precision counts once a result has this share of the input's structure mass. */
const MIN_OWN_STRUCTURE = 0.3;
/** Pixels of the mask's border also left out: a redrawn region's outline moves a little. */
const MASK_MARGIN = 4;

type Grey = { data: Float32Array; width: number; height: number };

const greyAt = async (file: string, width: number, height: number): Promise<Grey> => {
  const raw = await sharp(file)
    .rotate()
    .flatten({ background: '#ffffff' })
    .resize(width, height, { fit: 'fill' })
    .greyscale()
    .blur(SOFTEN_SIGMA)
    .raw()
    .toBuffer();
  return { data: Float32Array.from(raw), width, height };
};

/** The doubled-angle orientation field (x, y per pixel), saturated and window-averaged. */
const orientation = ({ data, width: w, height: h }: Grey) => {
  const ox = new Float32Array(w * h);
  const oy = new Float32Array(w * h);
  const at = (x: number, y: number) =>
    data[Math.min(h - 1, Math.max(0, y)) * w + Math.min(w - 1, Math.max(0, x))]!;
  for (let y = 0; y < h; y += 1) {
    for (let x = 0; x < w; x += 1) {
      const gx =
        at(x + 1, y - 1) +
        2 * at(x + 1, y) +
        at(x + 1, y + 1) -
        (at(x - 1, y - 1) + 2 * at(x - 1, y) + at(x - 1, y + 1));
      const gy =
        at(x - 1, y + 1) +
        2 * at(x, y + 1) +
        at(x + 1, y + 1) -
        (at(x - 1, y - 1) + 2 * at(x, y - 1) + at(x + 1, y - 1));
      const m2 = gx * gx + gy * gy;
      if (m2 === 0) continue;
      const m = Math.sqrt(m2) / 4;
      // (gx + i·gy)² / |g|² is the unit vector at twice the angle; scaled by m / (m + half).
      const s = m / (m + EDGE_HALF) / m2;
      ox[y * w + x] = (gx * gx - gy * gy) * s;
      oy[y * w + x] = 2 * gx * gy * s;
    }
  }
  return { x: boxMean(ox, w, h), y: boxMean(oy, w, h) };
};

/** Mean over a (2·WINDOW+1)² window, edges clamped; two separable passes. */
const boxMean = (src: Float32Array, w: number, h: number): Float32Array => {
  const tmp = new Float32Array(w * h);
  const out = new Float32Array(w * h);
  const n = 2 * WINDOW + 1;
  for (let y = 0; y < h; y += 1) {
    for (let x = 0; x < w; x += 1) {
      let sum = 0;
      for (let k = -WINDOW; k <= WINDOW; k += 1)
        sum += src[y * w + Math.min(w - 1, Math.max(0, x + k))]!;
      tmp[y * w + x] = sum / n;
    }
  }
  for (let y = 0; y < h; y += 1) {
    for (let x = 0; x < w; x += 1) {
      let sum = 0;
      for (let k = -WINDOW; k <= WINDOW; k += 1)
        sum += tmp[Math.min(h - 1, Math.max(0, y + k)) * w + x]!;
      out[y * w + x] = sum / n;
    }
  }
  return out;
};

/** 1 where the score looks (black in the mask, away from its border), 0 elsewhere. */
const keptRegion = async (mask: string, width: number, height: number) => {
  const raw = await sharp(mask)
    .resize(width, height, { fit: 'fill' })
    .greyscale()
    .blur(MASK_MARGIN)
    .raw()
    .toBuffer();
  // Anything the blur reached from a white region is left out: a margin around the mask.
  return Uint8Array.from(raw, (v) => (v < 8 ? 1 : 0));
};

/** The common size: the input's shape with SCORE_SIDE on its long side. */
export const scoreSize = (width: number, height: number) => {
  const scale = SCORE_SIDE / Math.max(width, height);
  return {
    width: Math.max(8, Math.round(width * scale)),
    height: Math.max(8, Math.round(height * scale)),
  };
};

/**
 * The structure-kept score of `output` against `input`, 0–1, two decimals. With `mask`, only
 * the region outside it counts; an input with no lines there (a blank picture) scores 1.
 */
export const structureScore = async (args: {
  input: string;
  output: string;
  mask?: string;
}): Promise<number> => {
  const meta = await sharp(args.input).metadata();
  const turned = (meta.orientation ?? 1) >= 5;
  const { width, height } = scoreSize(
    turned ? meta.height : meta.width,
    turned ? meta.width : meta.height,
  );
  const [a, b, keep] = await Promise.all([
    greyAt(args.input, width, height).then(orientation),
    greyAt(args.output, width, height).then(orientation),
    args.mask ? keptRegion(args.mask, width, height) : undefined,
  ]);
  let cross = 0;
  let na = 0;
  let nb = 0;
  for (let i = 0; i < width * height; i += 1) {
    if (keep && !keep[i]) continue;
    cross += a.x[i]! * b.x[i]! + a.y[i]! * b.y[i]!;
    na += a.x[i]! ** 2 + a.y[i]! ** 2;
    nb += b.x[i]! ** 2 + b.y[i]! ** 2;
  }
  if (na < 1e-6) return 1;
  if (nb < 1e-6) return 0;
  // Recall: how much of the input's structure the result kept; precision: how much of the
  // result's structure is the input's. The better of the two counts, so a result that drops
  // things (the furniture of 空间清空) or adds things (texture, decor) is not held to the other;
  // precision only with enough structure of its own, so a nearly blank picture earns nothing.
  const recall = cross / na;
  const precision = nb >= MIN_OWN_STRUCTURE * na ? cross / nb : 0;
  const r = Math.max(recall, precision);
  return Math.round(Math.max(0, Math.min(1, r)) * 100) / 100;
};
