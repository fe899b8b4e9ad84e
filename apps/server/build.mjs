// Bundles the server into one file, dist/main.js. The @huijing/* workspace packages are TypeScript
// sources, so they are bundled; every other package stays external and loads from node_modules
// (native modules such as better-sqlite3 cannot be bundled, and external keeps the build fast).
import { build } from 'esbuild';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';

const here = path.dirname(fileURLToPath(import.meta.url));
// --outfile lets tests bundle beside the real build without replacing it. Keep it inside the
// repo: the external packages are resolved from node_modules relative to the bundle.
const { values } = parseArgs({ options: { outfile: { type: 'string' } } });
const outfile = path.resolve(values.outfile ?? path.join(here, 'dist/main.js'));

/** @type {import('esbuild').Plugin} */
const externalNonWorkspace = {
  name: 'external-non-workspace',
  setup(b) {
    b.onResolve({ filter: /^[^./]/ }, (args) => {
      if (args.path.startsWith('@huijing/')) return undefined;
      return { path: args.path, external: true };
    });
  },
};

await build({
  // The local engine's CPU pool loads its worker from beside the bundle (engines/local/local-pool.ts).
  entryPoints: {
    [path.basename(outfile, '.js')]: path.join(here, 'src/main.ts'),
    'local-worker': path.join(here, 'src/engines/local/local-worker.ts'),
  },
  outdir: path.dirname(outfile),
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  sourcemap: true,
  logLevel: values.outfile ? 'warning' : 'info',
  plugins: [externalNonWorkspace],
  // An ESM bundle has no require; give one to any CommonJS code that ends up inside.
  banner: {
    js: "import { createRequire as __huijingCreateRequire } from 'node:module';\nconst require = __huijingCreateRequire(import.meta.url);",
  },
});
