import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import type { Browser } from 'playwright-core';
import { desktop, launch, mobile, newPage } from '../support/browser';
import { apiSignIn, freePort, startServer, type RunningServer } from '../support/server';

let server: RunningServer;
let browser: Browser;

before(async () => {
  server = await startServer();
  browser = await launch();
});
after(async () => {
  await browser?.close();
  await server?.stop();
});

const pathOf = (url: string) => new URL(url).pathname;

describe('spec §2 redirect rules', () => {
  test('a mobile device on / lands on /mobileHome', async () => {
    const { context, page, errors } = await newPage(browser, mobile);
    await page.goto(`${server.url}/`);
    await page.waitForURL(/\/mobileHome$/);
    assert.equal(pathOf(page.url()), '/mobileHome');
    assert.deepEqual(errors, []);
    await context.close();
  });

  test('a mobile device keeps /agreement and mobile paths', async () => {
    const { context, page } = await newPage(browser, mobile);
    await page.goto(`${server.url}/agreement`);
    await page.waitForLoadState('networkidle');
    assert.equal(pathOf(page.url()), '/agreement');
    await page.goto(`${server.url}/mobileList`);
    await page.waitForLoadState('networkidle');
    assert.equal(pathOf(page.url()), '/mobileList');
    await context.close();
  });

  test('a desktop device on a mobile path lands on /', async () => {
    const { context, page, errors } = await newPage(browser, desktop);
    await page.goto(`${server.url}/mobileList`);
    await page.waitForURL(`${server.url}/`);
    assert.equal(pathOf(page.url()), '/');
    assert.deepEqual(errors, []);
    await context.close();
  });

  test('a satoken query parameter is stored, removed from the address and signs the user in', async () => {
    const token = await apiSignIn(server, '13700001111');
    const { context, page, errors } = await newPage(browser, desktop);
    await page.goto(`${server.url}/?satoken=${encodeURIComponent(token)}&k=design`);
    await page.waitForLoadState('networkidle');
    const url = new URL(page.url());
    assert.equal(url.searchParams.get('satoken'), null);
    assert.equal(url.searchParams.get('k'), 'design', 'other parameters are kept');
    const stored = await page.evaluate(() => localStorage.getItem('satoken'));
    assert.ok(stored?.includes(token), 'the token is kept for later visits');
    // The stored token is a real session: the header shows the signed-in account, not 登录.
    await page.reload();
    await page.waitForLoadState('networkidle');
    assert.equal(await page.getByRole('button', { name: /登录 \/ 注册/ }).count(), 0);
    assert.deepEqual(errors, []);
    await context.close();
  });

  test('a satoken the server rejects is dropped quietly', async () => {
    const { context, page, errors } = await newPage(browser, desktop);
    await page.goto(`${server.url}/?satoken=not-a-session`);
    await page.waitForLoadState('networkidle');
    assert.equal(new URL(page.url()).searchParams.get('satoken'), null);
    await page.waitForFunction(() => localStorage.getItem('satoken') === null);
    // Chromium logs the rejected request itself; the app adds nothing of its own.
    assert.deepEqual(
      errors.filter((e) => !/status of 401/.test(e)),
      [],
    );
    await context.close();
  });

  test('the device uuid is generated once and kept across reloads', async () => {
    const { context, page } = await newPage(browser, desktop);
    await page.goto(`${server.url}/list`);
    await page.waitForLoadState('networkidle');
    // The app's device id (spec §3 uuid); subUUID, the page-view device id, is made when the
    // first batch of page views leaves (on the reload below) and then kept the same way.
    const read = (key: string) => page.evaluate((k) => localStorage.getItem(k) ?? '', key);
    const first = await read('uuid');
    assert.match(first, /[0-9a-f]{8}-[0-9a-f]{4}-/);
    await page.reload();
    await page.waitForLoadState('networkidle');
    assert.equal(await read('uuid'), first);
    const sub = await read('subUUID');
    assert.match(sub, /[0-9a-f]{8}-[0-9a-f]{4}-/);
    await page.reload();
    await page.waitForLoadState('networkidle');
    assert.equal(await read('subUUID'), sub);
    await context.close();
  });
});

describe('legacy host', () => {
  test('a visit on the legacy host moves to the canonical host with path and query', async () => {
    // Both names resolve to loopback inside this browser only; the canonical host keeps the port.
    const port = await freePort();
    const legacyServer = await startServer(
      { LEGACY_HOSTS: 'old.huijing.test', CANONICAL_HOST: `www.huijing.test:${port}` },
      port,
    );
    const b = await launch([
      `--host-resolver-rules=MAP old.huijing.test 127.0.0.1, MAP www.huijing.test 127.0.0.1`,
    ]);
    try {
      const ctx = await b.newContext(desktop);
      const page = await ctx.newPage();
      await page.goto(`http://old.huijing.test:${port}/list?tab=2`);
      const u = new URL(page.url());
      assert.equal(u.hostname, 'www.huijing.test');
      assert.equal(u.pathname, '/list');
      assert.equal(u.search, '?tab=2');
      assert.equal(u.port, String(port));
    } finally {
      await b.close();
      await legacyServer.stop();
    }
  });
});
