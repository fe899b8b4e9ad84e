import { IMAGE_RESIZED_NOTICE } from '@huijing/contracts';
import { prepareImage } from '../../../lib/image-file';
import { notify } from '../../../lib/notify';
import { ToolApiError, uploadImage } from '../api/tools.api';
import type { InputImage } from '../store/family-stores';

/** The types the server accepts (it checks magic bytes again). */
export const ACCEPTED_IMAGE_TYPES = ['image/jpeg', 'image/png', 'image/webp'];

export const isAcceptedImage = (file: { type: string }) => ACCEPTED_IMAGE_TYPES.includes(file.type);

/**
 * Spec §5 in the browser, then POST /upload: within 4000 × 4000 the file goes as it is; larger is
 * redrawn with the longer side 1024 and the designer sees the notice once.
 */
export const uploadToolImage = async (file: File): Promise<InputImage> => {
  if (!isAcceptedImage(file)) throw new Error('仅支持 JPG、PNG、WebP 格式的图片');
  const prepared = await prepareImage(file);
  const result = await uploadImage(prepared.compressed ? prepared.dataUrl : file);
  if (prepared.compressed || result.resized) notify(IMAGE_RESIZED_NOTICE, 'warning');
  return {
    fileId: result.fileId,
    url: result.url,
    thumbUrl: result.thumbUrl,
    width: result.width,
    height: result.height,
  };
};

/** The images of a clipboard or drop (files first; some browsers fill only `items`). */
export const imagesFromTransfer = (data: DataTransfer | null): File[] => {
  if (!data) return [];
  const files = Array.from(data.files).filter((file) => file.type.startsWith('image/'));
  if (files.length > 0) return files;
  return Array.from(data.items ?? []).flatMap((item) => {
    const file = item.kind === 'file' && item.type.startsWith('image/') ? item.getAsFile() : null;
    return file ? [file] : [];
  });
};

/** The first image of a clipboard or drop. */
export const imageFromTransfer = (data: DataTransfer | null): File | undefined =>
  imagesFromTransfer(data)[0];

/** A drag that carries files (not text or a link dragged within the page). */
export const carriesFiles = (data: DataTransfer | null): boolean =>
  Array.from(data?.types ?? []).includes('Files');

/**
 * Shows an upload failure once: envelope failures (ToolApiError) and network failures
 * (RequestError) were already shown by the request layer; anything else (a wrong type, an image
 * the browser cannot read) is shown here.
 */
export const reportUploadError = (error: unknown) => {
  if (error instanceof ToolApiError || !(error instanceof Error)) return;
  if (error.name !== 'RequestError') notify(error.message, 'error');
};
