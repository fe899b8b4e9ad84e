import { allTools } from '@huijing/tools';
import { describe, expect, it } from 'vitest';
import { filterTools, tabFromParam } from './filter-tools';

describe('filterTools', () => {
  it('matches Chinese and English names, ignoring case and spaces', () => {
    expect(filterTools(allTools, '家装').map((t) => t.id)).toContain('home-decoration');
    expect(filterTools(allTools, 'UPSCALE').map((t) => t.id)).toEqual(
      expect.arrayContaining(['upscale', 'real-upscale']),
    );
    expect(filterTools(allTools, 'text to').length).toBeGreaterThanOrEqual(3);
  });
  it('returns everything for an empty query and nothing for nonsense', () => {
    expect(filterTools(allTools, '  ')).toHaveLength(allTools.length);
    expect(filterTools(allTools, 'zzzz-no-tool')).toEqual([]);
  });
});

describe('tabFromParam', () => {
  it('defaults to tab 1 and accepts 1..count', () => {
    expect(tabFromParam(null, 3)).toBe(1);
    expect(tabFromParam('2', 3)).toBe(2);
    expect(tabFromParam('9', 3)).toBe(1);
    expect(tabFromParam('x', 3)).toBe(1);
  });
});
