import { describe, expect, it } from 'vitest';
import { clampPad, outputSize, padsForRatio, padsFromParams } from './extend-model';

describe('extend margins', () => {
  it('a ratio grows one axis, split evenly (the engine’s arithmetic)', () => {
    expect(padsForRatio(800, 600, '16:9')).toEqual({ top: 0, bottom: 0, left: 133, right: 134 });
    expect(padsForRatio(800, 600, '1:1')).toEqual({ left: 0, right: 0, top: 100, bottom: 100 });
    expect(padsForRatio(800, 600, '4:3')).toEqual({ top: 0, right: 0, bottom: 0, left: 0 });
    expect(outputSize({ width: 800, height: 600 }, padsForRatio(800, 600, '9:16'))).toEqual({
      width: 800,
      height: 1422,
    });
  });

  it('the parameters give the sides unless a ratio is chosen', () => {
    const image = { width: 100, height: 50 };
    expect(padsFromParams(image, { top: 8, right: 16, bottom: 0, left: 256 })).toEqual({
      top: 8,
      right: 16,
      bottom: 0,
      left: 256,
    });
    expect(padsFromParams(image, { top: 8, right: 16, ratio: '1:1' })).toEqual({
      top: 25,
      bottom: 25,
      left: 0,
      right: 0,
    });
  });

  it('a dragged side snaps to 8 px and stays within 0–2048', () => {
    expect(clampPad(13)).toBe(16);
    expect(clampPad(-40)).toBe(0);
    expect(clampPad(5000)).toBe(2048);
  });
});
