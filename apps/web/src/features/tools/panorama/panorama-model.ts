/**
 * Panorama rules the viewer screens share. An equirectangular panorama is twice as wide as it is
 * tall (360° × 180°); anything else would be stretched on the sphere, so the page says so before
 * a designer spends tickets on it or wonders why the view looks warped.
 */
export const EQUIRECT_RATIO = 2;
const TOLERANCE = 0.04;

export const isEquirect = (width: number, height: number): boolean =>
  width > 0 &&
  height > 0 &&
  Math.abs(width / height - EQUIRECT_RATIO) <= EQUIRECT_RATIO * TOLERANCE;

/** Query parameters of /panorama that open the viewer straight away. */
export const PANORAMA_VIEW_PARAM = 'view';
export const PANORAMA_SHARE_PARAM = 'share';

/** What the viewer shows and where its link leads. */
export type PanoramaSource =
  /** A file the signed-in owner uploaded: the link works for that account only. */
  | { kind: 'file'; fileId: string }
  /** A finished run shared on purpose: the link works for anyone who has it. */
  | { kind: 'share'; token: string }
  /** A picture address already at hand (a file on this device, a signed output link). */
  | { kind: 'url'; url: string };

/** The /panorama link that reopens a source in the viewer (none for a bare picture address). */
export const panoramaLink = (origin: string, source: PanoramaSource): string | undefined => {
  if (source.kind === 'url') return undefined;
  const [key, value] =
    source.kind === 'file'
      ? [PANORAMA_VIEW_PARAM, source.fileId]
      : [PANORAMA_SHARE_PARAM, source.token];
  return `${origin}/panorama?${key}=${encodeURIComponent(value)}`;
};

/** The viewer source a /panorama address asks for, if any. */
export const sourceFromSearch = (search: string): PanoramaSource | undefined => {
  const q = new URLSearchParams(search);
  const token = q.get(PANORAMA_SHARE_PARAM)?.trim();
  if (token) return { kind: 'share', token };
  const fileId = q.get(PANORAMA_VIEW_PARAM)?.trim();
  if (fileId && /^[\w-]{1,64}$/.test(fileId)) return { kind: 'file', fileId };
  return undefined;
};

/** The file id inside one of our signed file links (/api/files/<id>?…). */
export const fileIdOf = (url: string): string | undefined =>
  /\/files\/([\w-]{1,64})(?:[/?#]|$)/.exec(url)?.[1];
