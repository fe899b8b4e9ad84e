import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { toolForRoute } from '@huijing/tools';
import type { Browser, Page } from 'playwright-core';
import { desktop, launch, mobile, newPage, screenshotPath } from '../support/browser';
import { startServer, type RunningServer } from '../support/server';

/**
 * A designer's first hour on a fresh install without an AI engine (issue 18): no entry point
 * leads into a tool that cannot run unless it says so ("待开通"), runnable tools come first, the
 * heroes feature a tool that runs, and a desktop tool link opened on a phone lands on that tool.
 */

let server: RunningServer;
let browser: Browser;
let availability: Map<string, boolean>;

before(async () => {
  server = await startServer();
  browser = await launch();
  const body = (await (await fetch(`${server.url}/api/ai/tools`)).json()) as {
    data: { id: string; available: boolean }[];
  };
  availability = new Map(body.data.map((t) => [t.id, t.available]));
  // The premise: without an engine some tools run (local CPU engine) and some cannot.
  assert.ok([...availability.values()].includes(true));
  assert.ok([...availability.values()].includes(false));
});
after(async () => {
  await browser?.close();
  await server?.stop();
});

interface Entry {
  text: string;
  toolId: string;
  badged: boolean;
  top: number;
  grid: number;
}

/**
 * Every visible element on the page that opens a tool: links to a tool route or to its phone page
 * (/mobilePrepare?tool=), and buttons that name their tool (data-tool). `grid` numbers the
 * grid each one sits in, so the order can be checked within it.
 */
const entryPoints = async (page: Page): Promise<Entry[]> => {
  const raw = await page.evaluate(() => {
    const grids = Array.from(document.querySelectorAll('.hj-tool-grid, .hj-m__tools, .hj-mf-rows'));
    return Array.from(document.querySelectorAll<HTMLElement>('a[href], button[data-tool]'))
      .filter((el) => el.offsetParent !== null)
      .map((el) => {
        const box = el.getBoundingClientRect();
        const grid = grids.findIndex((g) => g.contains(el));
        return {
          href: el instanceof HTMLAnchorElement ? el.href : '',
          dataTool: el.dataset.tool ?? '',
          text: el.innerText.trim().slice(0, 30),
          badged:
            el.querySelector('.hj-badge--pending') !== null || el.dataset.available === 'false',
          top: box.top + window.scrollY + box.left / 10_000,
          grid,
        };
      });
  });
  const entries: Entry[] = [];
  for (const r of raw) {
    let toolId = '';
    if (r.href) {
      const url = new URL(r.href);
      if (url.pathname === '/mobilePrepare') toolId = url.searchParams.get('tool') ?? '';
      else toolId = toolForRoute(url.pathname)?.id ?? '';
    }
    toolId ||= r.dataTool;
    if (toolId) entries.push({ text: r.text, toolId, badged: r.badged, top: r.top, grid: r.grid });
  }
  return entries;
};

const assertHonest = (entries: Entry[], where: string) => {
  assert.ok(entries.length > 0, `${where}: no tool entry points found`);
  for (const e of entries) {
    const available = availability.get(e.toolId);
    assert.notEqual(available, undefined, `${where}: unknown tool ${e.toolId}`);
    if (!available) assert.ok(e.badged, `${where}: "${e.text}" opens ${e.toolId} without 待开通`);
    else assert.ok(!e.badged, `${where}: "${e.text}" is runnable but marked 待开通`);
  }
  // Within each grid, every runnable tool comes before every unavailable one.
  const grids = new Set(entries.filter((e) => e.grid >= 0).map((e) => e.grid));
  for (const grid of grids) {
    const order = entries
      .filter((e) => e.grid === grid)
      .sort((a, b) => a.top - b.top)
      .map((e) => availability.get(e.toolId));
    const firstDown = order.indexOf(false);
    if (firstDown >= 0) {
      assert.ok(!order.slice(firstDown).includes(true), `${where}: grid ${grid} unsorted`);
    }
  }
};

/** The page has read /api/ai/tools (a card carries data-available). */
const availabilityShown = (page: Page) =>
  page.locator('[data-available]').first().waitFor({ timeout: 15_000 });

describe('never lead into a tool that cannot run', () => {
  test('/ on a desktop: the hero features a runnable tool, cards are badged and sorted', async () => {
    const { context, page, errors } = await newPage(browser, desktop);
    await page.goto(`${server.url}/`);
    await availabilityShown(page);
    const hero = page.locator('.hj-hero__secondary');
    const featured = await hero.getAttribute('data-tool');
    assert.ok(featured && availability.get(featured), `hero features ${featured}`);
    assert.match(await hero.innerText(), /^试试 /);
    const entries = await entryPoints(page);
    assertHonest(entries, '/');
    assert.ok(
      entries.some((e) => e.badged),
      '/: the unavailable tools are shown with a badge',
    );
    await page.screenshot({ path: screenshotPath('first-hour-home-desktop.png') });
    // Following the hero opens a tool that can start (no 待开通 notice on it).
    await hero.click();
    await page.locator('.hj-tool h1').waitFor();
    assert.equal(await page.getByTestId('tool-pending').count(), 0);
    assert.deepEqual(errors, []);
    await context.close();
  });

  test('/list on a desktop: every tab and a search', async () => {
    const { context, page, errors } = await newPage(browser, desktop);
    for (const tab of [1, 2, 3]) {
      await page.goto(`${server.url}/list?tab=${tab}`);
      await availabilityShown(page);
      assertHonest(await entryPoints(page), `/list?tab=${tab}`);
      if (tab === 1) await page.screenshot({ path: screenshotPath('first-hour-list-desktop.png') });
    }
    await page.goto(`${server.url}/list?q=${encodeURIComponent('渲染')}`);
    await availabilityShown(page);
    assertHonest(await entryPoints(page), '/list?q=渲染');
    assert.doesNotMatch(
      (await page.locator('.hj-list__search input').getAttribute('placeholder')) ?? '',
      /[a-z]{3}/,
    );
    assert.deepEqual(errors, []);
    await context.close();
  });

  test('/mobileHome on a phone: the hero and the tiles', async () => {
    const { context, page, errors } = await newPage(browser, mobile);
    await page.goto(`${server.url}/mobileHome`);
    await availabilityShown(page);
    const cta = page.locator('.hj-m__cta');
    const featured = await cta.getAttribute('data-tool');
    assert.ok(featured && availability.get(featured), `phone hero features ${featured}`);
    assertHonest(await entryPoints(page), '/mobileHome');
    await page.screenshot({ path: screenshotPath('first-hour-mobileHome-phone.png') });
    assert.deepEqual(errors, []);
    await context.close();
  });

  test('an unavailable tool: no sign-in offer, designer words, two runnable alternatives', async () => {
    const { context, page, errors } = await newPage(browser, desktop);
    await page.goto(`${server.url}/indoorRender`);
    const notice = page.getByTestId('tool-pending');
    await notice.waitFor();
    assert.match(await notice.innerText(), /该功能正在接入 AI 引擎，暂不可用；可以先试试/);
    const others = await notice
      .locator('a')
      .evaluateAll((els) => els.map((el) => (el as HTMLAnchorElement).pathname));
    assert.equal(others.length, 2);
    for (const route of others) assert.equal(availability.get(toolForRoute(route)!.id), true);
    assert.equal(await page.getByRole('button', { name: /登录后开始/ }).count(), 0);
    await page.screenshot({ path: screenshotPath('first-hour-pending-desktop.png') });
    assert.deepEqual(errors, []);
    await context.close();

    const phone = await newPage(browser, mobile);
    await phone.page.goto(`${server.url}/mobilePrepare?tool=indoor`);
    await phone.page.getByTestId('tool-pending').waitFor();
    assert.equal(await phone.page.getByRole('button', { name: /登录后开始/ }).count(), 0);
    await phone.page.screenshot({ path: screenshotPath('first-hour-pending-phone.png') });
    assert.deepEqual(phone.errors, []);
    await phone.context.close();
  });
});

describe('deep links on phones', () => {
  test('a phone opening /indoorRender lands on that tool’s mobile page', async () => {
    const { context, page, errors } = await newPage(browser, mobile);
    await page.goto(`${server.url}/indoorRender?k=ad`);
    await page.waitForURL(/\/mobilePrepare\?/);
    const url = new URL(page.url());
    assert.equal(url.searchParams.get('tool'), 'indoor');
    assert.equal(url.searchParams.get('k'), 'ad', 'the rest of the link is kept');
    await page.getByRole('heading', { level: 2, name: '室内渲染' }).waitFor();
    // In-app navigation to a desktop tool route goes the same way.
    await page.evaluate(() => {
      history.pushState(null, '', '/clean');
      dispatchEvent(new PopStateEvent('popstate'));
    });
    await page.waitForURL(/\/mobilePrepare\?tool=clean/);
    assert.deepEqual(errors, []);
    await context.close();
  });
});
