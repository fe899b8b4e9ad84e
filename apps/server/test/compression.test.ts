import fs from 'node:fs/promises';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, makeWebDist } from './helper';
import type { TestApp } from './helper';

const IMMUTABLE = 'public, max-age=31536000, immutable';

/** A web build with a script big enough to be worth compressing, and its .br/.gz copies. */
const makeCompressedDist = async () => {
  const dir = await makeWebDist();
  const script = `export const words = ${JSON.stringify(Array.from({ length: 400 }, (_, i) => `渲染-${i}`))};`;
  const file = path.join(dir, 'assets', 'app-1a2b3c.js');
  await fs.writeFile(file, script);
  await fs.writeFile(`${file}.br`, zlib.brotliCompressSync(script));
  await fs.writeFile(`${file}.gz`, zlib.gzipSync(script));
  const html = await fs.readFile(path.join(dir, 'index.html'));
  const index = path.join(dir, 'index.html');
  await fs.writeFile(`${index}.br`, zlib.brotliCompressSync(html));
  await fs.writeFile(`${index}.gz`, zlib.gzipSync(html));
  // Per-screen shells whose heads preload the screen's chunks (apps/web/build/route-preload.ts).
  await fs.mkdir(path.join(dir, 'pages'));
  const homeShell = html
    .toString()
    .replace('</head>', '<link rel="modulepreload" href="/assets/home-1.js"></head>');
  await fs.writeFile(path.join(dir, 'pages', 'home.html'), homeShell);
  await fs.writeFile(
    path.join(dir, 'pages', 'routes.json'),
    JSON.stringify({ '/': 'pages/home.html', '/home': 'pages/home.html', '/x': '../secret.html' }),
  );
  return { dir, script, html: html.toString(), homeShell };
};

describe('compression and caching', () => {
  let t: TestApp;
  let dist: Awaited<ReturnType<typeof makeCompressedDist>>;

  beforeAll(async () => {
    dist = await makeCompressedDist();
    t = await buildTestApp({ env: { WEB_DIST: dist.dir } });
    const big = { success: true, code: 0, message: 'ok', data: 'x'.repeat(4000) };
    t.app.get('/api/test-big-json', async () => big);
    t.app.get('/api/test-image', async (_request, reply) =>
      reply.type('image/jpeg').send(Buffer.alloc(8000, 7)),
    );
    t.app.get('/api/test-events', async (_request, reply) =>
      reply.type('text/event-stream').send(`data: ${'y'.repeat(3000)}\n\n`),
    );
  });
  afterAll(async () => {
    await t.close();
    await fs.rm(dist.dir, { recursive: true, force: true });
  });

  it('sends the build-time brotli copy of a hashed asset, cached forever', async () => {
    const res = await t.app.inject({
      url: '/assets/app-1a2b3c.js',
      headers: { 'accept-encoding': 'gzip, deflate, br' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers['cache-control']).toBe(IMMUTABLE);
    expect(res.headers['vary']).toMatch(/accept-encoding/i);
    expect(res.headers['content-type']).toMatch(/javascript/);
    expect(zlib.brotliDecompressSync(res.rawPayload).toString()).toBe(dist.script);
  });

  it('falls back to gzip, then to the plain file', async () => {
    const gz = await t.app.inject({
      url: '/assets/app-1a2b3c.js',
      headers: { 'accept-encoding': 'gzip' },
    });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(zlib.gunzipSync(gz.rawPayload).toString()).toBe(dist.script);
    expect(gz.headers['cache-control']).toBe(IMMUTABLE);

    const plain = await t.app.inject({
      url: '/assets/app-1a2b3c.js',
      headers: { 'accept-encoding': 'identity' },
    });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(dist.script);
  });

  it('sends a screen its own shell, which preloads its chunks', async () => {
    for (const url of ['/', '/home?from=ad']) {
      const res = await t.app.inject({ url });
      expect(res.statusCode).toBe(200);
      expect(res.body).toBe(dist.homeShell);
      expect(res.headers['cache-control']).toBe('no-cache');
    }
    // Paths without a shell of their own, and unknown paths, get the plain one.
    expect((await t.app.inject({ url: '/list' })).body).toBe(dist.html);
    const unknown = await t.app.inject({ url: '/x' });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.body).toBe(dist.html);
  });

  it.each(['/indoorRender', '/mobileHome', '/list'])(
    'sends the shell for %s compressed and never cached without revalidation',
    async (url) => {
      const res = await t.app.inject({ url, headers: { 'accept-encoding': 'br' } });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-encoding']).toBe('br');
      expect(res.headers['cache-control']).toBe('no-cache');
      expect(zlib.brotliDecompressSync(res.rawPayload).toString()).toBe(dist.html);
    },
  );

  it('compresses an API answer over 1 KB and leaves a small one alone', async () => {
    const big = await t.app.inject({
      url: '/api/test-big-json',
      headers: { 'accept-encoding': 'br, gzip' },
    });
    expect(big.headers['content-encoding']).toBe('br');
    expect(JSON.parse(zlib.brotliDecompressSync(big.rawPayload).toString()).data).toHaveLength(
      4000,
    );
    const gz = await t.app.inject({
      url: '/api/test-big-json',
      headers: { 'accept-encoding': 'gzip' },
    });
    expect(gz.headers['content-encoding']).toBe('gzip');

    const small = await t.app.inject({
      url: '/api/health',
      headers: { 'accept-encoding': 'br, gzip' },
    });
    expect(small.headers['content-encoding']).toBeUndefined();
    expect(small.json()).toMatchObject({ success: true });
  });

  it('does not compress images again, nor event streams', async () => {
    const image = await t.app.inject({
      url: '/api/test-image',
      headers: { 'accept-encoding': 'br, gzip' },
    });
    expect(image.headers['content-encoding']).toBeUndefined();
    expect(image.rawPayload.length).toBe(8000);

    const events = await t.app.inject({
      url: '/api/test-events',
      headers: { 'accept-encoding': 'br, gzip' },
    });
    expect(events.headers['content-encoding']).toBeUndefined();
    expect(events.body.startsWith('data: ')).toBe(true);
  });
});
