/**
 * "保存到相册" and "分享" on a phone. A web page cannot write to the photo library; the closest
 * is the system share sheet with the image as a file (iOS offers "存储图像", Android the gallery
 * apps), then a plain download, and long-press on the image always works. Sharing a result sends
 * the image file where possible, else its signed link (valid for an hour, see files.service).
 */

/** The parts of `navigator` this uses, so the choices are testable without a browser. */
export interface ShareNavigator {
  share?: (data: ShareData) => Promise<void>;
  canShare?: (data: ShareData) => boolean;
  clipboard?: { writeText: (text: string) => Promise<void> };
}

/** Whether the share sheet takes this file (Web Share Level 2). */
export const canShareFile = (nav: ShareNavigator, file: File): boolean =>
  typeof nav.share === 'function' &&
  typeof nav.canShare === 'function' &&
  nav.canShare({ files: [file] });

/** How a result is saved: through the share sheet with the file, or as a download. */
export const saveMethod = (
  nav: ShareNavigator,
  file: File | undefined,
): 'share-file' | 'download' => (file && canShareFile(nav, file) ? 'share-file' : 'download');

/** How a result is shared: the file, the link through the share sheet, or the link copied. */
export const shareMethod = (
  nav: ShareNavigator,
  file: File | undefined,
): 'share-file' | 'share-link' | 'copy-link' | 'none' => {
  if (file && canShareFile(nav, file)) return 'share-file';
  if (typeof nav.share === 'function') return 'share-link';
  if (nav.clipboard) return 'copy-link';
  return 'none';
};

/** A user closing the share sheet is not an error. */
export const isShareCancel = (error: unknown) =>
  error instanceof Error && error.name === 'AbortError';
