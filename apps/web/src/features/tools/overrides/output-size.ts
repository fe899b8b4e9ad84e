/**
 * Upscale sizes, computed before a run from the upload's own width and height. The limits mirror
 * the local engine (engines/local/upscale.capability.ts and its maxPixels default), so the page
 * warns about exactly what the engine would refuse.
 */
export const MAX_OUTPUT_PIXELS = 40_000_000;
export const ESRGAN_MAX_INPUT_PIXELS = 1_000_000;

export type UpscaleProblem = 'too-large' | 'ai-input-too-large';

export interface UpscalePlan {
  scale: number;
  width: number;
  height: number;
  /** Output megapixels, one decimal. */
  megapixels: number;
  problem?: UpscaleProblem;
}

export const upscalePlan = (
  input: { width: number; height: number },
  scale: number,
  mode: unknown,
): UpscalePlan => {
  const width = input.width * scale;
  const height = input.height * scale;
  const plan: UpscalePlan = {
    scale,
    width,
    height,
    megapixels: Math.round((width * height) / 100_000) / 10,
  };
  if (width * height > MAX_OUTPUT_PIXELS) plan.problem = 'too-large';
  else if (mode === 'esrgan' && input.width * input.height > ESRGAN_MAX_INPUT_PIXELS)
    plan.problem = 'ai-input-too-large';
  return plan;
};

/** Print-size hint: centimetres on the long side at 300 dpi, a number designers use. */
export const printCentimetres = (pixels: number, dpi = 300) =>
  Math.round((pixels / dpi) * 2.54 * 10) / 10;
