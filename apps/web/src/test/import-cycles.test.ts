import fs from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { resolveImport, sourceFiles, webSrc } from './source-files';

/**
 * No import circles in the web app, type-only imports included (eslint's import-x/no-cycle skips
 * those, yet a circle of types still ties modules together and hides where a type belongs).
 * Issue 17 broke the last two in features/tools; this keeps them out.
 */
const src = webSrc;

/** Strongly connected groups of more than one module (Tarjan), each a circle. */
const importCircles = (graph: Map<string, string[]>): string[][] => {
  let next = 0;
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const circles: string[][] = [];
  const visit = (v: string) => {
    index.set(v, next);
    low.set(v, next++);
    stack.push(v);
    onStack.add(v);
    for (const w of graph.get(v) ?? []) {
      if (!index.has(w)) {
        visit(w);
        low.set(v, Math.min(low.get(v)!, low.get(w)!));
      } else if (onStack.has(w)) low.set(v, Math.min(low.get(v)!, index.get(w)!));
    }
    if (low.get(v) !== index.get(v)) return;
    const group: string[] = [];
    let w: string;
    do {
      w = stack.pop()!;
      onStack.delete(w);
      group.push(w);
    } while (w !== v);
    if (group.length > 1 || graph.get(v)?.includes(v)) circles.push(group);
  };
  for (const v of graph.keys()) if (!index.has(v)) visit(v);
  return circles;
};

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
    const graph = new Map<string, string[]>();
    for (const file of sourceFiles(src)) {
      const { importedFiles } = ts.preProcessFile(fs.readFileSync(file, 'utf8'), true, true);
      graph.set(
        file,
        importedFiles.flatMap((i) => resolveImport(file, i.fileName) ?? []),
      );
    }
    expect(graph.size).toBeGreaterThan(100);
    const circles = importCircles(graph).map((g) => g.map((f) => path.relative(src, f)).sort());
    expect(circles).toEqual([]);
  });
});
