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
  await fs.writeFile(path.join(dir, 'assets', 'pbkdf2.worker-9f8e7d.js'), 'self.onmessage=()=>{}');
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
  // …and shells whose body holds a prerendered first screen for one kind of device.
  const phoneShell = html
    .toString()
    .replace('<div id="root"></div>', '<div id="root"><h1>拍一张照片</h1></div>');
  await fs.writeFile(path.join(dir, 'pages', 'mobile-home.html'), phoneShell);
  const deskShell = html
    .toString()
    .replace('<div id="root"></div>', '<div id="root"><h1>草图到效果图</h1></div>');
  await fs.writeFile(path.join(dir, 'pages', 'home-first.html'), deskShell);
  await fs.writeFile(
    path.join(dir, 'pages', 'routes.json'),
    JSON.stringify({
      '/': { file: 'pages/home.html' },
      '/home': { file: 'pages/home.html' },
      '/newhome': { file: 'pages/home-first.html', device: 'desktop' },
      '/mobileHome': { file: 'pages/mobile-home.html', device: 'mobile' },
      '/x': { file: '../secret.html' },
      '/list': { file: 'pages/home.html', device: 'tablet' },
      '/agreement': 'pages/home.html',
    }),
  );
  return { dir, script, html: html.toString(), homeShell, phoneShell, deskShell };
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

  it('leaves the document-only security headers off hashed assets, but not off workers or pages', async () => {
    const documentOnly = [
      'content-security-policy',
      'x-frame-options',
      'strict-transport-security',
      'cross-origin-opener-policy',
      'origin-agent-cluster',
      'x-xss-protection',
    ];
    const asset = await t.app.inject({ url: '/assets/app-1a2b3c.js' });
    expect(asset.statusCode).toBe(200);
    for (const name of documentOnly) expect(asset.headers[name], name).toBeUndefined();
    expect(asset.headers['x-request-id']).toBeUndefined();
    // What guards a script stays.
    expect(asset.headers['x-content-type-options']).toBe('nosniff');
    expect(asset.headers['cross-origin-resource-policy']).toBe('same-origin');
    expect(asset.headers['referrer-policy']).toBe('no-referrer');
    // A worker runs under the policy its own script's response carries.
    const worker = await t.app.inject({ url: '/assets/pbkdf2.worker-9f8e7d.js' });
    expect(worker.statusCode).toBe(200);
    expect(worker.headers['cache-control']).toBe(IMMUTABLE);
    expect(worker.headers['content-security-policy']).toMatch(/script-src 'self'/);
    for (const url of ['/', '/mobileHome', '/api/health']) {
      const res = await t.app.inject({ url });
      for (const name of documentOnly) expect(res.headers[name], `${url} ${name}`).toBeDefined();
      expect(res.headers['x-request-id'], url).toBeDefined();
    }
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
    // Paths without a shell of their own (or a malformed entry), and unknown paths, get the plain one.
    expect((await t.app.inject({ url: '/list' })).body).toBe(dist.html);
    expect((await t.app.inject({ url: '/agreement' })).body).toBe(dist.html);
    const unknown = await t.app.inject({ url: '/x' });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.body).toBe(dist.html);
  });

  it('sends a prerendered first screen only to the kind of device it was made for', async () => {
    const phone =
      'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 Mobile/15E148';
    const desk = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 Chrome/156.0 Safari/537.36';
    const get = (url: string, ua: string) => t.app.inject({ url, headers: { 'user-agent': ua } });
    const onPhone = await get('/mobileHome', phone);
    expect(onPhone.body).toBe(dist.phoneShell);
    expect(onPhone.headers.vary).toMatch(/User-Agent/i);
    // A desktop is sent from the phone home to / at startup: it gets the plain shell.
    expect((await get('/mobileHome', desk)).body).toBe(dist.html);
    expect((await get('/newhome', desk)).body).toBe(dist.deskShell);
    // A phone is sent from a desktop page to its phone twin: no desktop screen to flash.
    expect((await get('/newhome', phone)).body).toBe(dist.html);
    // A shell without a first screen suits every device.
    expect((await get('/', phone)).body).toBe(dist.homeShell);
  });

  it.each(['/indoorRender', '/list'])(
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
