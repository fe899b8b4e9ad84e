import { describe, expect, it } from 'vitest';
import {
  examplePrompts,
  hasPhrase,
  nextExample,
  ratioBox,
  styleSwatch,
  togglePhrase,
} from './generation-model';

describe('generation model', () => {
  it('adds a phrase with a Chinese comma and takes it out on a second tap', () => {
    expect(togglePhrase('', '客厅')).toBe('客厅');
    expect(togglePhrase('奶油风客厅, 落地窗', '午后斜阳')).toBe('奶油风客厅，落地窗，午后斜阳');
    expect(togglePhrase('奶油风客厅，午后斜阳，落地窗', '午后斜阳')).toBe('奶油风客厅，落地窗');
    expect(hasPhrase('奶油风客厅，午后斜阳', '午后斜阳')).toBe(true);
    // A phrase inside a longer one is not the phrase.
    expect(hasPhrase('奶油风客厅', '客厅')).toBe(false);
  });

  it('leaves the prompt as it is when the phrase would pass the limit', () => {
    const long = '字'.repeat(998);
    expect(togglePhrase(long, '客厅', 1000)).toBe(long);
  });

  it('walks through the examples', () => {
    const list = examplePrompts.image;
    expect(nextExample(list, '')).toBe(list[0]);
    expect(nextExample(list, list[0]!)).toBe(list[1]);
    expect(nextExample(list, list[list.length - 1]!)).toBe(list[0]);
  });

  it('draws each ratio inside the chip box with its long side full', () => {
    expect(ratioBox('16:9', 22)).toEqual({ width: 22, height: 12 });
    expect(ratioBox('9:16', 22)).toEqual({ width: 12, height: 22 });
    expect(ratioBox('1:1', 22)).toEqual({ width: 22, height: 22 });
    expect(ratioBox('21:9', 22)).toEqual({ width: 22, height: 9 });
    expect(ratioBox('nope', 22)).toEqual({ width: 22, height: 22 });
  });

  it('gives known styles their swatch and others a stable colour of their own', () => {
    expect(styleSwatch('image-sketch')).toContain('repeating-linear-gradient');
    expect(styleSwatch('custom-a')).toBe(styleSwatch('custom-a'));
    expect(styleSwatch('custom-a')).not.toBe(styleSwatch('custom-b'));
  });
});
