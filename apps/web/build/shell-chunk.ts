import type { Plugin } from 'vite';

/**
 * Left to the bundler: React's renderer and the router (chunks of their own, vite.config.ts),
 * and the contracts with zod: the entry imports a few plain helpers from the contracts' index,
 * which also re-exports every schema that later screens use — the import graph cannot tell
 * those apart, tree-shaking can.
 */
const OWN_CHUNK =
  /node_modules[\\/](?:react-dom|react-router|zod)[\\/]|[\\/]packages[\\/]contracts[\\/]/;

/**
 * The modules every page runs: the app's entry (src/main.tsx) and what it imports statically,
 * worked out once the module graph is complete. vite.config.ts puts them in one `shell` chunk.
 * Without it, each of them that a lazy screen also imports became a chunk of its own (React's
 * JSX runtime, zustand, i18next, the request helper…: ~15 files of 0.4–14 KB on every first
 * load, each a request with ~0.35 KB of HTTP/1.1 headers); all of them load on every page anyway,
 * so one chunk costs no page a byte it would not load.
 */
export const shellChunk = () => {
  const shell = new Set<string>();
  const plugin: Plugin = {
    name: 'huijing-shell-chunk',
    apply: 'build',
    buildEnd() {
      shell.clear();
      const entry = [...this.getModuleIds()].find((id) => /[\\/]src[\\/]main\.tsx$/.test(id));
      if (!entry) return;
      const walk = (id: string) => {
        if (shell.has(id)) return;
        shell.add(id);
        for (const dep of this.getModuleInfo(id)?.importedIds ?? []) walk(dep);
      };
      walk(entry);
      shell.delete(entry);
    },
  };
  return { plugin, test: (id: string) => shell.has(id) && !OWN_CHUNK.test(id) };
};
