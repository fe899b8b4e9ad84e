import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { antdFormContext } from './build/antd-form-context';
import { zodNoJsonSchema } from './build/zod-no-json-schema';
import { antdStyles } from './build/antd-styles';
import { lightChecks } from './build/light-checks';
import { lightIcons } from './build/light-icons';
import { localeParts } from './build/locale-parts';
import { precompress } from './build/precompress';
import { preloadLists } from './build/preload-lists';
import { prerenderPages } from './build/prerender';
import { routePreload } from './build/route-preload';
import { shellChunk } from './build/shell-chunk';
import { toolCatalog } from './build/tool-catalog';

const shell = shellChunk();
const routes = routePreload();
const preload = preloadLists();

export default defineConfig({
  base: '/',
  plugins: [
    react(),
    antdFormContext(),
    zodNoJsonSchema(),
    toolCatalog(),
    lightChecks(),
    lightIcons(),
    localeParts(),
    antdStyles(),
    routes.plugin,
    shell.plugin,
    preload.plugin,
    precompress((root, outDir) => prerenderPages(root, outDir, routes.toolParts())),
  ],
  server: {
    port: 5173,
    proxy: { '/api': { target: 'http://127.0.0.1:8000', changeOrigin: true } },
  },
  preview: { port: 4173 },
  // Worker scripts are recognisable by name: the server sends them the document's security
  // headers (a worker takes its CSP from its script's response), other assets go without.
  worker: {
    rolldownOptions: {
      output: {
        entryFileNames: 'assets/[name].worker-[hash].js',
        chunkFileNames: 'assets/[name].worker-[hash].js',
      },
    },
  },
  build: {
    outDir: 'dist',
    assetsDir: 'assets',
    emptyOutDir: true,
    target: 'es2022',
    // The bundler splits by route: each screen brings only the modules it uses, shared ones land
    // in shared chunks, so the first load stays small (see docs/performance.md).
    // manifest.json lets the size budget (e2e/flows/bundle-budget.test.ts) follow each route.
    manifest: true,
    modulePreload: { resolveDependencies: preload.resolveDependencies },
    chunkSizeWarningLimit: 700,
    rolldownOptions: {
      // Modules shared by many screens (zod, the contracts, antd's core) stay in shared chunks
      // that those screens load; merged into the entry they would weigh on every first load.
      experimental: { chunkOptimization: { mergeCommonChunks: false } },
      output: {
        // React's DOM renderer and the router ride on every page; in chunks of their own the
        // browser fetches and compiles them beside the entry instead of as one 360 KB script
        // whose compile and first run block the main thread in one piece (docs/performance.md).
        codeSplitting: {
          groups: [
            { name: 'react-dom', test: /node_modules[\\/]react-dom[\\/]/, priority: 2 },
            { name: 'react-router', test: /node_modules[\\/]react-router[\\/]/, priority: 2 },
            // What the entry imports statically, in one chunk (build/shell-chunk.ts).
            { name: 'shell', test: shell.test, priority: 1 },
            // antd's icons, as its own components import them (the app's come with the module
            // that draws them, build/light-icons.ts), are one module each, shared by different
            // sets of screens: split by importers they made ~25 chunks of a few hundred bytes,
            // each a request with ~480 bytes of headers. Sets under 6 KB join the nearest set
            // instead (docs/performance.md, sessions 13 and 14).
            {
              name: 'icons',
              test: /node_modules[\\/]@ant-design[\\/]icons(?:-svg)?[\\/]/,
              entriesAware: true,
              entriesAwareMergeThreshold: 6 * 1024,
            },
          ],
        },
        entryFileNames: 'assets/[name]-[hash].js',
        // The icons' chunks are named after every screen that shares them; the hash is enough.
        chunkFileNames: (chunk) =>
          chunk.name.startsWith('icons') ? 'assets/icons-[hash].js' : 'assets/[name]-[hash].js',
        assetFileNames: 'assets/[name]-[hash][extname]',
      },
    },
  },
});
