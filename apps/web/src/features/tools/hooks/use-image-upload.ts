import { useState } from 'react';
import { reportUploadError, uploadToolImage } from '../model/upload-image';
import type { InputImage } from '../store/family-stores';

/**
 * Adds one picked, dropped or pasted file to an input: the spec §5 upload, then the new list (a
 * single input is replaced, a list input grows up to `max`). Shared by the desktop upload card and
 * the phone's camera/album buttons.
 */
export const useImageUpload = (
  images: InputImage[],
  max: number,
  onChange: (images: InputImage[]) => void,
) => {
  const [busy, setBusy] = useState(false);
  const add = async (file: File | undefined) => {
    if (!file) return;
    setBusy(true);
    try {
      const image = await uploadToolImage(file);
      onChange(max === 1 ? [image] : [...images, image].slice(0, max));
    } catch (error) {
      reportUploadError(error);
    } finally {
      setBusy(false);
    }
  };
  return { busy, add };
};
