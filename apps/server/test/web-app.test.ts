import fs from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, makeWebDist } from './helper';
import type { TestApp } from './helper';

describe('web app serving', () => {
  let t: TestApp;
  let webDist: string;
  let indexHtml: string;

  beforeAll(async () => {
    webDist = await makeWebDist();
    indexHtml = await fs.readFile(`${webDist}/index.html`, 'utf8');
    t = await buildTestApp({ env: { WEB_DIST: webDist } });
  });
  afterAll(async () => {
    await t.close();
    await fs.rm(webDist, { recursive: true, force: true });
  });

  it.each(['/', '/text2Img', '/agreement', '/mobileHome', '/text2Img/'])(
    'serves the shell with 200 for the spec route %s',
    async (url) => {
      const res = await t.app.inject({ url });
      expect(res.statusCode).toBe(200);
      expect(res.body).toBe(indexHtml);
      expect(res.headers['content-type']).toMatch(/text\/html/);
      expect(res.headers['cache-control']).toBe('no-cache');
    },
  );

  it('keeps the query string out of route matching', async () => {
    const res = await t.app.inject({ url: '/home?satoken=abc' });
    expect(res.statusCode).toBe(200);
  });

  it.each(['/no-such-page', '/text2img', '/deep/unknown/path'])(
    'serves the shell with 404 for the unknown path %s',
    async (url) => {
      const res = await t.app.inject({ url });
      expect(res.statusCode).toBe(404);
      expect(res.body).toBe(indexHtml);
      expect(res.headers['cache-control']).toBe('no-cache');
    },
  );

  it('answers HEAD like GET without a body', async () => {
    const known = await t.app.inject({ method: 'HEAD', url: '/list' });
    expect(known.statusCode).toBe(200);
    expect(known.body).toBe('');
    expect((await t.app.inject({ method: 'HEAD', url: '/nope' })).statusCode).toBe(404);
  });

  it('caches hashed assets forever and revalidates other files', async () => {
    const asset = await t.app.inject({ url: '/assets/index-abc123.js' });
    expect(asset.statusCode).toBe(200);
    expect(asset.body).toBe('console.log("app");');
    expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    // Never revalidated, so no validators to send.
    expect(asset.headers.etag).toBeUndefined();
    expect(asset.headers['last-modified']).toBeUndefined();

    const index = await t.app.inject({ url: '/index.html' });
    expect(index.statusCode).toBe(200);
    expect(index.headers['cache-control']).toBe('no-cache');
    // A page is revalidated: its validators stay.
    expect(index.headers.etag).toBeDefined();
    expect(index.headers['last-modified']).toBeDefined();

    const icon = await t.app.inject({ url: '/favicon.svg' });
    expect(icon.statusCode).toBe(200);
    expect(icon.headers['cache-control']).toBe('no-cache');
  });

  it('answers a missing asset with a plain 404, not the shell', async () => {
    const res = await t.app.inject({ url: '/assets/index-old999.js' });
    expect(res.statusCode).toBe(404);
    expect(res.body).not.toContain('<html');
  });

  it('keeps /api on the envelope even with a web build present', async () => {
    const res = await t.app.inject({ url: '/api/unknown' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ success: false, code: 40400 });
  });

  it('answers non-GET on a page path with the 404 envelope', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/text2Img' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ success: false, code: 40400 });
  });
});

describe('web app not built', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(() => t.close());

  it('answers page paths with a Chinese 503 page instead of crashing', async () => {
    const res = await t.app.inject({ url: '/text2Img' });
    expect(res.statusCode).toBe(503);
    expect(res.headers['content-type']).toMatch(/text\/html; charset=utf-8/);
    expect(res.body).toContain('网页应用尚未构建');
    expect((await t.app.inject({ url: '/api/health' })).statusCode).toBe(200);
  });
});

describe('legacy host redirect', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp({
      env: {
        LEGACY_HOSTS: 'old.example.com,legacy.example.com:8080',
        CANONICAL_HOST: 'new.example.com',
      },
    });
  });
  afterAll(() => t.close());

  it('sends a visit on a legacy host to the canonical host with path and query', async () => {
    const res = await t.app.inject({
      url: '/text2Img?from=ad&satoken=x',
      headers: { host: 'OLD.example.com' },
    });
    expect(res.statusCode).toBe(301);
    expect(res.headers.location).toBe('http://new.example.com/text2Img?from=ad&satoken=x');
  });

  it('matches a legacy host listed with its port, and API paths too', async () => {
    const res = await t.app.inject({
      url: '/api/health?x=1',
      headers: { host: 'legacy.example.com:8080' },
    });
    expect(res.statusCode).toBe(301);
    expect(res.headers.location).toBe('http://new.example.com/api/health?x=1');
  });

  it('keeps the method of a non-GET request with 308', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/ai/startTask',
      headers: { host: 'old.example.com' },
      payload: { a: 1 },
    });
    expect(res.statusCode).toBe(308);
    expect(res.headers.location).toBe('http://new.example.com/api/ai/startTask');
  });

  it('leaves other hosts alone', async () => {
    const res = await t.app.inject({ url: '/api/health', headers: { host: 'new.example.com' } });
    expect(res.statusCode).toBe(200);
  });

  it('keeps the scheme the client used when TRUST_PROXY lets forwarded headers through', async () => {
    const headers = {
      host: 'internal:8000',
      'x-forwarded-host': 'old.example.com',
      'x-forwarded-proto': 'https',
    };
    // Without trust, forwarded headers are ignored: the internal host is not a legacy host.
    expect((await t.app.inject({ url: '/api/health', headers })).statusCode).toBe(200);
    const proxied = await buildTestApp({
      env: {
        LEGACY_HOSTS: 'old.example.com',
        CANONICAL_HOST: 'new.example.com',
        TRUST_PROXY: 'true',
      },
    });
    try {
      const res = await proxied.app.inject({ url: '/list?q=1', headers });
      expect(res.statusCode).toBe(301);
      expect(res.headers.location).toBe('https://new.example.com/list?q=1');
    } finally {
      await proxied.close();
    }
  });

  it('uses a configured canonical origin as-is', async () => {
    const other = await buildTestApp({
      env: { LEGACY_HOSTS: 'old.example.com', CANONICAL_HOST: 'https://new.example.com' },
    });
    try {
      const res = await other.app.inject({
        url: '/list?q=1',
        headers: { host: 'old.example.com' },
      });
      expect(res.statusCode).toBe(301);
      expect(res.headers.location).toBe('https://new.example.com/list?q=1');
    } finally {
      await other.close();
    }
  });
});
