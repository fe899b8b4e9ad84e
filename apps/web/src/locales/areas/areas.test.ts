import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { resolveImport, sourceFiles, webSrc } from '../../test/source-files';
import { areaKeys } from '../area-keys';

/**
 * An area's strings are not in the entry (build/locale-parts.ts): they arrive when a module of
 * locales/areas/ is imported. So every module that uses an area's keys must be reached, on every
 * import path from the app's roots, through a module that imports that area's strings — or a
 * screen would show raw keys. (Unit tests load every string, test/setup.ts, so only this catches it.)
 */
const src = webSrc;
const resolve = resolveImport;

const files = sourceFiles(src).filter((f) => !f.includes(`${path.sep}test${path.sep}`));
const text = new Map(files.map((f) => [f, fs.readFileSync(f, 'utf8')]));
const specs = (f: string, pattern: RegExp) =>
  [...(text.get(f) ?? '').matchAll(pattern)]
    .map((m) => resolve(f, m[1]!))
    .filter((t): t is string => t !== undefined);
/** Modules evaluated before this one's code runs. */
const staticImportsOf = (f: string) => specs(f, /(?:\bfrom|^import)\s+'([^']+)'/gm);
/** Every import, dynamic ones too: a module imported later runs after what its importer brought. */
const importsOf = (f: string) => specs(f, /(?:\bfrom|\bimport)\s*\(?\s*'([^']+)'/g);
/** Whether the strings are in before the module's code runs (its static imports bring them). */
const brought = (f: string, brings: string[], seen = new Set<string>()): boolean => {
  if (seen.has(f)) return false;
  seen.add(f);
  return staticImportsOf(f).some((t) => brings.includes(t) || brought(t, brings, seen));
};
const importers = new Map<string, string[]>();
for (const f of files) {
  for (const t of importsOf(f)) importers.set(t, [...(importers.get(t) ?? []), f]);
}
const areaModules = sourceFiles(path.join(src, 'locales/areas'));
/** The area modules that bring a key's strings. */
const bringing = (key: string) =>
  areaModules.filter((m) => new RegExp(`'virtual:locale/${key}'`).test(text.get(m) ?? ''));

/** A path from an app root down to `file` that passes no module importing `brings`, if any. */
const uncovered = (file: string, brings: string[], seen = new Set<string>()): string[] | null => {
  if (brought(file, brings)) return null;
  if (seen.has(file)) return null;
  seen.add(file);
  const up = importers.get(file) ?? [];
  if (up.length === 0) return [file];
  for (const parent of up) {
    const chain = uncovered(parent, brings, seen);
    if (chain) return [...chain, file];
  }
  return null;
};

describe('area strings', () => {
  it('every area key is brought by an area module', () => {
    expect(areaKeys.filter((k) => bringing(k).length === 0)).toEqual([]);
  });

  it.each(areaKeys)(
    'every module using %s.* is reached through a module that brings them',
    (key) => {
      const users = files.filter(
        (f) =>
          !f.includes(`${path.sep}locales${path.sep}`) &&
          new RegExp(`['\`"]${key}\\.[a-zA-Z]`).test(text.get(f)!),
      );
      expect(users.length).toBeGreaterThan(0);
      const brings = bringing(key);
      const gaps = users
        .map((f) => uncovered(f, brings))
        .filter((c): c is string[] => c !== null)
        .map((c) => c.map((f) => path.relative(src, f)).join(' → '));
      expect(gaps).toEqual([]);
    },
  );
});
