import { z } from 'zod';
import type { EngineJob, EngineOutput } from '../engine';
import type { LocalContext } from './local-job';
import { parseParams, requireInput, throwIfAborted } from './local-job';
import { clamp255, imageOutput, imageSize, outputPath, rasterToPng, readRgba } from './raster';

export const atmospheres = [
  'day',
  'dusk',
  'night',
  'overcast',
  'snow',
  'warm',
  'cool',
  'sunny',
] as const;

export const colorGradeParamsSchema = z.object({
  atmosphere: z.enum(atmospheres).default('dusk'),
  strength: z.number().min(0).max(1).default(1),
});
export type ColorGradeParams = z.infer<typeof colorGradeParamsSchema>;

type Rgb = [number, number, number];

interface Grade {
  /** White balance: + warms (more red, less blue), − cools. */
  temperature: number;
  /** Stops of exposure, applied in linear light. */
  exposure: number;
  /** Slope around mid grey: < 1 flattens (haze, overcast), > 1 punches. */
  contrast: number;
  saturation: number;
  /** Colour added to shadows and highlights (split toning), 0–1 units. */
  shadows: Rgb;
  highlights: Rgb;
  /** Darkening towards the corners, 0–1. */
  vignette: number;
  /** Night only: what was bright stays lit and turns lamp-warm, like windows at night. */
  lights?: Rgb;
}

const neutral: Rgb = [0, 0, 0];

/** Presets as data: each is a small, conventional colour-grading recipe. */
export const grades: Record<(typeof atmospheres)[number], Grade> = {
  day: {
    temperature: 0.05,
    exposure: 0.15,
    contrast: 1.08,
    saturation: 1.1,
    shadows: neutral,
    highlights: [0.01, 0.01, 0],
    vignette: 0,
  },
  dusk: {
    temperature: 0.55,
    exposure: -0.4,
    contrast: 1.1,
    saturation: 1.1,
    shadows: [0.01, -0.01, 0.05],
    highlights: [0.12, 0.04, -0.05],
    vignette: 0.3,
  },
  night: {
    temperature: -0.8,
    exposure: -1.8,
    contrast: 1.05,
    saturation: 0.75,
    shadows: [0, 0.015, 0.07],
    highlights: [0, 0, 0.02],
    vignette: 0.35,
    lights: [1, 0.78, 0.45],
  },
  overcast: {
    temperature: -0.1,
    exposure: -0.15,
    contrast: 0.82,
    saturation: 0.7,
    shadows: [0.02, 0.02, 0.03],
    highlights: neutral,
    vignette: 0.05,
  },
  snow: {
    temperature: -0.3,
    exposure: 0.4,
    contrast: 0.9,
    saturation: 0.55,
    shadows: [0, 0.01, 0.03],
    highlights: [-0.01, 0, 0.03],
    vignette: 0,
  },
  warm: {
    temperature: 0.45,
    exposure: 0,
    contrast: 1.02,
    saturation: 1.05,
    shadows: [0.02, 0.01, -0.01],
    highlights: [0.04, 0.02, -0.03],
    vignette: 0.1,
  },
  cool: {
    temperature: -0.45,
    exposure: 0,
    contrast: 1.02,
    saturation: 0.95,
    shadows: [-0.01, 0, 0.03],
    highlights: [-0.03, 0, 0.04],
    vignette: 0.1,
  },
  sunny: {
    temperature: 0.2,
    exposure: 0.2,
    contrast: 1.15,
    saturation: 1.25,
    shadows: [0, 0, 0.02],
    highlights: [0.05, 0.04, 0],
    vignette: 0.1,
  },
};

const toLinear = new Float32Array(256).map((_, v) => (v / 255) ** 2.2);
const smoothstep = (a: number, b: number, x: number) => {
  const t = Math.min(1, Math.max(0, (x - a) / (b - a)));
  return t * t * (3 - 2 * t);
};

export const colorGrade = async (job: EngineJob, ctx: LocalContext): Promise<EngineOutput[]> => {
  const params = parseParams(colorGradeParamsSchema, job.params);
  const input = requireInput(job, 'upload_img', '请先上传需要调整氛围的图片');
  await imageSize(input, ctx.maxPixels);
  const rgba = await readRgba(input);
  const { width, height, data } = rgba;
  const g = grades[params.atmosphere];
  const s = params.strength;
  job.onProgress({ percent: 20, message: '调色中' });
  throwIfAborted(job.signal);

  const gain = 2 ** g.exposure;
  const wb: Rgb = [1 + 0.25 * g.temperature, 1, 1 - 0.25 * g.temperature];
  const cx = width / 2;
  const cy = height / 2;
  const maxR2 = cx * cx + cy * cy;
  const out = Buffer.from(data);
  const c: Rgb = [0, 0, 0];
  for (let y = 0; y < height; y += 1) {
    for (let x = 0; x < width; x += 1) {
      const i = (y * width + x) * 4;
      // White balance and exposure in linear light, where they are physically multiplicative.
      for (let k = 0; k < 3; k += 1) {
        c[k] = Math.min(1, toLinear[data[i + k]!]! * wb[k]! * gain) ** (1 / 2.2);
      }
      const luma = 0.2126 * c[0] + 0.7152 * c[1] + 0.0722 * c[2];
      for (let k = 0; k < 3; k += 1) {
        let v = luma + (c[k]! - luma) * g.saturation;
        v = 0.5 + (v - 0.5) * g.contrast;
        v += g.shadows[k]! * (1 - luma) ** 2 + g.highlights[k]! * luma * luma;
        c[k] = v;
      }
      if (g.vignette) {
        const r2 = ((x - cx) ** 2 + (y - cy) ** 2) / maxR2;
        const v = 1 - g.vignette * r2;
        c[0] *= v;
        c[1] *= v;
        c[2] *= v;
      }
      if (g.lights) {
        // Lamps and lit windows: the brightest parts of the day picture glow instead of dimming.
        const original = (0.2126 * data[i]! + 0.7152 * data[i + 1]! + 0.0722 * data[i + 2]!) / 255;
        const lit = smoothstep(0.9, 0.98, original);
        for (let k = 0; k < 3; k += 1) c[k] = c[k]! + (g.lights[k]! * original - c[k]!) * lit;
      }
      for (let k = 0; k < 3; k += 1) {
        out[i + k] = clamp255(data[i + k]! + s * (c[k]! * 255 - data[i + k]!));
      }
    }
  }
  job.onProgress({ percent: 90, message: '输出结果' });
  const file = outputPath(job.workDir, `atmosphere-${params.atmosphere}`, 'png');
  await rasterToPng({ data: out, width, height, channels: 4 }, file);
  return [await imageOutput(file, 'image/png')];
};
