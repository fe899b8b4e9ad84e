import { z } from 'zod';
import { EngineError } from '../engine';
import type { EngineJob, EngineOutput } from '../engine';
import type { LocalContext } from './local-job';
import { formatMegapixels, parseParams, requireInput, throwIfAborted } from './local-job';
import { matFromBytes, withMats } from './opencv-runtime';
import { imageOutput, imageSize, outputPath, rasterToPng, readRgba, rgbOf } from './raster';

const side = z.number().int().min(0).max(8192).default(0);

export const extendParamsSchema = z.object({
  top: side,
  right: side,
  bottom: side,
  left: side,
  /** Instead of sides: grow to this aspect ratio ('16:9', '1:1'…) around the centre. */
  ratio: z
    .string()
    .regex(/^\d{1,3}:\d{1,3}$/)
    .optional(),
  anchor: z.enum(['center']).default('center'),
});
export type ExtendParams = z.infer<typeof extendParamsSchema>;

type Pads = { top: number; right: number; bottom: number; left: number };

/** Paddings that reach the ratio by growing one axis only, split evenly around the picture. */
export const padsForRatio = (width: number, height: number, ratio: string): Pads => {
  const [a, b] = ratio.split(':').map(Number) as [number, number];
  if (!a || !b) throw new EngineError('画面比例不正确', ratio);
  const target = a / b;
  if (Math.abs(width / height - target) < 1e-3) return { top: 0, right: 0, bottom: 0, left: 0 };
  if (width / height < target) {
    const extra = Math.round(height * target) - width;
    return { top: 0, bottom: 0, left: Math.floor(extra / 2), right: Math.ceil(extra / 2) };
  }
  const extra = Math.round(width / target) - height;
  return { left: 0, right: 0, top: Math.floor(extra / 2), bottom: Math.ceil(extra / 2) };
};

export const extend = async (job: EngineJob, ctx: LocalContext): Promise<EngineOutput[]> => {
  const params = parseParams(extendParamsSchema, job.params);
  const input = requireInput(job, 'upload_img', '请先上传需要扩图的图片');
  await imageSize(input, ctx.maxPixels);
  const rgba = await readRgba(input);
  const { width, height } = rgba;
  const pads: Pads = params.ratio
    ? padsForRatio(width, height, params.ratio)
    : { top: params.top, right: params.right, bottom: params.bottom, left: params.left };
  const outW = width + pads.left + pads.right;
  const outH = height + pads.top + pads.bottom;
  if (outW === width && outH === height) {
    throw new EngineError('请设置需要扩展的方向和尺寸', JSON.stringify(pads));
  }
  if (outW * outH > ctx.maxPixels) {
    throw new EngineError(`扩图后将超过 ${formatMegapixels(ctx.maxPixels)}，请减小扩展尺寸`);
  }
  job.onProgress({ percent: 15, message: '镜像延展边缘' });
  throwIfAborted(job.signal);

  const canvas = await withMats((cv, track) => {
    const src = track(matFromBytes(cv, rgbOf(rgba), height, width, cv.CV_8UC3));
    // A mirror continues every edge without a seam of colour, but a mirror is recognisable far
    // from the picture; we soften it progressively with distance and re-fill a band along the
    // seam by inpainting, where reflection leaves a visible kink in gradients and lines.
    const mirrored = track(new cv.Mat());
    cv.copyMakeBorder(
      src,
      mirrored,
      pads.top,
      pads.bottom,
      pads.left,
      pads.right,
      cv.BORDER_REFLECT_101,
    );
    const blurred = track(new cv.Mat());
    const sigma = Math.max(3, Math.min(width, height) * 0.03);
    cv.GaussianBlur(mirrored, blurred, new cv.Size(0, 0), sigma, sigma, cv.BORDER_REFLECT_101);
    const ramp = Math.max(8, Math.min(width, height) * 0.15);
    const band = Math.max(2, Math.round(Math.min(width, height) * 0.01));
    const seam = new Uint8Array(outW * outH);
    const m = mirrored.data;
    const b = blurred.data;
    for (let y = 0; y < outH; y += 1) {
      const dy = Math.max(pads.top - y, y - (pads.top + height - 1), 0);
      for (let x = 0; x < outW; x += 1) {
        const dx = Math.max(pads.left - x, x - (pads.left + width - 1), 0);
        const d = Math.hypot(dx, dy);
        if (d === 0) continue;
        const w = Math.min(1, d / ramp);
        const i = (y * outW + x) * 3;
        for (let c = 0; c < 3; c += 1) m[i + c] = Math.round(m[i + c]! * (1 - w) + b[i + c]! * w);
        if (d <= band) seam[y * outW + x] = 255;
      }
    }
    const seamMask = track(matFromBytes(cv, seam, outH, outW, cv.CV_8UC1));
    const filled = track(new cv.Mat());
    cv.inpaint(mirrored, seamMask, filled, band * 2, cv.INPAINT_TELEA);
    return Uint8Array.from(filled.data);
  });
  throwIfAborted(job.signal);

  // New border is opaque; the original keeps its exact pixels, alpha included.
  const out = Buffer.alloc(outW * outH * 4);
  for (let p = 0; p < outW * outH; p += 1) {
    out[p * 4] = canvas[p * 3]!;
    out[p * 4 + 1] = canvas[p * 3 + 1]!;
    out[p * 4 + 2] = canvas[p * 3 + 2]!;
    out[p * 4 + 3] = 255;
  }
  for (let y = 0; y < height; y += 1) {
    rgba.data.copy(
      out,
      ((y + pads.top) * outW + pads.left) * 4,
      y * width * 4,
      (y + 1) * width * 4,
    );
  }
  job.onProgress({ percent: 90, message: '输出结果' });
  const file = outputPath(job.workDir, 'extended', 'png');
  await rasterToPng({ data: out, width: outW, height: outH, channels: 4 }, file);
  return [await imageOutput(file, 'image/png')];
};
