/** The viewer's transform: scale around the centre, then an offset in screen pixels. */
export interface ZoomView {
  scale: number;
  x: number;
  y: number;
}

export const MIN_SCALE = 1;
export const MAX_SCALE = 8;
export const fitView: ZoomView = { scale: 1, x: 0, y: 0 };

const clamp = (v: number, lo: number, hi: number) => Math.min(hi, Math.max(lo, v));

/**
 * Zooms by `factor` keeping the point under `at` (relative to the viewport centre) still, the
 * way a map zooms under the cursor or between two fingers. Back at 1× the image is centred.
 */
export const zoomAt = (view: ZoomView, factor: number, at = { x: 0, y: 0 }): ZoomView => {
  const scale = clamp(view.scale * factor, MIN_SCALE, MAX_SCALE);
  if (scale === MIN_SCALE) return fitView;
  const k = scale / view.scale;
  return { scale, x: at.x - (at.x - view.x) * k, y: at.y - (at.y - view.y) * k };
};

/** Drags the zoomed image; at 1× there is nothing to pan. */
export const panBy = (view: ZoomView, dx: number, dy: number): ZoomView =>
  view.scale === MIN_SCALE ? fitView : { ...view, x: view.x + dx, y: view.y + dy };

/** One wheel notch is ×1.2 (trackpads send small deltas and zoom smoothly). */
export const wheelFactor = (deltaY: number) => Math.pow(1.2, clamp(-deltaY / 100, -3, 3));

/**
 * The zoom as the picture is drawn: `scale` is relative to the fitted picture, `fit` is the
 * fitted width over the file's own (0.4 when a 2 000 px picture fits in 800 px). Undefined
 * until the picture has loaded and been measured.
 */
export const shownPercent = (scale: number, fit: number | undefined): number | undefined =>
  fit === undefined || !Number.isFinite(fit) || fit <= 0
    ? undefined
    : Math.round(scale * fit * 100);
