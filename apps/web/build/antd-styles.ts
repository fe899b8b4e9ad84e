import crypto from 'node:crypto';
import { tsImport } from 'tsx/esm/api';
import type { Plugin } from 'vite';
import type * as Bake from '../src/components/antd-bake';

const ID = 'virtual:antd-styles';
const RESOLVED = `\0${ID}`;

/**
 * `virtual:antd-styles`: `antdStylesHref`, the address of antd's styles baked at build time
 * (src/components/antd-bake.tsx), a hashed asset, and `antdMapToken`, the theme's map token
 * derived at build time (src/components/prebuilt-algorithm.ts); both undefined in the
 * development server and in tests, where antd works both out at run time as it always did.
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
      if (!build) {
        return 'export const antdStylesHref = undefined;\nexport const antdMapToken = undefined;\n';
      }
      const { bakeAntdStyles, bakeMapToken } = (await tsImport(
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
      // JSON.parse of a string literal: parsed faster than the same object as code.
      const mapToken = JSON.stringify(JSON.stringify(bakeMapToken()));
      return [
        `export const antdStylesHref = ${JSON.stringify(`/${fileName}`)};`,
        `export const antdMapToken = /* @__PURE__ */ JSON.parse(${mapToken});`,
        '',
      ].join('\n');
    },
  };
};
