import { describe, expect, it } from 'vitest';
import { getTool } from '../registry';
import { aspectSize, imageAspects } from './text-to-image.tool';

describe('text to image shapes', () => {
  it('asks for about one megapixel in multiples of 64, true to each ratio', () => {
    for (const [ratio, size] of Object.entries(imageAspects)) {
      const [w, h] = ratio.split(':').map(Number);
      expect(size.width % 64, ratio).toBe(0);
      expect(size.height % 64, ratio).toBe(0);
      expect(size.width * size.height, ratio).toBeGreaterThan(0.9e6);
      expect(size.width * size.height, ratio).toBeLessThan(1.1e6);
      // Within 8 % of the named ratio (buckets round to 64 px).
      expect(Math.abs(size.width / size.height / (w! / h!) - 1), ratio).toBeLessThan(0.08);
    }
  });

  it('maps a ratio to its size and anything else to the square', () => {
    expect(aspectSize('16:9')).toEqual({ width: 1344, height: 768 });
    expect(aspectSize('9:16')).toEqual({ width: 768, height: 1344 });
    expect(aspectSize('5:4')).toEqual({ width: 1024, height: 1024 });
    expect(aspectSize(undefined)).toEqual({ width: 1024, height: 1024 });
  });

  it('offers only shapes with a size, on both tools', () => {
    for (const id of ['text-to-image', 'text-to-image-pro']) {
      const options = getTool(id)!.widgets.aspectRatio!.options!.map((o) => o.value);
      for (const o of options) expect(Object.keys(imageAspects), id).toContain(o);
    }
  });
});
