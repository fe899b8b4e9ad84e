import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { tsImport } from 'tsx/esm/api';
import type { Plugin } from 'vite';
import { areaKeys } from '../src/locales/area-keys';

const PREFIX = 'virtual:locale/';

type Tree = Record<string, unknown>;

/**
 * `virtual:locale/shell` and `virtual:locale/<area key>`: the zh-CN strings, taken from
 * src/locales/zh-CN.ts at build time, split so the entry carries only the shell's and each area's
 * arrive with its screens; English (src/locales/en-US.ts) loads only when that language is asked
 * for (app/i18n.ts). docs/performance.md.
 */
export const localeParts = (): Plugin => {
  const source = fileURLToPath(new URL('../src/locales/zh-CN.ts', import.meta.url));
  let zh: Promise<Tree> | undefined;
  const load = () =>
    (zh ??= (tsImport(source, import.meta.url) as Promise<{ zhCN: Tree }>).then((m) => m.zhCN));
  return {
    name: 'huijing-locale-parts',
    resolveId: (id) => (id.startsWith(PREFIX) ? `\0${id}` : undefined),
    async load(id) {
      if (!id.startsWith(`\0${PREFIX}`)) return undefined;
      const key = id.slice(PREFIX.length + 1);
      const tree = await load();
      if (key === 'shell') {
        const shell = Object.fromEntries(
          Object.entries(tree).filter(([k]) => !(areaKeys as readonly string[]).includes(k)),
        );
        return `export default ${JSON.stringify(shell)};\n`;
      }
      if (!(areaKeys as readonly string[]).includes(key) || !(key in tree)) {
        this.error(`${PREFIX}${key}: zh-CN has no area "${key}" (build/locale-parts.ts)`);
      }
      return `export default ${JSON.stringify(tree[key])};\n`;
    },
    // A change to a locale file rebuilds the trees (dev server).
    watchChange(file) {
      if (file.includes(`${path.sep}locales${path.sep}`)) zh = undefined;
    },
  };
};
