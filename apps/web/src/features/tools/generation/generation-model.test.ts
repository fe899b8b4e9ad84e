import { describe, expect, it } from 'vitest';
import { examplePrompts, nextExample, ratioBox } from './generation-model';

describe('generation model', () => {
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
});
