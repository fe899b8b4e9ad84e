import sharp from 'sharp';
import { z } from 'zod';
import type { EngineJob, EngineOutput } from '../engine';
import type { LocalContext } from './local-job';
import { parseParams, requireInput, throwIfAborted } from './local-job';
import { matFromBytes, withMats } from './opencv-runtime';
import { fillPlanRooms, isLinePlanColourless } from './plan-fill';
import {
  clamp255,
  imageOutput,
  imageSize,
  outputPath,
  rasterToPng,
  readRgba,
  rgbOf,
} from './raster';

export const colorFlatPlanParamsSchema = z.object({
  colors: z.number().int().min(4).max(24).default(10),
  palette: z.enum(['original', 'soft', 'vivid', 'mono']).default('original'),
  outline: z.boolean().default(true),
});
export type ColorFlatPlanParams = z.infer<typeof colorFlatPlanParamsSchema>;

/** Region boundaries are drawn in this near-black, as plan colourings usually are. */
export const outlineColor: [number, number, number] = [40, 40, 40];

/** Clustering needs the picture's colours, not its resolution; ~1 MP keeps it a few seconds. */
const workingPixels = 1_000_000;

const random = (seed: number) => () => {
  seed = (seed * 1664525 + 1013904223) >>> 0;
  return seed / 4294967296;
};

/**
 * k-means++ on Lab samples (perceptual distances, so "similar" means similar to a designer),
 * seeded deterministically so the same picture always gives the same plan.
 */
const kmeans = (lab: Uint8Array, k: number): Float64Array => {
  const n = lab.length / 3;
  const next = random(42);
  const sampleCount = Math.min(n, 20_000);
  const samples = new Float64Array(sampleCount * 3);
  for (let s = 0; s < sampleCount; s += 1) {
    const p = Math.floor(next() * n);
    for (let c = 0; c < 3; c += 1) samples[s * 3 + c] = lab[p * 3 + c]!;
  }
  const centres = new Float64Array(k * 3);
  const d2 = new Float64Array(sampleCount).fill(Infinity);
  const dist = (s: number, j: number) => {
    let sum = 0;
    for (let c = 0; c < 3; c += 1) sum += (samples[s * 3 + c]! - centres[j * 3 + c]!) ** 2;
    return sum;
  };
  for (let j = 0; j < k; j += 1) {
    let pick = 0;
    if (j > 0) {
      let total = 0;
      for (let s = 0; s < sampleCount; s += 1) total += d2[s] = Math.min(d2[s]!, dist(s, j - 1));
      let target = next() * total;
      for (pick = 0; pick < sampleCount - 1 && (target -= d2[pick]!) > 0; pick += 1);
    } else {
      pick = Math.floor(next() * sampleCount);
    }
    for (let c = 0; c < 3; c += 1) centres[j * 3 + c] = samples[pick * 3 + c]!;
  }
  const labels = new Int32Array(sampleCount);
  for (let iteration = 0; iteration < 15; iteration += 1) {
    for (let s = 0; s < sampleCount; s += 1) {
      let best = 0;
      let bestD = Infinity;
      for (let j = 0; j < k; j += 1) {
        const d = dist(s, j);
        if (d < bestD) [best, bestD] = [j, d];
      }
      labels[s] = best;
    }
    const sums = new Float64Array(k * 4);
    for (let s = 0; s < sampleCount; s += 1) {
      const j = labels[s]!;
      for (let c = 0; c < 3; c += 1) sums[j * 4 + c]! += samples[s * 3 + c]!;
      sums[j * 4 + 3]! += 1;
    }
    for (let j = 0; j < k; j += 1) {
      const count = sums[j * 4 + 3]!;
      if (count) for (let c = 0; c < 3; c += 1) centres[j * 3 + c] = sums[j * 4 + c]! / count;
    }
  }
  return centres;
};

/** Palette moods applied to the cluster centres in 8-bit Lab (a, b centred on 128). */
const moods: Record<ColorFlatPlanParams['palette'], (l: number, a: number, b: number) => number[]> =
  {
    original: (l, a, b) => [l, a, b],
    soft: (l, a, b) => [l * 0.75 + 60, 128 + (a - 128) * 0.55, 128 + (b - 128) * 0.55],
    vivid: (l, a, b) => [l, 128 + (a - 128) * 1.45, 128 + (b - 128) * 1.45],
    mono: (l) => [l, 128, 128],
  };

export const colorFlatPlan = async (job: EngineJob, ctx: LocalContext): Promise<EngineOutput[]> => {
  const params = parseParams(colorFlatPlanParamsSchema, job.params);
  const input = requireInput(job, 'upload_img', '请先上传需要生成彩平的图片');
  const size = await imageSize(input, ctx.maxPixels);
  // A black-and-white line plan has no colours to keep: fill its rooms from a palette instead.
  if (params.palette !== 'mono') {
    const full = await readRgba(input);
    if (isLinePlanColourless(full.data, full.width, full.height)) {
      job.onProgress({ percent: 30, message: '线稿没有颜色：按房间填充配色' });
      const rooms = fillPlanRooms(full.data, full.width, full.height);
      const file = outputPath(job.workDir, 'flat-plan-rooms', 'png');
      await rasterToPng({ ...full, data: Buffer.from(rooms) }, file);
      return [await imageOutput(file, 'image/png')];
    }
  }
  const scale = Math.min(1, Math.sqrt(workingPixels / (size.width * size.height)));
  const ww = Math.max(1, Math.round(size.width * scale));
  const wh = Math.max(1, Math.round(size.height * scale));
  const work = await readRgba(input, { width: ww, height: wh });
  job.onProgress({ percent: 10, message: '平滑纹理' });
  throwIfAborted(job.signal);

  const { labels, palette } = await withMats((cv, track) => {
    const rgb = track(matFromBytes(cv, rgbOf(work), wh, ww, cv.CV_8UC3));
    // Edge-preserving smoothing flattens texture (wood grain, noise, fabric) while keeping the
    // borders between materials, so clusters follow regions rather than speckles.
    const once = track(new cv.Mat());
    const twice = track(new cv.Mat());
    cv.bilateralFilter(rgb, once, 9, 40, 7);
    cv.bilateralFilter(once, twice, 9, 40, 7);
    const lab = track(new cv.Mat());
    cv.cvtColor(twice, lab, cv.COLOR_RGB2Lab);
    const centres = kmeans(lab.data, params.colors);
    // Labels ordered by lightness, so the median filter below picks between similar tones.
    const order = Array.from({ length: params.colors }, (_, j) => j).sort(
      (a, b) => centres[a * 3]! - centres[b * 3]!,
    );
    const rank = new Uint8Array(params.colors);
    order.forEach((j, r) => (rank[j] = r));
    const map = new Uint8Array(ww * wh);
    const data = lab.data;
    for (let p = 0; p < map.length; p += 1) {
      let best = 0;
      let bestD = Infinity;
      for (let j = 0; j < params.colors; j += 1) {
        const d =
          (data[p * 3]! - centres[j * 3]!) ** 2 +
          (data[p * 3 + 1]! - centres[j * 3 + 1]!) ** 2 +
          (data[p * 3 + 2]! - centres[j * 3 + 2]!) ** 2;
        if (d < bestD) [best, bestD] = [j, d];
      }
      map[p] = rank[best]!;
    }
    const labelMat = track(matFromBytes(cv, map, wh, ww, cv.CV_8UC1));
    const cleaned = track(new cv.Mat());
    // The median of label ranks is always one of the labels present: small islands vanish
    // without inventing colours.
    cv.medianBlur(labelMat, cleaned, 5);
    const paletteLab = new Uint8Array(params.colors * 3);
    order.forEach((j, r) => {
      const mood = moods[params.palette](centres[j * 3]!, centres[j * 3 + 1]!, centres[j * 3 + 2]!);
      for (let c = 0; c < 3; c += 1) paletteLab[r * 3 + c] = clamp255(mood[c]!);
    });
    const paletteMat = track(matFromBytes(cv, paletteLab, 1, params.colors, cv.CV_8UC3));
    const paletteRgb = track(new cv.Mat());
    cv.cvtColor(paletteMat, paletteRgb, cv.COLOR_Lab2RGB);
    return { labels: Uint8Array.from(cleaned.data), palette: Uint8Array.from(paletteRgb.data) };
  });
  throwIfAborted(job.signal);
  job.onProgress({ percent: 70, message: '绘制色块与轮廓' });

  const { width, height } = size;
  const full =
    scale < 1
      ? await sharp(Buffer.from(labels), { raw: { width: ww, height: wh, channels: 1 } })
          .resize(width, height, { kernel: 'nearest', fit: 'fill' })
          // libvips hands single-band raw input back as sRGB unless told otherwise.
          .extractChannel(0)
          .raw()
          .toBuffer()
      : Buffer.from(labels);
  const rgba = await readRgba(input);
  const out = Buffer.alloc(width * height * 4);
  const thickness = Math.max(1, Math.round(Math.min(width, height) / 800));
  for (let y = 0; y < height; y += 1) {
    for (let x = 0; x < width; x += 1) {
      const p = y * width + x;
      const label = full[p]!;
      let edge = false;
      if (params.outline) {
        // A pixel is outline when a different region lies within `thickness` to the right or
        // below: one clean line per boundary, not two.
        for (let t = 1; t <= thickness && !edge; t += 1) {
          edge =
            (x + t < width && full[p + t] !== label) ||
            (y + t < height && full[p + t * width] !== label);
        }
      }
      const colour = edge
        ? outlineColor
        : [palette[label * 3]!, palette[label * 3 + 1]!, palette[label * 3 + 2]!];
      out[p * 4] = colour[0]!;
      out[p * 4 + 1] = colour[1]!;
      out[p * 4 + 2] = colour[2]!;
      out[p * 4 + 3] = rgba.data[p * 4 + 3]!;
    }
  }
  const file = outputPath(job.workDir, `flat-plan-${params.colors}`, 'png');
  await rasterToPng({ data: out, width, height, channels: 4 }, file);
  return [await imageOutput(file, 'image/png')];
};
