import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { importCircles, importGraph } from '../../../../scripts/lib/import-graph.mjs';
import { webSrc } from './source-files';

/**
 * No import circles in the web app, type-only imports included (eslint's import-x/no-cycle skips
 * those, yet a circle of types still ties modules together and hides where a type belongs).
 */
const src = webSrc;

describe('web import graph', () => {
  it('finds a circle when there is one', () => {
    const graph = new Map([
      ['a', ['b']],
      ['b', ['c']],
      ['c', ['a']],
      ['d', ['a']],
    ]);
    expect(importCircles(graph).map((g) => g.sort())).toEqual([['a', 'b', 'c']]);
  });

  it('has no import circles, type-only imports included', () => {
    const graph = importGraph(src);
    expect(graph.size).toBeGreaterThan(100);
    const circles = importCircles(graph).map((g) => g.map((f) => path.relative(src, f)).sort());
    expect(circles).toEqual([]);
  });
});
