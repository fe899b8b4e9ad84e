import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import { isKnownPagePath, isMobileUserAgent } from '@huijing/contracts';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { type AvailabilitySource, createToolShells } from './tool-shell';

export const isApiPath = (url: string): boolean =>
  url === '/api' || url.startsWith('/api/') || url.startsWith('/api?');

const IMMUTABLE = 'public, max-age=31536000, immutable';

/**
 * Headers that only mean something on a document (or a worker, which takes its policy from its
 * script's response). helmet sets them on every response; on each of a first load's ~50 hashed
 * scripts and stylesheets they were ~0.8 KB that HTTP/1.1 sends uncompressed, a fifth of the
 * JavaScript bytes on the wire (docs/performance.md). What guards a subresource stays:
 * `X-Content-Type-Options`, `Cross-Origin-Resource-Policy`, and `Referrer-Policy` (a module
 * script's or a stylesheet's own fetches follow it).
 */
const DOCUMENT_ONLY_HEADERS = [
  'content-security-policy',
  'cross-origin-opener-policy',
  'origin-agent-cluster',
  'strict-transport-security',
  'x-dns-prefetch-control',
  'x-download-options',
  'x-frame-options',
  'x-permitted-cross-domain-policies',
  'x-xss-protection',
];

/** The build names worker scripts `[name].worker-[hash].js` (apps/web/vite.config.ts). */
const isWorkerScript = (file: string) => /\.worker-[\w-]+\.js$/.test(file);

const NOT_BUILT_PAGE = `<!doctype html>
<html lang="zh-CN"><head><meta charset="utf-8"><title>绘境</title></head>
<body style="font-family:sans-serif;padding:3rem;text-align:center">
<h1>网页应用尚未构建</h1>
<p>服务已启动，但没有找到网页文件。请先运行 <code>npm run build</code> 后重启服务。</p>
</body></html>
`;

/** A path's shell; `device` is set when it carries a first screen prerendered for that device. */
interface PageShell {
  file: string;
  device?: 'desktop' | 'mobile';
  /** The tool whose frame the shell carries. */
  tool?: string;
}

/**
 * The build writes a copy of index.html per main screen whose head already preloads that screen's
 * chunks (apps/web/build/route-preload.ts) and, for the home page, the phone home and each tool
 * page, whose body already holds the screen's first view (apps/web/build/prerender.ts), and
 * pages/routes.json naming the copy for each path.
 */
const readPageShells = (webDist: string): Map<string, PageShell> => {
  try {
    const routes = JSON.parse(
      fs.readFileSync(path.join(webDist, 'pages', 'routes.json'), 'utf8'),
    ) as Record<string, unknown>;
    const shells = new Map<string, PageShell>();
    for (const [route, entry] of Object.entries(routes)) {
      const { file, device, tool } = (entry ?? {}) as Partial<PageShell>;
      if (
        typeof file === 'string' &&
        /^pages\/[\w-]+\.html$/.test(file) &&
        (device === undefined || device === 'desktop' || device === 'mobile') &&
        (tool === undefined || typeof tool === 'string') &&
        isKnownPagePath(route) &&
        fs.existsSync(path.join(webDist, file))
      ) {
        shells.set(route, { file, ...(device ? { device } : {}), ...(tool ? { tool } : {}) });
      }
    }
    return shells;
  } catch {
    return new Map();
  }
};

/**
 * The shell for a page request. A first screen is only sent to the kind of device it was made
 * for: the app sends a phone from a desktop page to its phone twin at startup (and a desktop away
 * from the phone home), so such a visitor gets the plain shell instead of a screen that would
 * flash and go.
 */
const shellFor = (
  shells: Map<string, PageShell>,
  pathname: string,
  request: FastifyRequest,
): PageShell => {
  const shell = shells.get(pathname);
  if (!shell) return { file: 'index.html' };
  if (!shell.device) return shell;
  const mobile = isMobileUserAgent(request.headers['user-agent'] ?? '');
  return (shell.device === 'mobile') === mobile ? shell : { file: 'index.html' };
};

export type WebFallback = (request: FastifyRequest, reply: FastifyReply) => Promise<FastifyReply>;

/**
 * Serves the built SPA. Vite puts content-hashed files under /assets/, which may be cached
 * forever; everything else (index.html above all) must be revalidated so a deploy is picked up.
 * Returns the handler for GET/HEAD paths that are not files: the shell with 200 for a page of
 * the spec's route table and 404 otherwise (the SPA renders its not-found page either way).
 */
export const registerWebApp = async (
  app: FastifyInstance,
  webDist: string,
  options: {
    /** Which tools run now: a tool page's shell carries it, and the notice when its tool cannot. */
    availability?: AvailabilitySource;
  } = {},
): Promise<WebFallback> => {
  if (!fs.existsSync(path.join(webDist, 'index.html'))) {
    app.log.warn({ webDist }, 'web app not built: non-API paths answer 503');
    return async (_request, reply) =>
      reply
        .code(503)
        .header('cache-control', 'no-store')
        .type('text/html; charset=utf-8')
        .send(NOT_BUILT_PAGE);
  }

  const assetsDir = path.join(webDist, 'assets') + path.sep;
  const pageShells = readPageShells(webDist);
  const toolShells = options.availability
    ? createToolShells(webDist, options.availability)
    : undefined;
  await app.register(fastifyStatic, {
    root: webDist,
    // The build writes .br and .gz beside each text file (apps/web/build/precompress.ts).
    preCompressed: true,
    // We set Cache-Control ourselves; send's default (max-age=0) would override the policy.
    cacheControl: false,
    setHeaders: (reply, filePath) => {
      const absolute = path.resolve(webDist, filePath);
      const asset = absolute.startsWith(assetsDir);
      reply.header('cache-control', asset ? IMMUTABLE : 'no-cache');
      if (asset && !isWorkerScript(absolute)) {
        for (const name of DOCUMENT_ONLY_HEADERS) reply.raw.removeHeader(name);
      }
      // A hashed asset never changes and is never revalidated (immutable): its validators are
      // ~70 bytes on each of a first load's ~60 scripts for nothing.
      if (asset) {
        reply.removeHeader('etag');
        reply.removeHeader('last-modified');
      }
    },
  });

  const fallback: WebFallback = async (request, reply) => {
    const pathname = request.url.split('?')[0] ?? '/';
    // A missing hashed asset is a stale page asking for an old build: a plain 404, not the shell.
    if (pathname.startsWith('/assets/')) {
      return reply
        .code(404)
        .header('cache-control', 'no-cache')
        .type('text/plain')
        .send('Not Found');
    }
    const shell = shellFor(pageShells, pathname, request);
    reply
      .code(isKnownPagePath(pathname) ? 200 : 404)
      .header('cache-control', 'no-cache')
      // The same path answers a phone and a desktop with different shells.
      .header('vary', 'User-Agent');
    if (shell.tool && toolShells) {
      try {
        const html = await toolShells.render(shell.file, shell.tool, request.headers.cookie);
        if (html !== undefined) {
          // Revalidated on every visit (no-cache): the same page again (same build, same
          // answer, same kept work) is a 304 instead of the whole page. Weak: the body is
          // compressed on the way out. The kept-work cookie changes the page.
          const etag = `W/"${createHash('sha256').update(html).digest('base64url').slice(0, 22)}"`;
          reply.header('etag', etag).header('vary', 'User-Agent, Cookie');
          if (request.headers['if-none-match'] === etag) return reply.code(304).send();
          return reply.type('text/html; charset=utf-8').send(html);
        }
      } catch (error) {
        // Without the answer the page still works: the app asks for it when it starts.
        request.log.warn({ err: error }, 'tool page shell sent without availability');
      }
    }
    return reply.sendFile(shell.file);
  };
  // '/' is a page like the others (its own shell), not the static directory index.
  app.get('/', fallback);
  return fallback;
};
