import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { repoRoot } from './server';

/**
 * The pages the first-load targets are set for, with the modules each one loads before its first
 * render. The tool page's first render is its plain frame (app/screens/tool-frame.tsx); its
 * workspace (the registry as data, the form, drawn in antd's look without antd: antd's root
 * comes with the first part that draws antd) follows in place, weighed as its own row so it
 * cannot grow unseen either.
 */
export const budgetRoutes = {
  '/': ['src/app/screens/home-screens.tsx'],
  '/indoorRender': ['src/app/screens/tool-frame-screens.tsx'],
  '/mobileHome': ['src/app/screens/mobile-home-screen.tsx'],
  '/indoorRender until its form': [
    'src/app/screens/tool-frame-screens.tsx',
    // The registry as data, as the frame asks for it, and the tool's own widgets and parameters
    // (apps/web/build/light-checks.ts): both come before the form shows.
    'huijing-tools-light',
    'huijing-tool-part:indoor',
    'src/app/screens/tool-screens.tsx',
  ],
} as const;
export type BudgetRoute = keyof typeof budgetRoutes;

/**
 * Initial JavaScript per route, brotli bytes (what a browser downloads): the entry with its static
 * imports plus the route's screen chunk with its static imports. The target is 200 KB on the wire;
 * the budgets sit a little over today's weights (/ 146.5 KB, the
 * tool page's frame 142.3 KB, /mobileHome 142.3 KB — each area's strings load with the area,
 * English only when asked for, and what the entry imports is one chunk with the first screens'
 * small shared parts — and the tool page until its form 187.7 KB, since each tool's widgets and
 * parameters come alone, the mask's code only with a mask, the result view with a run and antd's
 * map token with antd) so growth is caught before the target is missed (docs/performance.md).
 */
export const routeBudgetBytes: Record<BudgetRoute, number> = {
  '/': 150 * 1024,
  '/indoorRender': 146 * 1024,
  '/mobileHome': 146 * 1024,
  '/indoorRender until its form': 192 * 1024,
};

interface ManifestChunk {
  file: string;
  isEntry?: boolean;
  imports?: string[];
  css?: string[];
}
type Manifest = Record<string, ManifestChunk>;

export const webDist = () => path.resolve(repoRoot, process.env.WEB_DIST ?? 'apps/web/dist');

const brotliBytes = (file: string): number => {
  if (fs.existsSync(`${file}.br`)) return fs.statSync(`${file}.br`).size;
  const body = fs.readFileSync(file);
  return zlib.brotliCompressSync(body).length;
};

export interface RouteWeight {
  route: BudgetRoute;
  files: string[];
  jsBytes: number;
  jsBrotli: number;
  cssBrotli: number;
  budget: number;
}

/** Reads the build's manifest (vite `build.manifest`) and weighs each route's first load. */
export const measureRoutes = (dist = webDist()): RouteWeight[] => {
  const manifestPath = path.join(dist, '.vite', 'manifest.json');
  if (!fs.existsSync(manifestPath)) {
    throw new Error(`${manifestPath} is missing: run npm run build first`);
  }
  const manifest = JSON.parse(fs.readFileSync(manifestPath, 'utf8')) as Manifest;
  const entryKey = Object.keys(manifest).find((k) => manifest[k]!.isEntry);
  if (!entryKey) throw new Error('the manifest names no entry chunk');

  const closure = (key: string, into: Set<string>) => {
    if (into.has(key)) return;
    into.add(key);
    for (const dep of manifest[key]?.imports ?? []) closure(dep, into);
  };

  return (Object.keys(budgetRoutes) as BudgetRoute[]).map((route) => {
    const keys = new Set<string>();
    closure(entryKey, keys);
    for (const module of budgetRoutes[route]) {
      if (!manifest[module]) throw new Error(`the manifest has no chunk for ${module}`);
      closure(module, keys);
    }
    const js = [...keys].map((k) => manifest[k]!.file);
    const css = [...new Set([...keys].flatMap((k) => manifest[k]!.css ?? []))];
    const abs = (f: string) => path.join(dist, f);
    return {
      route,
      files: js,
      jsBytes: js.reduce((n, f) => n + fs.statSync(abs(f)).size, 0),
      jsBrotli: js.reduce((n, f) => n + brotliBytes(abs(f)), 0),
      cssBrotli: css.reduce((n, f) => n + brotliBytes(abs(f)), 0),
      budget: routeBudgetBytes[route],
    };
  });
};

export const kb = (n: number) => `${(n / 1024).toFixed(1)} KB`;

/** What the budget test reports: one line per route past its budget (none when all fit). */
export const budgetFailures = (weights: readonly RouteWeight[]): string[] =>
  weights
    .filter((w) => w.jsBrotli > w.budget)
    .map(
      (w) =>
        `${w.route}: ${kb(w.jsBrotli)} of initial JavaScript is over its budget of ${kb(w.budget)} — load the new code lazily or raise the budget in e2e/support/web-budget.ts with a reason`,
    );
