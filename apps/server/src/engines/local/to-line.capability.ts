import { z } from 'zod';
import type { EngineJob, EngineOutput } from '../engine';
import type { LocalContext } from './local-job';
import { parseParams, requireInput, throwIfAborted } from './local-job';
import { matFromBytes, withMats } from './opencv-runtime';
import { clamp255, imageOutput, imageSize, outputPath, rasterToPng, readRgba } from './raster';
import type { Raster } from './raster';

export const toLineParamsSchema = z.object({
  lineWeight: z.number().int().min(1).max(5).default(2),
  detail: z.enum(['low', 'medium', 'high']).default('medium'),
  style: z.enum(['xdog', 'canny']).default('xdog'),
});
export type ToLineParams = z.infer<typeof toLineParamsSchema>;

/** Luminance with transparency composited on white, so a cut-out draws as its outline. */
const grayOnWhite = (rgba: Raster): Uint8Array => {
  const gray = new Uint8Array(rgba.width * rgba.height);
  for (let p = 0, i = 0; p < gray.length; p += 1, i += 4) {
    const a = rgba.data[i + 3]! / 255;
    const y = 0.299 * rgba.data[i]! + 0.587 * rgba.data[i + 1]! + 0.114 * rgba.data[i + 2]!;
    gray[p] = clamp255(y * a + 255 * (1 - a));
  }
  return gray;
};

// Texture suppression before edge finding: low detail keeps only strong structure.
const smoothing = { low: 60, medium: 30, high: 12 } as const;
// XDoG threshold on the band-pass response (0–1 luminance): lower draws fainter edges.
const xdogEpsilon = { low: 0.012, medium: 0.006, high: 0.003 } as const;
const cannyThresholds = { low: [90, 200], medium: [50, 130], high: [25, 70] } as const;

export const toLine = async (job: EngineJob, ctx: LocalContext): Promise<EngineOutput[]> => {
  const params = parseParams(toLineParamsSchema, job.params);
  const input = requireInput(job, 'upload_img', '请先上传需要转线稿的图片');
  await imageSize(input, ctx.maxPixels);
  const rgba = await readRgba(input);
  const { width, height } = rgba;
  // Line weight is meant relative to the picture: a 4000-px render needs thicker strokes than a
  // 1000-px one to read the same.
  const sizeFactor = Math.max(1, Math.min(width, height) / 1000);
  job.onProgress({ percent: 15, message: '提取边缘' });
  throwIfAborted(job.signal);

  const lines = await withMats((cv, track) => {
    const gray = track(matFromBytes(cv, grayOnWhite(rgba), height, width, cv.CV_8UC1));
    const smooth = track(new cv.Mat());
    cv.bilateralFilter(gray, smooth, 7, smoothing[params.detail], 5);
    const out = new Uint8Array(width * height);

    if (params.style === 'canny') {
      const edges = track(new cv.Mat());
      const [low, high] = cannyThresholds[params.detail];
      cv.Canny(smooth, edges, low, high, 3, true);
      const thickness = Math.max(1, Math.round(params.lineWeight * sizeFactor));
      if (thickness > 1) {
        const kernel = track(
          cv.getStructuringElement(cv.MORPH_ELLIPSE, new cv.Size(thickness, thickness)),
        );
        cv.dilate(edges, edges, kernel);
      }
      for (let i = 0; i < out.length; i += 1) out[i] = 255 - edges.data[i]!;
      return out;
    }

    // XDoG (Winnemöller et al. 2012): the difference of two Gaussians is a band-pass that goes
    // negative on the dark side of every edge; a soft tanh threshold turns it into ink with
    // anti-aliased borders instead of the jagged one-pixel edges of Canny.
    const sigma = (0.4 + 0.35 * params.lineWeight) * sizeFactor;
    const f = track(new cv.Mat());
    smooth.convertTo(f, cv.CV_32F, 1 / 255);
    const g1 = track(new cv.Mat());
    const g2 = track(new cv.Mat());
    cv.GaussianBlur(f, g1, new cv.Size(0, 0), sigma, sigma);
    cv.GaussianBlur(f, g2, new cv.Size(0, 0), sigma * 1.6, sigma * 1.6);
    const a = g1.data32F;
    const b = g2.data32F;
    const eps = xdogEpsilon[params.detail];
    const phi = 120;
    for (let i = 0; i < out.length; i += 1) {
      const d = a[i]! - b[i]!;
      out[i] = d >= -eps ? 255 : clamp255(255 * (1 + Math.tanh(phi * (d + eps))));
    }
    return out;
  });

  throwIfAborted(job.signal);
  job.onProgress({ percent: 85, message: '输出线稿' });
  const file = outputPath(job.workDir, `line-${params.style}`, 'png');
  await rasterToPng({ data: Buffer.from(lines), width, height, channels: 1 }, file);
  return [await imageOutput(file, 'image/png')];
};
