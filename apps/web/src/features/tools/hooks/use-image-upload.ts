import { useState } from 'react';
import { reportUploadError, uploadToolImage } from '../model/upload-image';
import type { InputImage } from '../store/family-stores';

/**
 * Adds picked, dropped or pasted files to an input: the spec §5 upload, then the new list (a
 * single input is replaced, a list input grows up to `max`). Several files (a drop onto a list)
 * go one after another, each shown as soon as it is stored. Shared by the desktop upload card and
 * the phone's camera/album buttons.
 */
export const useImageUpload = (
  images: InputImage[],
  max: number,
  onChange: (images: InputImage[]) => void,
) => {
  const [busy, setBusy] = useState(false);
  const add = async (files: File | File[] | undefined) => {
    const list = (Array.isArray(files) ? files : files ? [files] : []).slice(
      0,
      max === 1 ? 1 : Math.max(0, max - images.length),
    );
    if (list.length === 0) return;
    setBusy(true);
    let current = images;
    try {
      for (const file of list) {
        const image = await uploadToolImage(file);
        current = max === 1 ? [image] : [...current, image].slice(0, max);
        onChange(current);
      }
    } catch (error) {
      reportUploadError(error);
    } finally {
      setBusy(false);
    }
  };
  return { busy, add };
};
