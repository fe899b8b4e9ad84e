import crypto from 'node:crypto';
import { tsImport } from 'tsx/esm/api';
import type { Plugin } from 'vite';
import type * as Bake from '../src/components/antd-bake';

const ID = 'virtual:antd-styles';
const RESOLVED = `\0${ID}`;

/**
 * `virtual:antd-styles`: `antdStylesHref`, the address of antd's styles baked at build time
 * (src/components/antd-bake.tsx), a hashed asset; undefined in the development server and in
 * tests, where antd generates every style at run time as it always did.
 */
export const antdStyles = (): Plugin => {
  let build = false;
  return {
    name: 'huijing-antd-styles',
    configResolved(config) {
      build = config.command === 'build' && !config.build.ssr;
    },
    resolveId: (id) => (id === ID ? RESOLVED : undefined),
    async load(id) {
      if (id !== RESOLVED) return undefined;
      if (!build) return 'export const antdStylesHref = undefined;\n';
      const { bakeAntdStyles } = (await tsImport(
        '../src/components/antd-bake.tsx',
        import.meta.url,
      )) as typeof Bake;
      const css = bakeAntdStyles();
      if (!css.includes('data-ant-cssinjs-cache-path')) {
        throw new Error('antd-styles: the baked styles carry no cache-path map');
      }
      const hash = crypto.createHash('sha256').update(css).digest('base64url').slice(0, 8);
      const fileName = `assets/antd-${hash}.css`;
      this.emitFile({ type: 'asset', fileName, source: css });
      return `export const antdStylesHref = ${JSON.stringify(`/${fileName}`)};\n`;
    },
  };
};
