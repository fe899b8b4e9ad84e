import { describe, expect, it } from 'vitest';
import { reachable } from '../../build/graph';

// The build's plugins (shell chunk, preload lists, route preloads) walk import graphs with it.
const graph: Record<string, string[]> = {
  entry: ['a', 'b'],
  a: ['c', 'entry'], // a circle back to the start
  b: ['c', 'd'],
  c: [],
  d: ['e'],
  e: [],
  lone: ['a'],
};
const next = (n: string) => graph[n] ?? [];

describe('build graph walk (reachable)', () => {
  it('reaches every node once, circles included', () => {
    expect([...reachable('entry', next)].sort()).toEqual(['a', 'b', 'c', 'd', 'e', 'entry']);
  });

  it('neither adds nor walks through a stopped node', () => {
    const seen = reachable('entry', next, { stop: (n) => n === 'd' });
    expect([...seen].sort()).toEqual(['a', 'b', 'c', 'entry']);
  });

  it('adds to a given set and does not walk again what it holds', () => {
    const into = new Set(['b']);
    const seen = reachable('entry', next, { into });
    expect(seen).toBe(into);
    // b was there already: its imports (d, e) are taken as walked
    expect([...into].sort()).toEqual(['a', 'b', 'c', 'entry']);
    reachable('lone', next, { into });
    expect(into.has('lone')).toBe(true);
  });

  it('skips missing links (a chunk name with no chunk)', () => {
    expect([...reachable(1, (n) => (n < 3 ? [n + 1, undefined] : []))]).toEqual([1, 2, 3]);
  });
});
