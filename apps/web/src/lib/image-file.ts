import { IMAGE_DOWNSCALE_SIDE, IMAGE_MAX_SIDE } from './constants';

/** The image-size notice of spec §5. */
export const IMAGE_COMPRESSED_NOTICE = '图片尺寸过大，已自动压缩';

export const readAsDataUrl = (file: Blob): Promise<string> =>
  new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(reader.error ?? new Error('读取图片失败'));
    reader.readAsDataURL(file);
  });

const loadImage = (src: string): Promise<HTMLImageElement> =>
  new Promise((resolve, reject) => {
    const img = new Image();
    img.onload = () => resolve(img);
    img.onerror = () => reject(new Error('无法读取该图片，请换一张试试'));
    img.src = src;
  });

/** Sizes after spec §5: within 4000 × 4000 unchanged, else the longer side becomes 1024. */
export const fitImage = (width: number, height: number) => {
  if (width <= IMAGE_MAX_SIDE && height <= IMAGE_MAX_SIDE) return { width, height, resized: false };
  const scale = IMAGE_DOWNSCALE_SIDE / Math.max(width, height);
  return {
    width: Math.max(1, Math.round(width * scale)),
    height: Math.max(1, Math.round(height * scale)),
    resized: true,
  };
};

/**
 * Reads an image file as a data URL after the spec §5 size rule. `maxChars` lets a caller with a
 * payload limit (the avatar's 3 MB) ask for the same 1024 redraw when the original is too heavy.
 */
export const prepareImage = async (
  file: Blob,
  options: { maxChars?: number } = {},
): Promise<{ dataUrl: string; compressed: boolean }> => {
  const original = await readAsDataUrl(file);
  const img = await loadImage(original);
  const fit = fitImage(img.naturalWidth, img.naturalHeight);
  const tooHeavy = options.maxChars !== undefined && original.length > options.maxChars;
  if (!fit.resized && !tooHeavy) return { dataUrl: original, compressed: false };
  // Too large by pixels (spec §5) or by bytes: redraw with the longer side at 1024.
  const scale = Math.min(1, IMAGE_DOWNSCALE_SIDE / Math.max(img.naturalWidth, img.naturalHeight));
  const width = Math.max(1, Math.round(img.naturalWidth * scale));
  const height = Math.max(1, Math.round(img.naturalHeight * scale));
  const canvas = document.createElement('canvas');
  canvas.width = width;
  canvas.height = height;
  const context = canvas.getContext('2d');
  if (!context) throw new Error('浏览器不支持图片处理');
  context.drawImage(img, 0, 0, width, height);
  return { dataUrl: canvas.toDataURL('image/jpeg', 0.9), compressed: true };
};
