import { binaryFromPixels, maskToRgba, type MaskDocument, type Rect } from './mask-model';

/** The selection tint drawn over the photo (indigo, about half opaque). */
const TINT = [99, 102, 241, 150] as const;

export const createOverlay = (width: number, height: number): HTMLCanvasElement => {
  const canvas = document.createElement('canvas');
  canvas.width = width;
  canvas.height = height;
  return canvas;
};

/** Repaints `rect` of the overlay from the raster (only what an edit touched). */
export const paintOverlay = (canvas: HTMLCanvasElement, doc: MaskDocument, rect?: Rect) => {
  const r = rect ?? { x: 0, y: 0, width: doc.width, height: doc.height };
  if (r.width <= 0 || r.height <= 0) return;
  const ctx = canvas.getContext('2d');
  if (!ctx) return;
  const img = ctx.createImageData(r.width, r.height);
  const px = img.data;
  for (let y = 0; y < r.height; y += 1) {
    const row = (r.y + y) * doc.width + r.x;
    for (let x = 0; x < r.width; x += 1) {
      if (!doc.data[row + x]) continue;
      const i = (y * r.width + x) * 4;
      px[i] = TINT[0];
      px[i + 1] = TINT[1];
      px[i + 2] = TINT[2];
      px[i + 3] = TINT[3];
    }
  }
  ctx.putImageData(img, r.x, r.y);
};

/** The mask as the server takes it: a PNG of exactly the image's size, white on black. */
export const maskPngBlob = (doc: MaskDocument): Promise<Blob> => {
  const canvas = createOverlay(doc.width, doc.height);
  const ctx = canvas.getContext('2d');
  if (!ctx) return Promise.reject(new Error('浏览器不支持画布，无法生成选区'));
  ctx.putImageData(new ImageData(maskToRgba(doc), doc.width, doc.height), 0, 0);
  return new Promise((resolve, reject) =>
    canvas.toBlob(
      (blob) => (blob ? resolve(blob) : reject(new Error('选区图片生成失败，请重试'))),
      'image/png',
    ),
  );
};

export const loadImage = (url: string): Promise<HTMLImageElement> =>
  new Promise((resolve, reject) => {
    const img = new window.Image();
    img.crossOrigin = 'anonymous';
    img.onload = () => resolve(img);
    img.onerror = () => reject(new Error('图片加载失败，请检查网络后重试'));
    img.src = url;
  });

/** A mask image from the server (a click segmentation, a saved mask) as a raster of this size. */
export const decodeMask = async (url: string, width: number, height: number) => {
  const img = await loadImage(url);
  const canvas = createOverlay(width, height);
  const ctx = canvas.getContext('2d', { willReadFrequently: true });
  if (!ctx) throw new Error('浏览器不支持画布，无法读取选区');
  ctx.imageSmoothingEnabled = false;
  ctx.drawImage(img, 0, 0, width, height);
  return binaryFromPixels(ctx.getImageData(0, 0, width, height).data, 4);
};
