import { useEffect } from 'react';
import { carriesFiles } from '../model/upload-image';

let mounted = 0;

// Runs after the upload cards' own handlers (they sit lower in the tree): a drag they accepted
// has its default prevented already; anywhere else the cursor says "no" and nothing happens.
const onDragOver = (e: DragEvent) => {
  if (!carriesFiles(e.dataTransfer)) return;
  if (!e.defaultPrevented && e.dataTransfer) e.dataTransfer.dropEffect = 'none';
  e.preventDefault();
};
const onDrop = (e: DragEvent) => {
  if (carriesFiles(e.dataTransfer)) e.preventDefault();
};

/**
 * While a tool page is open, a file dropped beside an upload card is not opened by the browser
 * (which would leave the page and its work). One pair of document listeners however many cards.
 */
export const usePageFileDrop = () =>
  useEffect(() => {
    if (mounted++ === 0) {
      document.addEventListener('dragover', onDragOver);
      document.addEventListener('drop', onDrop);
    }
    return () => {
      if (--mounted === 0) {
        document.removeEventListener('dragover', onDragOver);
        document.removeEventListener('drop', onDrop);
      }
    };
  }, []);
