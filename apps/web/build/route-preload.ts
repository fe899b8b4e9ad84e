import type * as Tools from '@huijing/tools';
import { tsImport } from 'tsx/esm/api';
import type { OutputBundle, OutputChunk } from 'rolldown';
import type { Plugin } from 'vite';
import { reachable } from './graph';

/** Per tool id, the files of its widgets and parameters (prerender.ts prefetches them). */
export type ToolPartFiles = Record<string, string[]>;

const TOOL_PART_MODULE = /^\0huijing-tool-part:(.+)$/;

/** The first screens: what a designer opens first (/, a tool's page, the phone's home). */
export const FIRST_SCREENS = [
  'src/app/screens/home-screens.tsx',
  'src/app/screens/mobile-home-screen.tsx',
  'src/app/screens/tool-frame-screens.tsx',
  'src/app/screens/tool-screens.tsx',
] as const;

/** The screens worth a head start, the modules each loads first, and the paths that show them. */
const screens = async (): Promise<
  { name: string; modules: string[]; later?: string[]; paths: string[] }[]
> => {
  const { allTools } = (await tsImport('@huijing/tools', import.meta.url)) as typeof Tools;
  return [
    {
      name: 'home',
      modules: [FIRST_SCREENS[0]],
      paths: ['/', '/newhome', '/home'],
    },
    {
      name: 'mobile-home',
      modules: [FIRST_SCREENS[1]],
      paths: ['/mobileHome'],
    },
    {
      name: 'tool',
      // The frame paints first; the workspace it loads is fetched at low priority meanwhile.
      modules: [FIRST_SCREENS[2]],
      later: [FIRST_SCREENS[3]],
      paths: [...new Set(['/lama', ...allTools.flatMap((t) => t.routes)])],
    },
  ];
};

/**
 * Writes one copy of index.html per main screen (pages/<name>.html) whose head already asks for
 * that screen's chunks and styles, and pages/routes.json mapping each path to its copy. The
 * server sends the copy for the path (http/web-app.ts), so the route's chunk downloads beside the
 * entry instead of after it has run, without an inline script the CSP would refuse.
 */
export const routePreload = () => {
  let toolPartFiles: ToolPartFiles | undefined;
  const plugin: Plugin = {
    name: 'huijing-route-preload',
    apply: 'build',
    enforce: 'post',
    async generateBundle(_options, bundle: OutputBundle) {
      const html = Object.values(bundle).find((f) => f.fileName === 'index.html');
      if (!html || html.type !== 'asset') return;
      const chunks = Object.values(bundle).filter((f): f is OutputChunk => f.type === 'chunk');
      const byFile = new Map(chunks.map((c) => [c.fileName, c]));
      const closure = (chunk: OutputChunk, into: Set<OutputChunk>) =>
        reachable(chunk, (c) => c.imports.map((dep) => byFile.get(dep)), { into });
      const entry = chunks.find((c) => c.isEntry);
      if (!entry) return;
      const loaded = new Set<OutputChunk>();
      closure(entry, loaded);

      const source = String(html.source);
      const routes: Record<string, string> = {};
      for (const screen of await screens()) {
        const wanted = new Set<OutputChunk>();
        for (const module of screen.modules) {
          const chunk = chunks.find((c) => c.facadeModuleId?.endsWith(`/${module}`));
          if (!chunk) this.error(`route-preload: no chunk for ${module}`);
          closure(chunk, wanted);
        }
        const js = [...wanted].filter((c) => !loaded.has(c)).map((c) => c.fileName);
        // The entry's own stylesheets are in the page already (Vite links them); a second link
        // would apply them again after the screen's, over its rules.
        const css = [
          ...new Set(
            [...wanted]
              .filter((c) => !loaded.has(c))
              .flatMap((c) => [...(c.viteMetadata?.importedCss ?? [])]),
          ),
        ];
        const later = new Set<OutputChunk>();
        for (const module of screen.later ?? []) {
          const chunk = chunks.find((c) => c.facadeModuleId?.endsWith(`/${module}`));
          if (!chunk) this.error(`route-preload: no chunk for ${module}`);
          closure(chunk, later);
        }
        const prefetch = [...later]
          .filter((c) => !loaded.has(c) && !wanted.has(c))
          .map((c) => c.fileName);
        const links = [
          ...css.map((f) => `<link rel="stylesheet" crossorigin href="/${f}">`),
          ...js.map((f) => `<link rel="modulepreload" crossorigin href="/${f}">`),
          // Low priority: fetched beside the first paint's chunks, never ahead of them.
          ...prefetch.map((f) => `<link rel="prefetch" crossorigin href="/${f}">`),
        ].join('\n    ');
        this.emitFile({
          type: 'asset',
          fileName: `pages/${screen.name}.html`,
          source: source.replace('</head>', `    ${links}\n  </head>`),
        });
        for (const path of screen.paths) routes[path] = `pages/${screen.name}.html`;
      }
      this.emitFile({
        type: 'asset',
        fileName: 'pages/routes.json',
        source: JSON.stringify(routes),
      });
      // Each tool's widgets and parameters (build/light-checks.ts): prerender.ts adds them to that
      // tool's own shell as a prefetch, so they come beside the workspace.
      const parts: ToolPartFiles = {};
      for (const chunk of chunks) {
        const id = chunk.facadeModuleId?.match(TOOL_PART_MODULE)?.[1];
        if (!id) continue;
        const files = new Set<OutputChunk>();
        closure(chunk, files);
        parts[id] = [...files].filter((c) => !loaded.has(c)).map((c) => c.fileName);
      }
      toolPartFiles = parts;
    },
  };
  /** What the last build found; prerender.ts runs after it (vite.config.ts). */
  const toolParts = (): ToolPartFiles => {
    if (!toolPartFiles) throw new Error('route-preload: no build has run');
    return toolPartFiles;
  };
  return { plugin, toolParts };
};
