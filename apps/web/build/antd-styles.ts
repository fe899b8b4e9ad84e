import crypto from 'node:crypto';
import { tsImport } from 'tsx/esm/api';
import type { Plugin } from 'vite';
import type * as Bake from '../src/components/antd-bake';

const ID = 'virtual:antd-styles';
const RESOLVED = `\0${ID}`;
const TOKEN_ID = 'virtual:antd-map-token';
const TOKEN_RESOLVED = `\0${TOKEN_ID}`;

const bake = async () =>
  (await tsImport('../src/components/antd-bake.tsx', import.meta.url)) as typeof Bake;

/** Where the development server serves the baked styles (made on each request). */
const DEV_HREF = '/@huijing/antd-styles.css';

/**
 * `virtual:antd-styles`: `antdStylesHref`, the address of antd's styles baked at build time
 * (src/components/antd-bake.tsx), a hashed asset; `virtual:antd-map-token`: `antdMapToken`, the
 * theme's map token derived at build time (src/components/prebuilt-algorithm.ts). Two modules,
 * so a page that waits for the styles without drawing antd (the tool page) does not load the
 * token antd's root reads (~2.7 KB brotli). The tool page's workspace draws
 * antd's look without antd (src/components/antd-look.tsx), styled by this file alone, so the
 * development server serves it too (baked per request); the map token is then worked out at run
 * time. Both are undefined in unit tests (jsdom draws no styles).
 */
export const antdStyles = (): Plugin => {
  let build = false;
  let dev = false;
  return {
    name: 'huijing-antd-styles',
    configResolved(config) {
      build = config.command === 'build' && !config.build.ssr;
      dev = config.command === 'serve' && !process.env.VITEST;
    },
    configureServer(server) {
      server.middlewares.use(DEV_HREF, (_req, res, next) => {
        bake()
          .then(({ bakeAntdStyles }) => {
            res.setHeader('content-type', 'text/css; charset=utf-8');
            res.end(bakeAntdStyles());
          })
          .catch(next);
      });
    },
    resolveId: (id) => (id === ID ? RESOLVED : id === TOKEN_ID ? TOKEN_RESOLVED : undefined),
    async load(id) {
      if (id === TOKEN_RESOLVED) {
        if (!build) return 'export const antdMapToken = undefined;\n';
        // JSON.parse of a string literal: parsed faster than the same object as code.
        const mapToken = JSON.stringify(JSON.stringify((await bake()).bakeMapToken()));
        return `export const antdMapToken = /* @__PURE__ */ JSON.parse(${mapToken});\n`;
      }
      if (id !== RESOLVED) return undefined;
      if (!build) {
        const href = dev ? JSON.stringify(DEV_HREF) : 'undefined';
        return `export const antdStylesHref = ${href};\n`;
      }
      const { bakeAntdStyles } = await bake();
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
