import { describe, expect, it } from 'vitest';
import { shownPercent, zoomAt, fitView } from './zoom';

describe('shownPercent', () => {
  it('is the size the picture is drawn at, not the zoom over the fitted size', () => {
    // A 2 000 px picture fitted into 800 px reads 40%, and 2× zoom on it 80%.
    expect(shownPercent(fitView.scale, 0.4)).toBe(40);
    expect(shownPercent(zoomAt(fitView, 2).scale, 0.4)).toBe(80);
    expect(shownPercent(1, 1)).toBe(100);
  });

  it('is unknown before the picture is measured', () => {
    expect(shownPercent(1, undefined)).toBeUndefined();
    expect(shownPercent(1, 0)).toBeUndefined();
  });
});
