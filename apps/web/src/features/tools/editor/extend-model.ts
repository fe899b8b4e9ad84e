/** The four margins the extend tool adds around the picture, image pixels. */
export interface Pads {
  top: number;
  right: number;
  bottom: number;
  left: number;
}

export type Side = keyof Pads;
export const SIDES: readonly Side[] = ['top', 'right', 'bottom', 'left'];

/** The handles move in these steps and stop here (the form's sliders use the same range). */
export const PAD_STEP = 8;
export const PAD_MAX = 2048;

/**
 * Margins that reach `ratio` by growing one axis only, split evenly — the same arithmetic as the
 * local engine's padsForRatio (apps/server/src/engines/local/extend.capability.ts), so the
 * preview shows exactly what the engine will make.
 */
export const padsForRatio = (width: number, height: number, ratio: string): Pads => {
  const [a, b] = ratio.split(':').map(Number);
  const none = { top: 0, right: 0, bottom: 0, left: 0 };
  if (!a || !b) return none;
  const target = a / b;
  if (Math.abs(width / height - target) < 1e-3) return none;
  if (width / height < target) {
    const extra = Math.round(height * target) - width;
    return { top: 0, bottom: 0, left: Math.floor(extra / 2), right: Math.ceil(extra / 2) };
  }
  const extra = Math.round(width / target) - height;
  return { left: 0, right: 0, top: Math.floor(extra / 2), bottom: Math.ceil(extra / 2) };
};

/** The margins the tool's parameters ask for (a ratio wins over the sides, as in the engine). */
export const padsFromParams = (
  image: { width: number; height: number },
  values: Record<string, unknown>,
): Pads => {
  if (typeof values.ratio === 'string' && values.ratio) {
    return padsForRatio(image.width, image.height, values.ratio);
  }
  const num = (v: unknown) => (typeof v === 'number' && Number.isFinite(v) ? v : 0);
  return {
    top: num(values.top),
    right: num(values.right),
    bottom: num(values.bottom),
    left: num(values.left),
  };
};

/** A dragged side: snapped to the step, within 0…PAD_MAX. */
export const clampPad = (value: number) =>
  Math.min(PAD_MAX, Math.max(0, Math.round(value / PAD_STEP) * PAD_STEP));

export const outputSize = (image: { width: number; height: number }, pads: Pads) => ({
  width: image.width + pads.left + pads.right,
  height: image.height + pads.top + pads.bottom,
});
