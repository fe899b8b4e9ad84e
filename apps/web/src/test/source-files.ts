import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** The web app's src folder, for tests that read its modules as text. */
export const webSrc = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/** Every .ts/.tsx module under `dir`, tests left out. */
export const sourceFiles = (dir: string): string[] =>
  fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const p = path.join(dir, e.name);
    if (e.isDirectory()) return sourceFiles(p);
    return /\.tsx?$/.test(e.name) && !/\.test\.tsx?$/.test(e.name) ? [p] : [];
  });

/** The file a relative import names (as the bundler resolves it), or undefined for packages. */
export const resolveImport = (from: string, spec: string): string | undefined => {
  if (!spec.startsWith('.')) return undefined;
  const base = path.resolve(path.dirname(from), spec);
  return [base, `${base}.ts`, `${base}.tsx`, `${base}/index.ts`, `${base}/index.tsx`].find(
    (c) => fs.existsSync(c) && fs.statSync(c).isFile(),
  );
};
