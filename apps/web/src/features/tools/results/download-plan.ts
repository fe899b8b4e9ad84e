import type { TaskInfo } from '@huijing/contracts';

export type TaskOutput = TaskInfo['outputs'][number];

/** Spec §9: several files download as one archive of this name. */
export const ZIP_NAME = 'photo.zip';

/**
 * Whether the server hands this viewer the output watermarked: outputs of gpt (3) and video (4)
 * runs are marked for non-members (docs/payments.md; members get the original bytes). The server
 * decides; this only explains it next to the download button.
 */
export const servedWatermarked = (ticketType: number, isVip: boolean) =>
  !isVip && (ticketType === 3 || ticketType === 4);

/** How one output is saved: its file name and whether it must be redrawn as PNG first. */
export interface DownloadPlan {
  name: string;
  /** Redraw through a canvas: the bytes are not PNG. */
  redraw: boolean;
}

/** A safe file-name stem: tool id plus the first part of the task id (or a date for shares). */
export const downloadStem = (toolId: string, ref: string) =>
  `huijing-${toolId}-${ref.replace(/[^a-zA-Z0-9]/g, '').slice(0, 8)}`.replace(/-$/, '');

const mimeOf = (url: string): string | undefined => {
  const m = /\.(png|jpe?g|webp|mp4|webm)(?:[?#]|$)/i.exec(url);
  if (!m) return undefined;
  const ext = m[1]!.toLowerCase();
  return ext === 'png' ? 'image/png' : ext === 'mp4' || ext === 'webm' ? `video/${ext}` : 'image/*';
};

const imageExt: Record<string, string> = {
  'image/png': 'png',
  'image/jpeg': 'jpg',
  'image/webp': 'webp',
};
const extOfUrl = (url: string) =>
  /\.(png|jpe?g|webp)(?:[?#]|$)/i.exec(url)?.[1]?.toLowerCase().replace('jpeg', 'jpg');

/**
 * Images always save as PNG (spec §9 "single download saved as PNG"); videos keep their bytes.
 * The spec §9 watermark is in the bytes the server serves (non-members' gpt/video outputs), so
 * nothing is drawn here.
 * Whether an image needs a redraw is decided again from the fetched bytes' type (see
 * render-download.ts); this is the plan from what is known up front.
 */
export const planDownload = (
  output: Pick<TaskOutput, 'kind' | 'url'>,
  index: number,
  stem: string,
  fetchedMime?: string,
  /**
   * The output's format is what the designer chose (compress: JPG/WebP at a target size), so it
   * saves byte for byte instead of being redrawn as a much larger PNG.
   */
  keepFormat = false,
): DownloadPlan => {
  if (output.kind === 'video') {
    const ext = (fetchedMime ?? mimeOf(output.url)) === 'video/webm' ? 'webm' : 'mp4';
    return { name: `${stem}-${index + 1}.${ext}`, redraw: false };
  }
  const mime = fetchedMime ?? mimeOf(output.url);
  const ownExt = (fetchedMime && imageExt[fetchedMime]) ?? extOfUrl(output.url);
  if (keepFormat && ownExt) return { name: `${stem}-${index + 1}.${ownExt}`, redraw: false };
  return { name: `${stem}-${index + 1}.png`, redraw: mime !== 'image/png' };
};

/** The file id behind a `/api/files/<id>?…` link (outputs are the owner's files). */
export const fileIdFromUrl = (url: string): string | undefined =>
  /^(?:https?:\/\/[^/]+)?\/api\/files\/([0-9a-f-]{36})(?:[/?#]|$)/i.exec(url)?.[1];
