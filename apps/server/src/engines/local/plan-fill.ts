/**
 * Colour for a black-and-white line plan. Clustering "the picture's own colours" finds only
 * black and white on a CAD export, so "沿用原图色" would give no colour at all; instead each
 * enclosed room (a region of paper bounded by wall lines) is filled from a designer palette,
 * the lines stay dark and the paper outside the building stays white.
 *
 * Pure functions over RGBA buffers: they run anywhere (main thread, a worker pool, a test).
 */

/** Soft room colours of coloured plans: oak, sage, sky, sand, blush, stone, mint, lilac. */
export const roomPalette: readonly [number, number, number][] = [
  [226, 196, 150],
  [190, 214, 180],
  [184, 208, 232],
  [236, 216, 178],
  [240, 196, 188],
  [212, 206, 198],
  [196, 228, 214],
  [214, 200, 230],
];

const luma = (d: Uint8Array, i: number) => 0.299 * d[i]! + 0.587 * d[i + 1]! + 0.114 * d[i + 2]!;

/** Share of pixels with visible colour (channel spread over 24). A line plan has almost none. */
export const colourfulShare = (rgba: Uint8Array, width: number, height: number): number => {
  const n = width * height;
  const step = Math.max(1, Math.floor(n / 200_000));
  let colourful = 0;
  let seen = 0;
  for (let p = 0; p < n; p += step) {
    const i = p * 4;
    const spread =
      Math.max(rgba[i]!, rgba[i + 1]!, rgba[i + 2]!) -
      Math.min(rgba[i]!, rgba[i + 1]!, rgba[i + 2]!);
    if (spread > 24) colourful += 1;
    seen += 1;
  }
  return colourful / seen;
};

export const isLinePlanColourless = (rgba: Uint8Array, width: number, height: number) =>
  colourfulShare(rgba, width, height) < 0.01;

/**
 * Fills enclosed regions of a line plan from `palette`, largest first (so the big rooms get the
 * first, calmest colours). Lines (dark pixels) and the outside (the largest region touching
 * the border) are kept; specks smaller than `minShare` of the picture (text, hatching) too.
 * Returns a new RGBA buffer.
 */
export const fillPlanRooms = (
  rgba: Uint8Array,
  width: number,
  height: number,
  palette: readonly [number, number, number][] = roomPalette,
  minShare = 0.0008,
): Uint8Array => {
  const n = width * height;
  const out = Uint8Array.from(rgba);
  const paper = new Uint8Array(n);
  for (let p = 0; p < n; p += 1) paper[p] = luma(rgba, p * 4) > 150 ? 1 : 0;

  const label = new Int32Array(n).fill(-1);
  const regions: { id: number; size: number; border: boolean }[] = [];
  const stack = new Int32Array(n);
  for (let start = 0; start < n; start += 1) {
    if (!paper[start] || label[start]! >= 0) continue;
    const id = regions.length;
    let top = 0;
    stack[top++] = start;
    label[start] = id;
    let size = 0;
    let border = false;
    while (top > 0) {
      const p = stack[--top]!;
      size += 1;
      const x = p % width;
      const y = (p / width) | 0;
      if (x === 0 || y === 0 || x === width - 1 || y === height - 1) border = true;
      const push = (q: number) => {
        if (paper[q] && label[q]! < 0) {
          label[q] = id;
          stack[top++] = q;
        }
      };
      if (x > 0) push(p - 1);
      if (x < width - 1) push(p + 1);
      if (y > 0) push(p - width);
      if (y < height - 1) push(p + width);
    }
    regions.push({ id, size, border });
  }

  const outside = regions
    .filter((r) => r.border)
    .reduce<number>((best, r) => (best < 0 || r.size > regions[best]!.size ? r.id : best), -1);
  const colourOf = new Int32Array(regions.length).fill(-1);
  regions
    .filter((r) => r.id !== outside && r.size >= n * minShare)
    .sort((a, b) => b.size - a.size)
    .forEach((r, i) => (colourOf[r.id] = i % palette.length));

  for (let p = 0; p < n; p += 1) {
    const id = label[p]!;
    if (id < 0) continue;
    const c = colourOf[id]!;
    if (c < 0) continue;
    // Keep the paper's own shading (anti-aliased line edges) by multiplying, not replacing.
    const k = luma(rgba, p * 4) / 255;
    const [r, g, b] = palette[c]!;
    out[p * 4] = Math.round(r * k);
    out[p * 4 + 1] = Math.round(g * k);
    out[p * 4 + 2] = Math.round(b * k);
  }
  return out;
};
