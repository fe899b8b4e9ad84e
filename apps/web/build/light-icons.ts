import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Plugin } from 'vite';

const web = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const src = path.join(web, 'src') + path.sep;
const lightIconFile = path.join(web, 'src/components/light-icon.tsx');
const ID = '\0huijing-light-icons';
// One module per icon, as in the package, so each screen's chunks carry only the icons it draws.
const ONE = '\0huijing-light-icon/';

/** The icon names @ant-design/icons exports (its generated es/icons/index.js), read once. */
let knownIcons: string[] | undefined;
const iconNames = (): string[] => {
  if (knownIcons) return knownIcons;
  const require = createRequire(import.meta.url);
  const index = path.join(
    path.dirname(require.resolve('@ant-design/icons/package.json')),
    'es/icons/index.js',
  );
  knownIcons = [...fs.readFileSync(index, 'utf8').matchAll(/export \{ default as (\w+) \}/g)].map(
    (m) => m[1]!,
  );
  return knownIcons;
};

/**
 * `@ant-design/icons` imported by the app's own code (apps/web/src) is each icon's definition
 * from @ant-design/icons-svg drawn by components/light-icon.tsx, same markup, without the icon
 * package's runtime (~7 KB brotli on every first screen). Each importing module gets
 * its own copy of the icons it names, so they ride in its chunk: a screen loads the icons it
 * draws, in the files it loads anyway (shared icons made chunks of their own, or were merged
 * into others' chunks with icons the screen never draws). antd's components import their icons
 * by path and keep the package's own.
 */
export const lightIcons = (): Plugin => {
  const require = createRequire(import.meta.url);
  const asn = path.join(
    path.dirname(require.resolve('@ant-design/icons-svg/package.json')),
    'es/asn',
  );
  return {
    name: 'huijing-light-icons',
    enforce: 'pre',
    // Side-effect free, like the package: unused icons and the barrels drop out. Each module of
    // the app gets its own copies (the importer is in the ids), so an icon rides in the chunk of
    // the module that draws it: no chunks of icons, no icons a screen does not draw.
    resolveId: (id, importer) => {
      if (id.startsWith(ONE)) return { id, moduleSideEffects: false };
      if (id === '@ant-design/icons' && importer?.startsWith(src)) {
        const file = path.relative(src, importer.split('?')[0]!);
        return { id: `${ID}?${file}`, moduleSideEffects: false };
      }
      return undefined;
    },
    load(id) {
      if (id.startsWith(ONE)) {
        const name = id.slice(ONE.length).split('?')[0]!;
        if (!/^\w+$/.test(name)) return undefined;
        // The definition itself, not an import of it: an import would be one shared module again.
        const definition = fs
          .readFileSync(path.join(asn, `${name}.js`), 'utf8')
          .replace(/export default \w+;\s*$/, '');
        return [
          `import { lightIcon } from ${JSON.stringify(lightIconFile)};`,
          definition,
          `export default /* @__PURE__ */ lightIcon(${name});`,
          '',
        ].join('\n');
      }
      if (!id.startsWith(`${ID}?`)) return undefined;
      const from = id.slice(ID.length + 1);
      // Only the names the importer imports (a namespace import, as in a test, gets them all).
      const code = fs.readFileSync(path.join(src, from), 'utf8');
      const named = [...code.matchAll(/import\s*\{([^}]*)\}\s*from\s*'@ant-design\/icons'/g)]
        .flatMap((m) => m[1]!.split(','))
        .map(
          (n) =>
            n
              .trim()
              .replace(/^type\s+/, '')
              .split(/\s+as\s+/)[0]!,
        )
        .filter(Boolean);
      const all = new Set(iconNames());
      const names = /import\s*\*\s*as\s+\w+\s+from\s*'@ant-design\/icons'/.test(code)
        ? [...all]
        : named.filter((n) => all.has(n));
      return names
        .map((name) => `export { default as ${name} } from '${ONE}${name}?${from}';`)
        .join('\n');
    },
  };
};
