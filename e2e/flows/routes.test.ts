import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { specRoutes } from '@huijing/contracts';
import { toolForRoute } from '@huijing/tools';
import type { Browser } from 'playwright-core';
import { desktop, launch, mobile, newPage, visibleText, waitForContent } from '../support/browser';
import { startServer, type RunningServer } from '../support/server';

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

describe('spec §2 route table', () => {
  test('every route renders its own screen with no console error and no blank page', async () => {
    const problems: string[] = [];
    for (const route of specRoutes) {
      // Mobile screens are only reachable from a mobile device (spec §2 redirect rules).
      const device = route.includes('mobile') ? mobile : desktop;
      const { context, page, errors } = await newPage(browser, device);
      const res = await page.goto(server.url + route, { waitUntil: 'load' });
      if (res?.status() !== 200) problems.push(`${route}: HTTP ${res?.status()}`);
      try {
        await waitForContent(page);
      } catch {
        problems.push(`${route}: blank page`);
      }
      const path = new URL(page.url()).pathname;
      if (path !== route) problems.push(`${route}: ended on ${path}`);
      const text = await visibleText(page);
      const tool = toolForRoute(route);
      if (tool && !text.includes(tool.name['zh-CN']))
        problems.push(`${route}: does not show the tool name ${tool.name['zh-CN']}`);
      if (/页面走丢了/.test(text)) problems.push(`${route}: shows the not-found page`);
      problems.push(...errors.map((e) => `${route}: ${e}`));
      await context.close();
    }
    assert.deepEqual(problems, []);
  });

  test('an unknown path answers 404 and shows the designed not-found page', async () => {
    const { context, page, errors } = await newPage(browser, desktop);
    const res = await page.goto(`${server.url}/some/unknown/path`);
    assert.equal(res?.status(), 404);
    await page.getByText('页面走丢了').first().waitFor();
    // Chromium logs the document's own 404 as a console error; nothing else may appear.
    assert.deepEqual(
      errors.filter((e) => !/status of 404/.test(e)),
      [],
    );
    await page
      .getByRole('button', { name: /返回首页/ })
      .first()
      .click();
    await page.waitForURL(`${server.url}/`);
    await context.close();
  });
});
