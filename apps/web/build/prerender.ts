import fs from 'node:fs/promises';
import path from 'node:path';
import type * as Tools from '@huijing/tools';
import { tsImport } from 'tsx/esm/api';
import { createServer } from 'vite';
import type * as Contracts from '@huijing/contracts';
import type { ToolShellParts } from '@huijing/contracts';
import type * as FirstScreens from '../src/app/first-screens';
import type { FirstScreen } from '../src/app/first-screens';
import { antdStyles } from './antd-styles';
import { lightChecks } from './light-checks';
import { lightIcons } from './light-icons';
import { localeParts } from './locale-parts';
import type { ToolPartFiles } from './route-preload';
import { toolCatalog } from './tool-catalog';

/** What the server reads from pages/routes.json for a path (apps/server/src/http/web-app.ts). */
export interface PageRoute {
  /** The shell: index.html with the screen's chunks preloaded, and its first screen if any. */
  file: string;
  /** Present when the shell carries a prerendered first screen meant for this kind of device. */
  device?: 'desktop' | 'mobile';
  /** The tool whose frame the shell carries (the server adds its notice when it cannot run). */
  tool?: string;
}

/** Where the frame draws the notice: after the title, before the page's body. */
const NOTICE_BEFORE = '<div class="hj-tool__body">';
/** The frame's stage as prerendered (no steps: the build cannot know the visitor's work). */
const EMPTY_STAGE = '<div class="hj-stage"></div>';

const ROOT = '<div id="root"></div>';
const SHELLS: Record<string, { screen: FirstScreen; device: 'desktop' | 'mobile' }> = {
  'pages/home.html': { screen: 'home', device: 'desktop' },
  'pages/mobile-home.html': { screen: 'mobile-home', device: 'mobile' },
};

/**
 * After the bundle is written and before it is compressed: renders each main screen's first view
 * (src/app/first-screens.tsx, through Vite's SSR loader so the virtual catalog and locale parts
 * resolve as in the app) into its shell, one shell per tool for the tool pages, and rewrites
 * pages/routes.json as { path: { file, device } }. A phone on a desktop page (or a desktop on
 * the phone home) is redirected by the app at startup; the server sends such a visitor the plain
 * index.html rather than a first screen it would never keep. `toolParts`: per tool, the files of
 * its widgets and parameters, which its own shell prefetches (route-preload.ts found them).
 */
export const prerenderPages = async (
  root: string,
  outDir: string,
  toolParts: ToolPartFiles,
): Promise<void> => {
  const pages = path.join(outDir, 'pages');
  const preloads = JSON.parse(await fs.readFile(path.join(pages, 'routes.json'), 'utf8')) as Record<
    string,
    string
  >;
  const server = await createServer({
    root,
    configFile: false,
    logLevel: 'error',
    appType: 'custom',
    plugins: [toolCatalog(), lightChecks(), lightIcons(), localeParts(), antdStyles()],
    server: { middlewareMode: true, hmr: false, ws: false, watch: null },
    optimizeDeps: { noDiscovery: true, include: [] },
  });
  try {
    const { renderFirstScreen, renderNoticeTemplates, renderStageSteps, noticeTools } =
      (await server.ssrLoadModule('/src/app/first-screens.tsx')) as typeof FirstScreens;
    const { allTools } = (await tsImport('@huijing/tools', import.meta.url)) as typeof Tools;
    const { noticePlaceholders, TOOL_SHELL_PARTS_FILE } = (await tsImport(
      '@huijing/contracts',
      import.meta.url,
    )) as typeof Contracts;
    const fill = async (
      source: string,
      target: string,
      screen: FirstScreen,
      at: string,
      head = '',
    ) => {
      const shell = (await fs.readFile(path.join(outDir, source), 'utf8')).replace(
        '</head>',
        `${head}</head>`,
      );
      if (!shell.includes(ROOT)) throw new Error(`prerender: ${source} has no ${ROOT}`);
      const markup = renderFirstScreen(screen, at);
      await fs.writeFile(
        path.join(outDir, target),
        shell.replace(ROOT, `<div id="root" data-first-screen>${markup}</div>`),
      );
      return markup;
    };

    const routes: Record<string, PageRoute> = {};
    for (const [route, file] of Object.entries(preloads)) {
      const shell = SHELLS[file];
      if (shell) {
        routes[route] = { file, device: shell.device };
        continue;
      }
      // A tool route shows one tool's frame; a route two tools share (the query picks) keeps
      // the shell without a first screen.
      const owners = allTools.filter((t) =>
        t.routes.some((r) => r.toLowerCase() === route.toLowerCase()),
      );
      if (file === 'pages/tool.html' && owners.length === 1) {
        const tool = owners[0]!.id;
        routes[route] = { file: `pages/tool-${tool}.html`, device: 'desktop', tool };
      } else {
        routes[route] = { file };
      }
    }
    for (const [file, { screen }] of Object.entries(SHELLS)) {
      const at = Object.entries(routes).find(([, r]) => r.file === file)?.[0];
      if (at) await fill(file, file, screen, at);
    }
    const tools = new Map<string, string>();
    for (const [route, r] of Object.entries(routes)) {
      if (r.file.startsWith('pages/tool-') && !tools.has(r.file)) tools.set(r.file, route);
    }
    for (const [file, at] of tools) {
      // The tool's own widgets and parameters, fetched at low priority beside the workspace.
      const part = toolParts[routes[at]!.tool!];
      if (!part) throw new Error(`prerender: no widgets and parameters for ${file}`);
      const head = part.map((f) => `<link rel="prefetch" crossorigin href="/${f}">`).join('');
      // The server writes the notice and the steps in at these places (http/tool-shell.ts).
      const markup = await fill('pages/tool.html', file, 'tool', at, head);
      for (const part of [NOTICE_BEFORE, EMPTY_STAGE]) {
        if (!markup.includes(part)) throw new Error(`prerender: ${file} has no ${part}`);
      }
    }
    const templates = renderNoticeTemplates();
    templates.forEach((template, count) => {
      for (let i = 0; i < count; i++) {
        for (const placeholder of Object.values(noticePlaceholders(i))) {
          if (template.split(placeholder).length !== 2) {
            throw new Error(`prerender: notice template ${count} needs ${placeholder} once`);
          }
        }
      }
    });
    const parts: ToolShellParts = {
      templates,
      before: NOTICE_BEFORE,
      tools: noticeTools(),
      steps: renderStageSteps(),
      stage: EMPTY_STAGE,
    };
    await fs.writeFile(path.join(pages, TOOL_SHELL_PARTS_FILE), JSON.stringify(parts));
    await fs.writeFile(path.join(pages, 'routes.json'), JSON.stringify(routes));
  } finally {
    await server.close();
  }
};
