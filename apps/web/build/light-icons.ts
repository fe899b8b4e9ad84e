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

/** The icon names @ant-design/icons exports (its generated es/icons/index.js). */
const iconNames = (): string[] => {
  const require = createRequire(import.meta.url);
  const index = path.join(
    path.dirname(require.resolve('@ant-design/icons/package.json')),
    'es/icons/index.js',
  );
  return [...fs.readFileSync(index, 'utf8').matchAll(/export \{ default as (\w+) \}/g)].map(
    (m) => m[1]!,
  );
};

/**
 * `@ant-design/icons` imported by the app's own code (apps/web/src) is each icon's definition
 * from @ant-design/icons-svg drawn by components/light-icon.tsx, same markup, without the icon
 * package's runtime (issue 17: ~7 KB brotli on every first screen). antd's components import
 * their icons by path and keep the package's own.
 */
export const lightIcons = (): Plugin => ({
  name: 'huijing-light-icons',
  enforce: 'pre',
  // Side-effect free, like the package: unused icons and the barrel itself drop out.
  resolveId: (id, importer) => {
    if (id.startsWith(ONE)) return { id, moduleSideEffects: false };
    if (id === '@ant-design/icons' && importer?.startsWith(src)) {
      return { id: ID, moduleSideEffects: false };
    }
    return undefined;
  },
  load(id) {
    if (id.startsWith(ONE)) {
      const name = id.slice(ONE.length);
      return [
        `import { lightIcon } from ${JSON.stringify(lightIconFile)};`,
        `import svg from '@ant-design/icons-svg/es/asn/${name}';`,
        'export default /* @__PURE__ */ lightIcon(svg);',
        '',
      ].join('\n');
    }
    if (id !== ID) return undefined;
    return iconNames()
      .map((name) => `export { default as ${name} } from '${ONE}${name}';`)
      .join('\n');
  },
});
