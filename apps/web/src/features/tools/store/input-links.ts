import type { FreshLink, InputImage, Inputs, ToolState } from './state-types';

/**
 * Saved inputs carry signed links that expire (the server signs them for 1–2 hours, and a plain
 * <img> sends no session). These pure helpers decide which links are stale and put fresh ones
 * (from POST /upload/links) in place; refresh-links.ts does the asking.
 */

export type { FreshLink, Inputs };

/** A link is renewed this long before it expires, so it never dies while on screen. */
export const STALE_MARGIN_MS = 5 * 60_000;

/** The expiry (ms) signed into a /api/files link, if it has one. */
export const linkExpiry = (url: string): number | undefined => {
  const exp = Number(new URL(url, 'http://x').searchParams.get('exp'));
  return Number.isSafeInteger(exp) && exp > 0 ? exp : undefined;
};

/** Expired, or expiring within `margin` ms. */
export const isStale = (image: InputImage, now: number, margin = STALE_MARGIN_MS): boolean => {
  const exp = linkExpiry(image.url);
  return exp !== undefined && exp - margin <= now;
};

export const inputIds = (inputs: Inputs | undefined): string[] =>
  Object.values(inputs ?? {}).flatMap((images) => images.map((img) => img.fileId));

export const hasStale = (inputs: Inputs | undefined, now: number, margin?: number): boolean =>
  Object.values(inputs ?? {}).some((images) => images.some((img) => isStale(img, now, margin)));

/** The earliest expiry among the inputs (for the next renewal), if any link has one. */
export const earliestExpiry = (all: Inputs[]): number | undefined => {
  const exps = all.flatMap((inputs) =>
    Object.values(inputs).flatMap((images) =>
      images.flatMap((img) => {
        const exp = linkExpiry(img.url);
        return exp === undefined ? [] : [exp];
      }),
    ),
  );
  return exps.length ? Math.min(...exps) : undefined;
};

/**
 * The inputs with fresh links. An id that was asked for and did not come back is gone (deleted,
 * or another account's): it is dropped, and a mask goes with its picture, since a mask only means
 * something on the image it was drawn on. Ids not asked for (uploaded meanwhile) stay as they are.
 */
export const withFreshLinks = (
  inputs: Inputs,
  fresh: ReadonlyMap<string, FreshLink>,
  asked: ReadonlySet<string>,
): Inputs => {
  const next: Inputs = {};
  for (const [name, images] of Object.entries(inputs)) {
    next[name] = images.flatMap((img) => {
      const link = fresh.get(img.fileId);
      if (link) return [{ ...img, url: link.url, thumbUrl: link.thumbUrl }];
      return asked.has(img.fileId) ? [] : [img];
    });
  }
  const pictureGone = (inputs['upload_img']?.length ?? 0) > 0 && next['upload_img']?.length === 0;
  if (pictureGone && next['mask']) next['mask'] = [];
  return next;
};

/** Same content (so an unchanged refresh does not re-render the page). */
export const sameInputs = (a: Inputs, b: Inputs): boolean =>
  JSON.stringify(a) === JSON.stringify(b);

/**
 * Tools restored with expired links have their inputs set aside until fresh links arrive: the
 * mask editor reads a saved mask once, and an expired link would make it drop the mask.
 */
export const holdExpired = (
  tools: Record<string, ToolState>,
  now: number,
): { tools: Record<string, ToolState>; held: Record<string, Inputs> } => {
  const held: Record<string, Inputs> = {};
  const shown: Record<string, ToolState> = {};
  for (const [toolId, tool] of Object.entries(tools)) {
    if (hasStale(tool.inputs, now, 0)) {
      held[toolId] = tool.inputs;
      shown[toolId] = { ...tool, inputs: {} };
    } else {
      shown[toolId] = tool;
    }
  }
  return { tools: shown, held };
};
