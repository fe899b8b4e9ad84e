import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { after, before, describe, test } from 'node:test';
import type { Browser } from 'playwright-core';
import { desktopUA, launch, mobile, newPage, waitForContent } from '../support/browser';
import { repoRoot, startServer, type RunningServer } from '../support/server';

// Screenshots land in e2e/screenshots (git-ignored) for people to look at; the assertions
// check what a screenshot would show wrong: blank screens, horizontal overflow on phones.
const shots = path.join(repoRoot, 'e2e/screenshots');
let server: RunningServer;
let browser: Browser;

before(async () => {
  fs.mkdirSync(shots, { recursive: true });
  server = await startServer();
  browser = await launch();
});
after(async () => {
  await browser?.close();
  await server?.stop();
});

const sizes = [
  { name: 'desktop', viewport: { width: 1440, height: 900 }, userAgent: desktopUA },
  // A narrow desktop window: the responsive layout without the mobile-device redirect.
  { name: 'narrow', viewport: { width: 390, height: 844 }, userAgent: desktopUA },
] as const;

describe('screens look finished', () => {
  for (const route of ['/home', '/list', '/agreement', '/clean', '/no-such-page'])
    for (const size of sizes)
      test(`${route} at ${size.name}: content, no horizontal overflow, no console error`, async () => {
        const { context, page, errors } = await newPage(browser, size);
        await page.goto(server.url + route);
        await waitForContent(page);
        const overflow = await page.evaluate(
          () => document.documentElement.scrollWidth - window.innerWidth,
        );
        assert.ok(overflow <= 0, `horizontal overflow of ${overflow}px`);
        const file = `${route.slice(1).replace(/\//g, '_') || 'root'}-${size.name}.png`;
        await page.screenshot({ path: path.join(shots, file), fullPage: route !== '/agreement' });
        assert.deepEqual(
          errors.filter((e) => !(route === '/no-such-page' && /status of 404/.test(e))),
          [],
        );
        await context.close();
      });

  test('/mobileHome on a phone', async () => {
    const { context, page, errors } = await newPage(browser, mobile);
    await page.goto(`${server.url}/mobileHome`);
    await waitForContent(page);
    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth - window.innerWidth,
    );
    assert.ok(overflow <= 0, `horizontal overflow of ${overflow}px`);
    await page.screenshot({ path: path.join(shots, 'mobileHome-phone.png'), fullPage: true });
    assert.deepEqual(errors, []);
    await context.close();
  });
});
