/**
 * Palette previews of the colour flat plan. The local engine clusters the plan's colours and then
 * applies a mood to each cluster centre in 8-bit Lab (engines/local/color-flat-plan.capability.ts);
 * the same moods applied here to the upload's own dominant colours give honest swatches.
 */
export type Rgb = [number, number, number];
export type PaletteMood = 'original' | 'soft' | 'vivid' | 'mono';
export const paletteMoods: readonly PaletteMood[] = ['original', 'soft', 'vivid', 'mono'];

/** Typical plan colours (timber floor, tiles, lawn, water, walls, furniture), before any upload. */
export const samplePlanColors: readonly Rgb[] = [
  [200, 162, 122],
  [216, 212, 204],
  [127, 176, 105],
  [111, 168, 220],
  [232, 220, 200],
  [141, 110, 99],
];

/**
 * The room colours the local engine fills a black-and-white line plan with (mirrors
 * engines/local/plan-fill.ts roomPalette): what "沿用原图色" gives when the plan has no colour.
 */
export const roomFillColors: readonly Rgb[] = [
  [226, 196, 150],
  [190, 214, 180],
  [184, 208, 232],
  [236, 216, 178],
  [240, 196, 188],
  [212, 206, 198],
];

export type PictureKind = 'line-plan' | 'photo' | 'plan';

/**
 * What an upload looks like, from a small RGBA copy: a line plan has almost no colour (the
 * engine then fills rooms), a photo or render has colour spread over many mid tones (a flat plan
 * of it clusters objects and light, not rooms), anything else is taken as a coloured plan.
 */
export const pictureKind = (rgba: ArrayLike<number>): PictureKind => {
  let colourful = 0;
  let mid = 0;
  let n = 0;
  for (let i = 0; i + 3 < rgba.length; i += 4) {
    const r = rgba[i]!;
    const g = rgba[i + 1]!;
    const b = rgba[i + 2]!;
    if (Math.max(r, g, b) - Math.min(r, g, b) > 24) colourful += 1;
    const l = 0.299 * r + 0.587 * g + 0.114 * b;
    if (l > 60 && l < 200) mid += 1;
    n += 1;
  }
  if (n === 0) return 'plan';
  if (colourful / n < 0.01) return 'line-plan';
  if (mid / n > 0.5 && colourful / n > 0.15) return 'photo';
  return 'plan';
};

const toLinear = (c: number) => {
  const v = c / 255;
  return v <= 0.04045 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4;
};
const fromLinear = (v: number) => {
  const c = v <= 0.0031308 ? v * 12.92 : 1.055 * v ** (1 / 2.4) - 0.055;
  return Math.round(Math.min(1, Math.max(0, c)) * 255);
};
const f = (t: number) => (t > 0.008856 ? Math.cbrt(t) : 7.787 * t + 16 / 116);
const fInv = (t: number) => (t ** 3 > 0.008856 ? t ** 3 : (t - 16 / 116) / 7.787);
const WHITE = [0.95047, 1, 1.08883] as const;

/** sRGB → Lab scaled to 8 bits as OpenCV stores it (L·255/100, a+128, b+128). */
export const rgbToLab8 = ([r, g, b]: Rgb): Rgb => {
  const [lr, lg, lb] = [toLinear(r), toLinear(g), toLinear(b)];
  const x = (0.4124 * lr + 0.3576 * lg + 0.1805 * lb) / WHITE[0];
  const y = (0.2126 * lr + 0.7152 * lg + 0.0722 * lb) / WHITE[1];
  const z = (0.0193 * lr + 0.1192 * lg + 0.9505 * lb) / WHITE[2];
  const L = 116 * f(y) - 16;
  return [(L * 255) / 100, 500 * (f(x) - f(y)) + 128, 200 * (f(y) - f(z)) + 128];
};

export const lab8ToRgb = ([l8, a8, b8]: Rgb): Rgb => {
  const fy = ((l8 * 100) / 255 + 16) / 116;
  const fx = fy + (a8 - 128) / 500;
  const fz = fy - (b8 - 128) / 200;
  const [x, y, z] = [fInv(fx) * WHITE[0], fInv(fy) * WHITE[1], fInv(fz) * WHITE[2]];
  return [
    fromLinear(3.2406 * x - 1.5372 * y - 0.4986 * z),
    fromLinear(-0.9689 * x + 1.8758 * y + 0.0415 * z),
    fromLinear(0.0557 * x - 0.204 * y + 1.057 * z),
  ];
};

const clamp8 = (v: number) => Math.min(255, Math.max(0, v));

/** The engine's moods, same numbers. */
const moods: Record<PaletteMood, (l: number, a: number, b: number) => Rgb> = {
  original: (l, a, b) => [l, a, b],
  soft: (l, a, b) => [l * 0.75 + 60, 128 + (a - 128) * 0.55, 128 + (b - 128) * 0.55],
  vivid: (l, a, b) => [l, 128 + (a - 128) * 1.45, 128 + (b - 128) * 1.45],
  mono: (l) => [l, 128, 128],
};

export const applyMood = (colors: readonly Rgb[], mood: PaletteMood): Rgb[] =>
  colors.map((c) => {
    const [l, a, b] = moods[mood](...rgbToLab8(c));
    return lab8ToRgb([clamp8(l), clamp8(a), clamp8(b)]);
  });

export const toHex = ([r, g, b]: Rgb) =>
  `#${[r, g, b].map((v) => v.toString(16).padStart(2, '0')).join('')}`;

/** Chroma (distance from grey) of a colour, for tests and ordering. */
export const chroma = (c: Rgb) => {
  const [, a, b] = rgbToLab8(c);
  return Math.hypot(a - 128, b - 128);
};

/**
 * The k most common colours of an RGBA raster (a small thumbnail): k-means in RGB, seeded by
 * luminance quantiles so the result is deterministic. Transparent pixels are skipped; the result
 * is ordered by how many pixels each colour covers, largest first.
 */
export const dominantColors = (data: ArrayLike<number>, k = 6, iterations = 8): Rgb[] => {
  const px: Rgb[] = [];
  for (let i = 0; i + 3 < data.length; i += 4)
    if (data[i + 3]! >= 128) px.push([data[i]!, data[i + 1]!, data[i + 2]!]);
  if (px.length === 0) return [];
  const lum = (c: Rgb) => 0.299 * c[0] + 0.587 * c[1] + 0.114 * c[2];
  const sorted = [...px].sort((p, q) => lum(p) - lum(q));
  const n = Math.min(k, px.length);
  let centres: Rgb[] = Array.from(
    { length: n },
    (_, j) => sorted[Math.floor(((j + 0.5) / n) * sorted.length)]!,
  );
  let counts = new Array<number>(n).fill(0);
  for (let it = 0; it < iterations; it += 1) {
    const sums = Array.from({ length: n }, () => [0, 0, 0]);
    counts = new Array<number>(n).fill(0);
    for (const p of px) {
      let best = 0;
      let bestD = Infinity;
      centres.forEach((c, j) => {
        const d = (p[0] - c[0]) ** 2 + (p[1] - c[1]) ** 2 + (p[2] - c[2]) ** 2;
        if (d < bestD) [best, bestD] = [j, d];
      });
      counts[best]! += 1;
      sums[best]![0]! += p[0];
      sums[best]![1]! += p[1];
      sums[best]![2]! += p[2];
    }
    centres = centres.map((c, j) =>
      counts[j] ? (sums[j]!.map((s) => Math.round(s / counts[j]!)) as Rgb) : c,
    );
  }
  return centres
    .map((c, j) => ({ c, n: counts[j]! }))
    .filter((e) => e.n > 0)
    .sort((p, q) => q.n - p.n)
    .map((e) => e.c);
};
