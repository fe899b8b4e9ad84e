// The import graph of a source folder and the circles in it, type-only imports included
// (eslint's import-x/no-cycle skips those, yet a circle of types still ties modules together
// and hides where a type belongs). The web's and the server's import-cycle tests share it.
import fs from 'node:fs';
import path from 'node:path';
import ts from 'typescript';

/** Every .ts/.tsx module under `dir`, tests left out. */
export const sourceFiles = (dir) =>
  fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const p = path.join(dir, e.name);
    if (e.isDirectory()) return sourceFiles(p);
    return /\.tsx?$/.test(e.name) && !/\.test\.tsx?$/.test(e.name) ? [p] : [];
  });

/** The file a relative import names (as the bundler resolves it), or undefined for packages. */
export const resolveImport = (from, spec) => {
  if (!spec.startsWith('.')) return undefined;
  const base = path.resolve(path.dirname(from), spec.replace(/\.js$/, ''));
  return [base, `${base}.ts`, `${base}.tsx`, `${base}/index.ts`, `${base}/index.tsx`].find(
    (c) => fs.existsSync(c) && fs.statSync(c).isFile(),
  );
};

/** Each module under `dir` with the modules it imports (relative imports only). */
export const importGraph = (dir) => {
  const graph = new Map();
  for (const file of sourceFiles(dir)) {
    const { importedFiles } = ts.preProcessFile(fs.readFileSync(file, 'utf8'), true, true);
    graph.set(
      file,
      importedFiles.flatMap((i) => resolveImport(file, i.fileName) ?? []),
    );
  }
  return graph;
};

/** Strongly connected groups of more than one module (Tarjan), each a circle. */
export const importCircles = (graph) => {
  let next = 0;
  const index = new Map();
  const low = new Map();
  const stack = [];
  const onStack = new Set();
  const circles = [];
  const visit = (v) => {
    index.set(v, next);
    low.set(v, next++);
    stack.push(v);
    onStack.add(v);
    for (const w of graph.get(v) ?? []) {
      if (!index.has(w)) {
        visit(w);
        low.set(v, Math.min(low.get(v), low.get(w)));
      } else if (onStack.has(w)) low.set(v, Math.min(low.get(v), index.get(w)));
    }
    if (low.get(v) !== index.get(v)) return;
    const group = [];
    let w;
    do {
      w = stack.pop();
      onStack.delete(w);
      group.push(w);
    } while (w !== v);
    if (group.length > 1 || graph.get(v)?.includes(v)) circles.push(group);
  };
  for (const v of graph.keys()) if (!index.has(v)) visit(v);
  return circles;
};
