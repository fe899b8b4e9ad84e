import { z } from 'zod';
import { EngineError } from '../engine';
import { abortError } from '../engine';
import type { Cv } from './opencv-runtime';
import { matFromBytes, withMats } from './opencv-runtime';
import type { Raster } from './raster';
import { rgbOf } from './raster';

export const pointSchema = z.object({
  x: z.number().min(0),
  y: z.number().min(0),
  positive: z.boolean().default(true),
});
export type Point = z.infer<typeof pointSchema>;

export const rectSchema = z.object({
  x: z.number().min(0),
  y: z.number().min(0),
  width: z.number().positive(),
  height: z.number().positive(),
});
export type Rect = z.infer<typeof rectSchema>;

export interface Seeds {
  /** Clicks in image pixels; when every coordinate is ≤ 1 they are read as fractions. */
  points: Point[];
  rect?: Rect;
  /** Per pixel at image size: 1 = foreground scribble, 2 = background scribble, 3 = rough area. */
  strokes?: Uint8Array;
}

export interface SegmentOptions {
  /** Colour distance (8-bit Lab units) a flood from a click may travel from the clicked colour. */
  tolerance: number;
  method: 'grabcut' | 'flood';
  signal: AbortSignal;
}

// GrabCut's label values (cv.GC_BGD…), spelled out for the typed arrays we fill in JS.
const BGD = 0;
const FGD = 1;
const PR_BGD = 2;
const PR_FGD = 3;

/** GrabCut is O(pixels × iterations); a quarter megapixel gives the same cut in a fraction. */
const workingPixels = 250_000;

const normalisePoints = (points: Point[], width: number, height: number): Point[] => {
  const fractional = points.length > 0 && points.every((p) => p.x <= 1 && p.y <= 1);
  return points.map((p) => ({
    x: Math.min(width - 1, Math.round(fractional ? p.x * (width - 1) : p.x)),
    y: Math.min(height - 1, Math.round(fractional ? p.y * (height - 1) : p.y)),
    positive: p.positive,
  }));
};

/** Mean Lab colour of a small window around a click: one noisy pixel is a poor reference. */
const seedColour = (lab: Uint8Array, w: number, h: number, p: Point): number[] => {
  const sum = [0, 0, 0];
  let n = 0;
  for (let y = Math.max(0, p.y - 2); y <= Math.min(h - 1, p.y + 2); y += 1) {
    for (let x = Math.max(0, p.x - 2); x <= Math.min(w - 1, p.x + 2); x += 1) {
      for (let c = 0; c < 3; c += 1) sum[c]! += lab[(y * w + x) * 3 + c]!;
      n += 1;
    }
  }
  return sum.map((s) => s / n);
};

const labDistance = (lab: Uint8Array, p: number, colour: number[]) =>
  Math.hypot(lab[p * 3]! - colour[0]!, lab[p * 3 + 1]! - colour[1]!, lab[p * 3 + 2]! - colour[2]!);

/**
 * 4-connected flood from a click over pixels within `tolerance` of the clicked colour. Comparing
 * with the seed rather than the neighbour stops slow gradients from leaking everywhere.
 */
const flood = (lab: Uint8Array, w: number, h: number, seed: Point, tolerance: number) => {
  const region = new Uint8Array(w * h);
  const colour = seedColour(lab, w, h, seed);
  const stack = [seed.y * w + seed.x];
  region[stack[0]!] = 1;
  while (stack.length) {
    const p = stack.pop()!;
    const x = p % w;
    const neighbours = [x > 0 ? p - 1 : -1, x < w - 1 ? p + 1 : -1, p - w, p + w];
    for (const q of neighbours) {
      if (q < 0 || q >= w * h || region[q]) continue;
      if (labDistance(lab, q, colour) <= tolerance) {
        region[q] = 1;
        stack.push(q);
      }
    }
  }
  return { region, colour };
};

/** Keeps the connected parts of `mask` that contain a positive click (when there are any). */
const keepClicked = (
  cv: Cv,
  track: <M extends { delete(): void }>(m: M) => M,
  mask: Uint8Array,
  w: number,
  h: number,
  positives: Point[],
) => {
  if (!positives.length) return mask;
  const src = track(matFromBytes(cv, mask, h, w, cv.CV_8UC1));
  const labels = track(new cv.Mat());
  cv.connectedComponents(src, labels, 4, cv.CV_32S);
  const wanted = new Set(positives.map((p) => labels.data32S[p.y * w + p.x]!).filter((l) => l > 0));
  return Uint8Array.from(labels.data32S, (l) => (wanted.has(l) ? 255 : 0));
};

/**
 * Foreground mask (0/255 at working size) from the user's clicks, scribbles or box. Flood fills
 * in Lab turn clicks into likely regions; GrabCut then learns colour models of both sides and
 * cuts along the strongest boundary between them.
 */
export const segment = async (
  image: Raster,
  seeds: Seeds,
  options: SegmentOptions,
): Promise<{ mask: Uint8Array; width: number; height: number }> => {
  const scale = Math.min(1, Math.sqrt(workingPixels / (image.width * image.height)));
  const w = Math.max(1, Math.round(image.width * scale));
  const h = Math.max(1, Math.round(image.height * scale));
  const points = normalisePoints(seeds.points, image.width, image.height).map((p) => ({
    ...p,
    x: Math.min(w - 1, Math.round(p.x * scale)),
    y: Math.min(h - 1, Math.round(p.y * scale)),
  }));
  const positives = points.filter((p) => p.positive);
  const negatives = points.filter((p) => !p.positive);

  return withMats((cv, track) => {
    const full = track(matFromBytes(cv, rgbOf(image), image.height, image.width, cv.CV_8UC3));
    const rgb = track(new cv.Mat());
    if (scale < 1) cv.resize(full, rgb, new cv.Size(w, h), 0, 0, cv.INTER_AREA);
    else full.copyTo(rgb);
    const smooth = track(new cv.Mat());
    cv.bilateralFilter(rgb, smooth, 5, 30, 5);
    const labMat = track(new cv.Mat());
    cv.cvtColor(smooth, labMat, cv.COLOR_RGB2Lab);
    const lab = labMat.data;

    // Regions the clicks suggest. Where a positive and a negative flood overlap, each pixel goes
    // to the side whose clicked colour it is closer to: that is what a negative click means.
    const fg = new Uint8Array(w * h);
    const bg = new Uint8Array(w * h);
    const fgColours: number[][] = [];
    const bgColours: number[][] = [];
    for (const p of positives) {
      const { region, colour } = flood(lab, w, h, p, options.tolerance);
      fgColours.push(colour);
      region.forEach((v, i) => v && (fg[i] = 1));
    }
    for (const p of negatives) {
      const { region, colour } = flood(lab, w, h, p, options.tolerance);
      bgColours.push(colour);
      region.forEach((v, i) => v && (bg[i] = 1));
    }
    const nearest = (i: number, colours: number[][]) =>
      Math.min(...colours.map((c) => labDistance(lab, i, c)));
    for (let i = 0; i < w * h; i += 1) {
      if (fg[i] && bg[i]) {
        if (nearest(i, fgColours) <= nearest(i, bgColours)) bg[i] = 0;
        else fg[i] = 0;
      }
    }
    if (options.signal.aborted) throw abortError();

    if (options.method === 'flood') {
      if (!positives.length) throw new EngineError('请在需要选中的物体上点击', 'no positive point');
      const mask = keepClicked(
        cv,
        track,
        Uint8Array.from(fg, (v, i) => (v && !bg[i] ? 255 : 0)),
        w,
        h,
        positives,
      );
      return { mask, width: w, height: h };
    }

    const labels = new Uint8Array(w * h).fill(PR_BGD);
    const rect = seeds.rect && {
      x0: Math.floor(seeds.rect.x * scale),
      y0: Math.floor(seeds.rect.y * scale),
      x1: Math.ceil((seeds.rect.x + seeds.rect.width) * scale),
      y1: Math.ceil((seeds.rect.y + seeds.rect.height) * scale),
    };
    for (let y = 0; y < h; y += 1) {
      for (let x = 0; x < w; x += 1) {
        const i = y * w + x;
        if (rect) {
          const inside = x >= rect.x0 && x < rect.x1 && y >= rect.y0 && y < rect.y1;
          labels[i] = inside ? PR_FGD : BGD;
        } else if (fg[i]) {
          labels[i] = PR_FGD;
        } else if (!seeds.strokes && (x < 2 || y < 2 || x >= w - 2 || y >= h - 2)) {
          // With clicks only, the picture's frame is taken as background unless a click's
          // region reaches it: objects seldom fill the whole frame.
          labels[i] = BGD;
        }
        if (bg[i]) labels[i] = rect ? BGD : PR_BGD;
      }
    }
    if (seeds.strokes) {
      for (let y = 0; y < h; y += 1) {
        for (let x = 0; x < w; x += 1) {
          const sx = Math.min(image.width - 1, Math.floor(x / scale));
          const sy = Math.min(image.height - 1, Math.floor(y / scale));
          const s = seeds.strokes[sy * image.width + sx];
          if (s === 1) labels[y * w + x] = FGD;
          else if (s === 2) labels[y * w + x] = BGD;
          else if (s === 3 && labels[y * w + x] === PR_BGD) labels[y * w + x] = PR_FGD;
        }
      }
    }
    const radius = Math.max(2, Math.round(Math.min(w, h) * 0.015));
    for (const p of points) {
      for (let y = Math.max(0, p.y - radius); y <= Math.min(h - 1, p.y + radius); y += 1) {
        for (let x = Math.max(0, p.x - radius); x <= Math.min(w - 1, p.x + radius); x += 1) {
          if ((x - p.x) ** 2 + (y - p.y) ** 2 <= radius * radius) {
            labels[y * w + x] = p.positive ? FGD : BGD;
          }
        }
      }
    }
    const hasFg = labels.some((v) => v === FGD || v === PR_FGD);
    const hasBg = labels.some((v) => v === BGD || v === PR_BGD);
    if (!hasFg || !hasBg) {
      throw new EngineError('无法区分主体和背景，请在主体上点击或框选主体', 'degenerate seeds');
    }
    const gcMask = track(matFromBytes(cv, labels, h, w, cv.CV_8UC1));
    const bgdModel = track(new cv.Mat());
    const fgdModel = track(new cv.Mat());
    cv.grabCut(
      smooth,
      gcMask,
      new cv.Rect(0, 0, w, h),
      bgdModel,
      fgdModel,
      5,
      cv.GC_INIT_WITH_MASK,
    );
    if (options.signal.aborted) throw abortError();
    let mask: Uint8Array = Uint8Array.from(gcMask.data, (v) =>
      v === FGD || v === PR_FGD ? 255 : 0,
    );
    // Small specks and pinholes are noise in the colour models, not parts of the object.
    const m = track(matFromBytes(cv, mask, h, w, cv.CV_8UC1));
    const kernel = track(cv.getStructuringElement(cv.MORPH_ELLIPSE, new cv.Size(5, 5)));
    cv.morphologyEx(m, m, cv.MORPH_OPEN, kernel);
    cv.morphologyEx(m, m, cv.MORPH_CLOSE, kernel);
    mask = keepClicked(cv, track, Uint8Array.from(m.data), w, h, positives);
    return { mask, width: w, height: h };
  });
};

/**
 * Scribbles drawn on a transparent layer: red strokes mark the subject, blue ones the
 * background, white a rough area to start from.
 */
export const strokesFromRgba = (rgba: Raster): Uint8Array | undefined => {
  const strokes = new Uint8Array(rgba.width * rgba.height);
  let any = false;
  for (let p = 0, i = 0; p < strokes.length; p += 1, i += 4) {
    const [r, g, b, a] = [rgba.data[i]!, rgba.data[i + 1]!, rgba.data[i + 2]!, rgba.data[i + 3]!];
    if (a < 128) continue;
    if (r > 150 && g < 110 && b < 110) strokes[p] = 1;
    else if (b > 150 && r < 110 && g < 150) strokes[p] = 2;
    else if (r > 200 && g > 200 && b > 200) strokes[p] = 3;
    any ||= strokes[p] !== 0;
  }
  return any ? strokes : undefined;
};
