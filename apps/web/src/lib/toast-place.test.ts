import { describe, expect, it } from 'vitest';
import { TOAST_TOP } from './constants';
import { TOAST_HEIGHT, toastTop } from './toast-place';

const box = (top: number, bottom: number) => ({ top, bottom });

describe('toastTop: a toast never covers an open dialog title', () => {
  it('keeps the spec offset with no dialog, or a dialog whose title is clear of it', () => {
    expect(toastTop()).toBe(TOAST_TOP);
    expect(toastTop({ box: box(100, 500), title: box(120, 142) })).toBe(TOAST_TOP);
  });

  it('goes above a centred dialog whose title sits where the toast would', () => {
    const top = toastTop({ box: box(190, 700), title: box(210, 232) });
    expect(top + TOAST_HEIGHT).toBeLessThanOrEqual(190);
  });

  it('goes under the title when the dialog starts too high to fit it above', () => {
    const top = toastTop({ box: box(20, 840), title: box(190, 230) });
    expect(top).toBeGreaterThanOrEqual(230);
  });
});
