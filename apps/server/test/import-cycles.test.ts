import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { importCircles, importGraph } from '../../../scripts/lib/import-graph.mjs';

const src = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../src');

describe('server import graph', () => {
  it('has no import circles, type-only imports included', () => {
    const graph = importGraph(src);
    expect(graph.size).toBeGreaterThan(200);
    const circles = importCircles(graph).map((g) => g.map((f) => path.relative(src, f)).sort());
    expect(circles).toEqual([]);
  });
});
