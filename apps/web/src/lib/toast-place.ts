import { TOAST_TOP } from './constants';

/** A notice's height with its margin (antd message: 40 px line + 8 px gap). */
export const TOAST_HEIGHT = 48;

type Box = { top: number; bottom: number };

/**
 * Where a toast goes so it never covers an open dialog's title. The spec's 200 px
 * (§9) when nothing is in the way; otherwise above the dialog when there is room, else just
 * under its title, over the dialog's body.
 */
export const toastTop = (dialog?: { box: Box; title: Box }): number => {
  if (!dialog) return TOAST_TOP;
  const { box, title } = dialog;
  const overlaps = title.top < TOAST_TOP + TOAST_HEIGHT && title.bottom > TOAST_TOP;
  if (!overlaps) return TOAST_TOP;
  if (box.top >= TOAST_HEIGHT + 8) return Math.round(box.top - TOAST_HEIGHT);
  return Math.round(title.bottom + 8);
};

/** The topmost open dialog's frame and title as the screen shows them, if any. */
export const openDialog = (doc: Document = document): { box: Box; title: Box } | undefined => {
  const frames = [
    ...doc.querySelectorAll<HTMLElement>('.ant-modal-wrap .ant-modal-content'),
  ].filter((el) => el.getClientRects().length > 0);
  const frame = frames.at(-1);
  if (!frame) return undefined;
  const title =
    frame.querySelector<HTMLElement>('.ant-modal-title, h1, h2, h3, [role="heading"]') ?? frame;
  const box = frame.getBoundingClientRect();
  const head = title.getBoundingClientRect();
  // A frame without a heading: its first 56 px are where a title would be.
  return {
    box,
    title: title === frame ? { top: box.top, bottom: box.top + 56 } : head,
  };
};
