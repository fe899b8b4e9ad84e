import fs from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import { isKnownPagePath } from '@huijing/contracts';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

export const isApiPath = (url: string): boolean =>
  url === '/api' || url.startsWith('/api/') || url.startsWith('/api?');

const IMMUTABLE = 'public, max-age=31536000, immutable';

const NOT_BUILT_PAGE = `<!doctype html>
<html lang="zh-CN"><head><meta charset="utf-8"><title>绘境</title></head>
<body style="font-family:sans-serif;padding:3rem;text-align:center">
<h1>网页应用尚未构建</h1>
<p>服务已启动，但没有找到网页文件。请先运行 <code>npm run build</code> 后重启服务。</p>
</body></html>
`;

/**
 * The build writes a copy of index.html per main screen whose head already preloads that screen's
 * chunks (apps/web/build/route-preload.ts) and pages/routes.json naming the copy for each path.
 */
const readPageShells = (webDist: string): Map<string, string> => {
  try {
    const routes = JSON.parse(
      fs.readFileSync(path.join(webDist, 'pages', 'routes.json'), 'utf8'),
    ) as Record<string, string>;
    return new Map(
      Object.entries(routes).filter(
        ([route, file]) =>
          typeof file === 'string' &&
          /^pages\/[\w-]+\.html$/.test(file) &&
          isKnownPagePath(route) &&
          fs.existsSync(path.join(webDist, file)),
      ),
    );
  } catch {
    return new Map();
  }
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
  await app.register(fastifyStatic, {
    root: webDist,
    // The build writes .br and .gz beside each text file (apps/web/build/precompress.ts).
    preCompressed: true,
    // We set Cache-Control ourselves; send's default (max-age=0) would override the policy.
    cacheControl: false,
    setHeaders: (reply, filePath) => {
      const absolute = path.resolve(webDist, filePath);
      reply.header('cache-control', absolute.startsWith(assetsDir) ? IMMUTABLE : 'no-cache');
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
    return reply
      .code(isKnownPagePath(pathname) ? 200 : 404)
      .header('cache-control', 'no-cache')
      .sendFile(pageShells.get(pathname) ?? 'index.html');
  };
  // '/' is a page like the others (its own shell), not the static directory index.
  app.get('/', fallback);
  return fallback;
};
