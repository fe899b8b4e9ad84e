import { zipSync, type Zippable } from 'fflate';

/** Unique names inside one archive: a repeated name gets " (2)", " (3)" before its extension. */
export const uniqueNames = (names: string[]): string[] => {
  const seen = new Map<string, number>();
  return names.map((name) => {
    const n = (seen.get(name) ?? 0) + 1;
    seen.set(name, n);
    if (n === 1) return name;
    const dot = name.lastIndexOf('.');
    return dot > 0 ? `${name.slice(0, dot)} (${n})${name.slice(dot)}` : `${name} (${n})`;
  });
};

/**
 * One zip of already-encoded files. PNG and MP4 are compressed already, so entries are stored
 * (level 0): as small as deflating them, and instant even for a dozen 4K images.
 */
export const zipFiles = (files: { name: string; data: Uint8Array }[]): Uint8Array => {
  const names = uniqueNames(files.map((f) => f.name));
  const entries: Zippable = {};
  files.forEach((f, i) => {
    entries[names[i]!] = [f.data, { level: 0 }];
  });
  return zipSync(entries);
};
