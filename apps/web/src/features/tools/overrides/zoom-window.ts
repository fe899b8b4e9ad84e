/**
 * The zoomed side-by-side comparison: both panes show the same region of two pictures of the
 * same aspect (the compressed one may be smaller when the engine had to shrink it). Returns CSS
 * background size and position for a pane of `pane` pixels, centred on `focus` (0–1 of the
 * picture), at `zoom` times the size that fits the pane.
 */
export interface ZoomView {
  size: { width: number; height: number };
  position: { x: number; y: number };
}

const clamp = (v: number, min: number, max: number) => Math.min(max, Math.max(min, v));

export const zoomView = (
  picture: { width: number; height: number },
  pane: { width: number; height: number },
  focus: { x: number; y: number },
  zoom: number,
): ZoomView => {
  // "Cover" the pane at zoom 1, so the pane is never empty at its edges.
  const cover = Math.max(pane.width / picture.width, pane.height / picture.height);
  const width = picture.width * cover * zoom;
  const height = picture.height * cover * zoom;
  const x = clamp(pane.width / 2 - focus.x * width, pane.width - width, 0);
  const y = clamp(pane.height / 2 - focus.y * height, pane.height - height, 0);
  return { size: { width, height }, position: { x, y } };
};

/** A pointer position inside an element as a 0–1 focus point. */
export const focusFromPointer = (
  rect: { left: number; top: number; width: number; height: number },
  clientX: number,
  clientY: number,
) => ({
  x: clamp((clientX - rect.left) / rect.width, 0, 1),
  y: clamp((clientY - rect.top) / rect.height, 0, 1),
});
