/** Where the image sits on the stage: screen = image × scale + (x, y). */
export interface View {
  scale: number;
  x: number;
  y: number;
}

export const MIN_ZOOM = 0.05;
export const MAX_ZOOM = 16;

/** The whole image, centred, with a margin; never enlarged past 100 % by "fit". */
export const fitView = (
  box: { width: number; height: number },
  image: { width: number; height: number },
  margin = 16,
): View => {
  const scale = Math.min(
    1,
    Math.max(MIN_ZOOM, (box.width - 2 * margin) / image.width),
    Math.max(MIN_ZOOM, (box.height - 2 * margin) / image.height),
  );
  return {
    scale,
    x: (box.width - image.width * scale) / 2,
    y: (box.height - image.height * scale) / 2,
  };
};

/** Zooms by `factor` keeping the stage point `at` over the same image point. */
export const zoomAt = (view: View, factor: number, at: { x: number; y: number }): View => {
  const scale = Math.min(MAX_ZOOM, Math.max(MIN_ZOOM, view.scale * factor));
  const k = scale / view.scale;
  return { scale, x: at.x - (at.x - view.x) * k, y: at.y - (at.y - view.y) * k };
};

export const toImage = (view: View, p: { x: number; y: number }) => ({
  x: (p.x - view.x) / view.scale,
  y: (p.y - view.y) / view.scale,
});
