/**
 * The mask as data: a binary raster at the ORIGINAL image's pixel size (1 = selected) and the
 * list of edits that produced it. Pure TypeScript (no canvas), so what is exported to the server
 * is exactly what these functions compute and the tests check it without a browser.
 *
 * Coordinates are image pixels; a pixel (px, py) is "hit" when its centre (px + .5, py + .5) is
 * inside the shape.
 */

export type MaskMode = 'paint' | 'erase';

export type MaskOp =
  /**
   * A brush or eraser stroke: flat [x0, y0, x1, y1, …] and the brush diameter, image pixels;
   * with a pen, the pressure (0–1) at each point thins the line.
   */
  | { kind: 'stroke'; mode: MaskMode; size: number; points: number[]; pressure?: number[] }
  /** A closed polygon: flat [x0, y0, …], at least three points. */
  | { kind: 'polygon'; mode: MaskMode; points: number[] }
  /** A click-segmentation result (0/1 per pixel at image size), added to the selection. */
  | { kind: 'segment'; data: Uint8Array }
  | { kind: 'invert' }
  | { kind: 'clear' };

export interface Rect {
  x: number;
  y: number;
  width: number;
  height: number;
}

const clampRect = (x0: number, y0: number, x1: number, y1: number, w: number, h: number) => {
  const x = Math.max(0, Math.floor(x0));
  const y = Math.max(0, Math.floor(y0));
  const r = Math.min(w, Math.ceil(x1));
  const b = Math.min(h, Math.ceil(y1));
  return { x, y, width: Math.max(0, r - x), height: Math.max(0, b - y) };
};

export const unionRect = (a: Rect | null, b: Rect): Rect => {
  if (!a || a.width === 0 || a.height === 0) return b;
  if (b.width === 0 || b.height === 0) return a;
  const x = Math.min(a.x, b.x);
  const y = Math.min(a.y, b.y);
  return {
    x,
    y,
    width: Math.max(a.x + a.width, b.x + b.width) - x,
    height: Math.max(a.y + a.height, b.y + b.height) - y,
  };
};

/**
 * Sets every pixel whose centre lies within `radius` of the segment (x0,y0)–(x1,y1): a capsule,
 * which is what a round brush dragged along the segment covers. Returns the touched rectangle.
 */
export const stampSegment = (
  data: Uint8Array,
  width: number,
  height: number,
  seg: { x0: number; y0: number; x1: number; y1: number; radius: number },
  value: 0 | 1,
): Rect => {
  const { x0, y0, x1, y1, radius } = seg;
  const rect = clampRect(
    Math.min(x0, x1) - radius - 1,
    Math.min(y0, y1) - radius - 1,
    Math.max(x0, x1) + radius + 1,
    Math.max(y0, y1) + radius + 1,
    width,
    height,
  );
  const dx = x1 - x0;
  const dy = y1 - y0;
  const len2 = dx * dx + dy * dy;
  const r2 = radius * radius;
  for (let py = rect.y; py < rect.y + rect.height; py += 1) {
    const cy = py + 0.5;
    for (let px = rect.x; px < rect.x + rect.width; px += 1) {
      const cx = px + 0.5;
      let t = len2 === 0 ? 0 : ((cx - x0) * dx + (cy - y0) * dy) / len2;
      t = t < 0 ? 0 : t > 1 ? 1 : t;
      const ex = cx - (x0 + t * dx);
      const ey = cy - (y0 + t * dy);
      if (ex * ex + ey * ey <= r2) data[py * width + px] = value;
    }
  }
  return rect;
};

/** Fills a polygon (even-odd rule, pixel centres) with `value`. Returns the touched rectangle. */
export const fillPolygon = (
  data: Uint8Array,
  width: number,
  height: number,
  points: readonly number[],
  value: 0 | 1,
): Rect => {
  const n = Math.floor(points.length / 2);
  if (n < 3) return { x: 0, y: 0, width: 0, height: 0 };
  let minX = Infinity;
  let minY = Infinity;
  let maxX = -Infinity;
  let maxY = -Infinity;
  for (let i = 0; i < n; i += 1) {
    const x = points[2 * i]!;
    const y = points[2 * i + 1]!;
    minX = Math.min(minX, x);
    maxX = Math.max(maxX, x);
    minY = Math.min(minY, y);
    maxY = Math.max(maxY, y);
  }
  const rect = clampRect(minX, minY, maxX + 1, maxY + 1, width, height);
  const xs: number[] = [];
  for (let py = rect.y; py < rect.y + rect.height; py += 1) {
    const cy = py + 0.5;
    xs.length = 0;
    for (let i = 0, j = n - 1; i < n; j = i, i += 1) {
      const xi = points[2 * i]!;
      const yi = points[2 * i + 1]!;
      const xj = points[2 * j]!;
      const yj = points[2 * j + 1]!;
      if (yi > cy !== yj > cy) xs.push(xi + ((cy - yi) * (xj - xi)) / (yj - yi));
    }
    xs.sort((a, b) => a - b);
    for (let k = 0; k + 1 < xs.length; k += 2) {
      // Pixel centres px + .5 within [xs[k], xs[k+1]).
      const from = Math.max(0, Math.ceil(xs[k]! - 0.5));
      const to = Math.min(width, Math.ceil(xs[k + 1]! - 0.5));
      if (to > from) data.fill(value, py * width + from, py * width + to);
    }
  }
  return rect;
};

/** Binary raster from 8-bit grey or RGBA pixels (a decoded mask image): bright and opaque = 1. */
export const binaryFromPixels = (pixels: ArrayLike<number>, channels: 1 | 4): Uint8Array => {
  const out = new Uint8Array(pixels.length / channels);
  for (let p = 0, i = 0; p < out.length; p += 1, i += channels) {
    if (channels === 1) {
      out[p] = pixels[i]! > 127 ? 1 : 0;
    } else {
      const y = 0.299 * pixels[i]! + 0.587 * pixels[i + 1]! + 0.114 * pixels[i + 2]!;
      out[p] = (y * pixels[i + 3]!) / 255 > 127 ? 1 : 0;
    }
  }
  return out;
};

/** A light touch still draws: full pressure is the full size, none is a third of it. */
export const pressureScale = (pressure: number) => 0.35 + 0.65 * Math.min(1, Math.max(0, pressure));

const strokeSegments = (op: Extract<MaskOp, { kind: 'stroke' }>, from = 0) => {
  const segs: { x0: number; y0: number; x1: number; y1: number; radius: number }[] = [];
  const p = op.points;
  const at = (k: number) => (op.pressure ? pressureScale(op.pressure[k] ?? 1) : 1);
  for (let i = Math.max(0, from); i + 1 < p.length; i += 2) {
    const k = i / 2;
    const x0 = i >= 2 ? p[i - 2]! : p[i]!;
    const y0 = i >= 2 ? p[i - 1]! : p[i + 1]!;
    const scale = k > 0 ? (at(k - 1) + at(k)) / 2 : at(k);
    segs.push({ x0, y0, x1: p[i]!, y1: p[i + 1]!, radius: (op.size / 2) * scale });
  }
  return segs;
};

/** Applies one edit to the raster in place; returns what changed (the whole image for global edits). */
export const applyOp = (data: Uint8Array, width: number, height: number, op: MaskOp): Rect => {
  const all = { x: 0, y: 0, width, height };
  switch (op.kind) {
    case 'stroke': {
      let rect: Rect | null = null;
      const value = op.mode === 'paint' ? 1 : 0;
      for (const seg of strokeSegments(op)) {
        rect = unionRect(rect, stampSegment(data, width, height, seg, value));
      }
      return rect ?? { x: 0, y: 0, width: 0, height: 0 };
    }
    case 'polygon':
      return fillPolygon(data, width, height, op.points, op.mode === 'paint' ? 1 : 0);
    case 'segment':
      for (let i = 0; i < data.length; i += 1) if (op.data[i]) data[i] = 1;
      return all;
    case 'invert':
      for (let i = 0; i < data.length; i += 1) data[i] = data[i] ? 0 : 1;
      return all;
    case 'clear':
      data.fill(0);
      return all;
  }
};

/**
 * A mask being edited: the raster, its history (undo/redo) and an optional base layer (a mask
 * restored from the server after a reload). Mutable on purpose: a 4000 × 4000 raster is 16 MB,
 * so edits change it in place and report the rectangle they touched; `version` increases with
 * every change so views know when to redraw.
 */
export class MaskDocument {
  readonly data: Uint8Array;
  private done: MaskOp[] = [];
  private undone: MaskOp[] = [];
  private base: Uint8Array | null = null;
  /** The stroke being drawn (already in `done` and on the raster). */
  private live: Extract<MaskOp, { kind: 'stroke' }> | null = null;
  version = 0;

  constructor(
    readonly width: number,
    readonly height: number,
  ) {
    if (!(width > 0 && height > 0)) throw new Error('mask size must be positive');
    this.data = new Uint8Array(width * height);
  }

  get canUndo() {
    return this.done.length > 0 && !this.live;
  }
  get canRedo() {
    return this.undone.length > 0 && !this.live;
  }
  get history(): readonly MaskOp[] {
    return this.done;
  }

  /** Selected pixel count (0 = nothing to send). */
  count(): number {
    let n = 0;
    for (let i = 0; i < this.data.length; i += 1) n += this.data[i]!;
    return n;
  }
  isEmpty(): boolean {
    return this.data.indexOf(1) === -1;
  }

  /** Replaces everything with a restored mask (not undoable: it is where history starts). */
  setBase(data: Uint8Array): void {
    if (data.length !== this.data.length) throw new Error('base mask size differs');
    this.base = data.slice();
    this.done = [];
    this.undone = [];
    this.live = null;
    this.replay();
  }

  /** Applies an edit and records it; redo is lost, as in every editor. */
  apply(op: MaskOp): Rect {
    this.endStroke();
    this.done.push(op);
    this.undone = [];
    this.version += 1;
    return applyOp(this.data, this.width, this.height, op);
  }

  /** Replaces the last edit (a click segmentation refined by another click). */
  replaceLast(op: MaskOp): Rect {
    this.endStroke();
    this.done.pop();
    this.done.push(op);
    this.undone = [];
    this.replay();
    return { x: 0, y: 0, width: this.width, height: this.height };
  }

  beginStroke(mode: MaskMode, size: number, x: number, y: number, pressure?: number): Rect {
    this.endStroke();
    const op: MaskOp = { kind: 'stroke', mode, size: Math.max(1, size), points: [x, y] };
    if (pressure !== undefined) op.pressure = [pressure];
    this.done.push(op);
    this.undone = [];
    this.live = op;
    this.version += 1;
    return applyOp(this.data, this.width, this.height, op);
  }

  /** Adds a point to the live stroke; only the new segment is rasterised. */
  extendStroke(x: number, y: number, pressure?: number): Rect {
    const op = this.live;
    if (!op) return { x: 0, y: 0, width: 0, height: 0 };
    const last = op.points.length;
    if (op.points[last - 2] === x && op.points[last - 1] === y) {
      return { x: 0, y: 0, width: 0, height: 0 };
    }
    op.points.push(x, y);
    op.pressure?.push(pressure ?? op.pressure[op.pressure.length - 1] ?? 1);
    this.version += 1;
    const [seg] = strokeSegments(op, last);
    return stampSegment(this.data, this.width, this.height, seg!, op.mode === 'paint' ? 1 : 0);
  }

  endStroke(): void {
    this.live = null;
  }

  /** Drops the live stroke (a second finger arrived: it was a pinch, not a stroke). */
  cancelStroke(): void {
    if (!this.live) return;
    this.done.pop();
    this.live = null;
    this.replay();
  }

  undo(): boolean {
    if (!this.canUndo) return false;
    this.undone.push(this.done.pop()!);
    this.replay();
    return true;
  }

  redo(): boolean {
    if (!this.canRedo) return false;
    const op = this.undone.pop()!;
    this.done.push(op);
    this.version += 1;
    applyOp(this.data, this.width, this.height, op);
    return true;
  }

  private replay(): void {
    if (this.base) this.data.set(this.base);
    else this.data.fill(0);
    for (const op of this.done) applyOp(this.data, this.width, this.height, op);
    this.version += 1;
  }
}

/** Stroke-preview helpers: the brush diameter in image pixels for a size shown on screen. */
export const imageBrushSize = (screenSize: number, scale: number) =>
  Math.max(1, screenSize / Math.max(scale, 1e-6));

/**
 * The mask as an RGBA pixel buffer for a PNG: white where selected, black elsewhere, opaque.
 * The server reads luminance × alpha > 127 as selected.
 */
export const maskToRgba = (doc: Pick<MaskDocument, 'data' | 'width' | 'height'>) => {
  const rgba = new Uint8ClampedArray(doc.width * doc.height * 4);
  for (let p = 0, i = 0; p < doc.data.length; p += 1, i += 4) {
    const v = doc.data[p] ? 255 : 0;
    rgba[i] = v;
    rgba[i + 1] = v;
    rgba[i + 2] = v;
    rgba[i + 3] = 255;
  }
  return rgba;
};
