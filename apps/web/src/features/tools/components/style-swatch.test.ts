import { describe, expect, it } from 'vitest';
import { derivedPalette, sceneFor, styleSwatch, stylePalette } from './style-swatch';

describe('style swatches', () => {
  it('gives the generation styles their swatch and others a stable colour of their own', () => {
    expect(styleSwatch('image-sketch')).toContain('repeating-linear-gradient');
    expect(styleSwatch('custom-a')).toBe(styleSwatch('custom-a'));
    expect(styleSwatch('custom-a')).not.toBe(styleSwatch('custom-b'));
  });

  it('draws the seeded render styles in palettes that evoke them', () => {
    const cream = stylePalette('style-cream', { name: '奶油风', nameEn: 'Cream style' })!;
    const chinese = stylePalette('style-new-chinese', { name: '新中式', nameEn: 'New Chinese' })!;
    const industrial = stylePalette('style-industrial', { name: '工业风', nameEn: 'Industrial' })!;
    // Cream is light; new Chinese has dark walnut; industrial has black steel.
    expect(cream.every((c) => luminance(c) > 0.55)).toBe(true);
    expect(chinese.some((c) => luminance(c) < 0.25)).toBe(true);
    expect(industrial.some((c) => luminance(c) < 0.15)).toBe(true);
    expect(new Set([cream, chinese, industrial].map(String)).size).toBe(3);
  });

  it('gives a style an admin adds the look of its branch, by name', () => {
    expect(stylePalette('style-ming', { name: '明式', path: ['室内风格', '中式'] })).toEqual(
      stylePalette('x', { name: '中式' }),
    );
    expect(stylePalette('x', { name: 'Loft 公寓', nameEn: 'Loft flat' })).toEqual(
      stylePalette('style-industrial', { name: '工业风' }),
    );
    // The group's own name (path[0]) says nothing about the style.
    expect(stylePalette('x', { name: '新款', path: ['室内风格'] })).toBeUndefined();
  });

  it('keeps an architecture style apart from the interior style of the same name', () => {
    const arch = stylePalette('arch-new-chinese', { name: '新中式' });
    const interior = stylePalette('style-new-chinese', { name: '新中式' });
    expect(arch).not.toEqual(interior);
  });

  it('draws each catalogue’s scene, from a derived palette when no name matches', () => {
    expect(sceneFor('interior-style')).toBe('room');
    expect(sceneFor('architecture-type')).toBe('building');
    expect(sceneFor('landscape-style')).toBe('garden');
    expect(sceneFor('window-view')).toBe('view');
    const a = styleSwatch('space-laundry', { name: '洗衣房', nameEn: 'Laundry' }, 'room');
    const b = styleSwatch('space-walk-in', { name: '衣帽间', nameEn: 'Walk-in closet' }, 'room');
    expect(a).toContain(derivedPalette('space-laundry')[2]);
    expect(a).not.toBe(b);
    expect(styleSwatch('style-cream', { name: '奶油风' }, 'room')).toContain('#f6efe4');
  });

  it('rarely gives two unnamed categories the same derived palette', () => {
    const ids = Array.from({ length: 60 }, (_, i) => `space-${i}`);
    expect(new Set(ids.map((id) => String(derivedPalette(id)))).size).toBe(ids.length);
  });
});

/** Relative luminance of a #rrggbb colour, 0 (black) to 1 (white). */
const luminance = (hex: string) => {
  const [r, g, b] = [1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16) / 255);
  return 0.2126 * r! + 0.7152 * g! + 0.0722 * b!;
};
