import type { OutputBundle } from 'rolldown';
import type { Plugin } from 'vite';
import { reachable } from './graph';

/**
 * Vite prefixes every dynamic import with the list of files its chunk needs, so the browser
 * fetches them side by side (`__vite__mapDeps`), and writes the whole list whatever the importing
 * chunk has already loaded: React's renderer, the router, the shell, the importer's own static
 * imports. `resolveDependencies` below drops those: a chunk the importing chunk imports
 * statically, directly or not, is loaded and run before that chunk runs, so preloading it again
 * does nothing. (The tool page's lists: 514 → 453 paths, 0.6 KB brotli; the rest are files the
 * lazy parts really need, antd's for the overlays above all.)
 */
export const preloadLists = () => {
  let bundle: OutputBundle | undefined;
  const closures = new Map<string, Set<string>>();
  const staticClosure = (file: string): Set<string> => {
    let known = closures.get(file);
    if (!known) {
      known = reachable(file, (f) => {
        const chunk = bundle?.[f];
        return chunk?.type === 'chunk' ? chunk.imports : [];
      });
      closures.set(file, known);
    }
    return known;
  };
  const plugin: Plugin = {
    name: 'huijing-preload-lists',
    apply: 'build',
    generateBundle: {
      order: 'pre',
      handler(_options, output) {
        bundle = output;
        closures.clear();
      },
    },
  };
  const resolveDependencies = (_file: string, deps: string[], { hostId }: { hostId: string }) => {
    if (!bundle) return deps;
    const loaded = staticClosure(hostId);
    return deps.filter((dep) => !loaded.has(dep));
  };
  return { plugin, resolveDependencies };
};
