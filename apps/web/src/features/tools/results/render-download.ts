import { planDownload, ZIP_NAME, type TaskOutput } from './download-plan';

/** A file ready to save: its name and its bytes (PNG for images, as spec §9 asks). */
export interface ReadyFile {
  name: string;
  blob: Blob;
}

const fetchBlob = async (url: string): Promise<Blob> => {
  // Output links are signed (/api/files/…?exp&sig), so a plain fetch reads them, shared or not.
  const res = await fetch(url);
  if (!res.ok) throw new Error(`download failed: ${res.status}`);
  return res.blob();
};

const decode = async (
  blob: Blob,
): Promise<CanvasImageSource & { width: number; height: number }> => {
  if (typeof createImageBitmap === 'function') return createImageBitmap(blob);
  const url = URL.createObjectURL(blob);
  try {
    const img = new Image();
    img.src = url;
    await img.decode();
    return img;
  } finally {
    URL.revokeObjectURL(url);
  }
};

/** Redraws an image as PNG (canvas, at download time). */
const redrawPng = async (blob: Blob): Promise<Blob> => {
  const image = await decode(blob);
  const canvas = document.createElement('canvas');
  canvas.width = image.width;
  canvas.height = image.height;
  const ctx = canvas.getContext('2d');
  if (!ctx) throw new Error('canvas 2d unavailable');
  ctx.drawImage(image, 0, 0);
  if ('close' in image && typeof image.close === 'function') image.close();
  return new Promise((resolve, reject) =>
    canvas.toBlob((b) => (b ? resolve(b) : reject(new Error('toBlob failed'))), 'image/png'),
  );
};

/**
 * One output as it should be saved: PNG (redrawn when the bytes are not PNG) or video. The bytes
 * are what the server serves this viewer (watermarked for non-members' gpt/video outputs).
 */
export const prepareOutput = async (
  output: TaskOutput,
  index: number,
  stem: string,
  keepFormat = false,
): Promise<ReadyFile> => {
  const raw = await fetchBlob(output.url);
  const plan = planDownload(output, index, stem, raw.type || undefined, keepFormat);
  return { name: plan.name, blob: plan.redraw ? await redrawPng(raw) : raw };
};

/** Saves through a temporary link (works in every browser, and Playwright sees a download). */
export const saveBlob = (blob: Blob, name: string) => {
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = name;
  a.rel = 'noopener';
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 30_000);
};

/** Every output in photo.zip, each prepared like a single download. */
export const zipOutputs = async (
  outputs: TaskOutput[],
  stem: string,
  keepFormat = false,
): Promise<ReadyFile> => {
  const files = await Promise.all(
    outputs.map(async (o, i) => {
      const ready = await prepareOutput(o, i, stem, keepFormat);
      return { name: ready.name, data: new Uint8Array(await ready.blob.arrayBuffer()) };
    }),
  );
  // The zip code (fflate) is fetched on the first zip download, not with the tool page.
  const { zipFiles } = await import('./zip-files');
  const zip = zipFiles(files);
  return { name: ZIP_NAME, blob: new Blob([zip as BlobPart], { type: 'application/zip' }) };
};
