import type { Plugin, Rolldown } from 'vite';
import { reachable } from './graph';
import { FIRST_SCREENS } from './route-preload';

/** Loaded only by the screens that use them: a part importing them stays out of the shell. */
const SCHEMAS = /node_modules[\\/]zod[\\/]|[\\/]packages[\\/]contracts[\\/]/;

/**
 * Left to the bundler: React's renderer and the router (chunks of their own, vite.config.ts),
 * and the contracts with zod: the entry imports a few plain helpers from the contracts' index,
 * which also re-exports every schema that later screens use — the import graph cannot tell
 * those apart, tree-shaking can.
 */
const ownChunk = (id: string) =>
  /node_modules[\\/](?:react-dom|react-router)[\\/]/.test(id) || SCHEMAS.test(id);

/** The app's own code; stylesheets stay with their screens (in the shell they would apply everywhere). */
const APP_SCRIPT = /[\\/]apps[\\/]web[\\/]src[\\/].*\.[cm]?[jt]sx?$/;

/** A set of shared modules this small (transformed source, before minifying) joins the shell. */
const SMALL_PART_CHARS = 2500;

type ModuleInfoOf = (id: string) => Rolldown.ModuleInfo | null;

/**
 * The small parts the first screens share with other screens. The bundler puts the modules that
 * the same set of lazy screens import in one chunk of their own; for the first screens' helpers
 * (the page title, the sign-in gate, the task stream, the number format…) such chunks were a few
 * hundred bytes each, and the tool page loaded ~15 of them, each a request with ~0.4 KB of
 * HTTP/1.1 headers. Each such set that is small, plain script of the app's own, and imports
 * nothing outside the shell, joins it: every page then carries a few hundred bytes it may not
 * run, and the first screens lose a request per set.
 */
const smallSharedParts = (ids: string[], info: ModuleInfoOf, shell: Set<string>): void => {
  const closureOf = (from: string) =>
    reachable(from, (id) => info(id)?.importedIds ?? [], { stop: (id) => shell.has(id) });
  // Per module, the lazy screens and parts that load it, as the bundler splits by them.
  const loadedBy = new Map<string, string[]>();
  for (const lazy of ids.filter((id) => (info(id)?.dynamicImporters.length ?? 0) > 0)) {
    for (const id of closureOf(lazy)) loadedBy.set(id, [...(loadedBy.get(id) ?? []), lazy]);
  }
  const sets = new Map<string, string[]>();
  for (const [id, lazies] of loadedBy) {
    if (lazies.length < 2) continue; // rides in its one screen's chunk
    const key = lazies.sort().join('\n');
    sets.set(key, [...(sets.get(key) ?? []), id]);
  }
  const first = new Set<string>();
  for (const screen of FIRST_SCREENS) {
    const id = ids.find((i) => i.endsWith(`/${screen}`));
    if (id) for (const dep of closureOf(id)) first.add(dep);
  }
  const candidates = [...sets.values()].filter(
    (members) =>
      members.some((id) => first.has(id)) &&
      members.every((id) => APP_SCRIPT.test(id)) &&
      members.reduce((n, id) => n + (info(id)?.code?.length ?? Infinity), 0) <= SMALL_PART_CHARS,
  );
  // A set joins once everything it imports is in the shell (or in the set): it must not pull
  // anything else into every page. Sets that import each other join in turn.
  for (let grew = true; grew;) {
    grew = false;
    for (const members of candidates) {
      if (members.some((id) => shell.has(id))) continue;
      const inside = (dep: string) =>
        (shell.has(dep) && !SCHEMAS.test(dep)) || members.includes(dep);
      if (!members.every((id) => (info(id)?.importedIds ?? []).every(inside))) continue;
      for (const id of members) shell.add(id);
      grew = true;
    }
  }
};

/**
 * The modules every page runs: the app's entry (src/main.tsx) and what it imports statically,
 * worked out once the module graph is complete, and the first screens' small shared parts
 * (above). vite.config.ts puts them in one `shell` chunk. Without it, each of them that a lazy
 * screen also imports became a chunk of its own (React's JSX runtime, zustand, i18next, the
 * request helper…: ~15 files of 0.4–14 KB on every first load, each a request with ~0.35 KB of
 * HTTP/1.1 headers); all of them load on every page anyway, so one chunk costs no page a byte
 * it would not load.
 */
export const shellChunk = () => {
  const shell = new Set<string>();
  const plugin: Plugin = {
    name: 'huijing-shell-chunk',
    apply: 'build',
    buildEnd() {
      shell.clear();
      const ids = [...this.getModuleIds()];
      const entry = ids.find((id) => /[\\/]src[\\/]main\.tsx$/.test(id));
      if (!entry) return;
      reachable(entry, (id) => this.getModuleInfo(id)?.importedIds ?? [], { into: shell });
      smallSharedParts(ids, (id) => this.getModuleInfo(id), shell);
      shell.delete(entry);
    },
  };
  return { plugin, test: (id: string) => shell.has(id) && !ownChunk(id) };
};
