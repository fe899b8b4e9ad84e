import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { toolForRoute } from '@huijing/tools';
import type { Browser, Page } from 'playwright-core';
import {
  desktop,
  desktopUA,
  launch,
  mobile,
  mobileUA,
  newPage,
  waitForContent,
} from '../support/browser';
import { type RunningServer, startServer } from '../support/server';

// The prerendered first screens (apps/web/build/prerender.ts): the home page, the phone
// home and each tool page arrive with their first view in the HTML, so it paints before any
// script has run; the app then replaces it with the same markup.

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

const shell = async (path: string, userAgent: string) => {
  const res = await fetch(`${server.url}${path}`, { headers: { 'user-agent': userAgent } });
  assert.equal(res.status, 200);
  return res.text();
};

/** The outer HTML of each selector, with React's generated ids (useId) left out. */
const markupOf = (page: Page, selectors: string[]) =>
  page.evaluate(
    (list) =>
      list.map((s) => {
        const el = document.querySelector(s);
        return el ? el.outerHTML.replace(/_[rR]_[\w]+_/g, 'ID') : `missing ${s}`;
      }),
    selectors,
  );

/**
 * Every tool runs, as on an install with its engines configured: the heroes then make the render
 * promise the prerendered shell carries (without an engine they promise what does run instead).
 */
const everyToolRuns = async (page: Page) => {
  const body = (await (await fetch(`${server.url}/api/ai/tools`)).json()) as {
    data: { available: boolean; reason?: string }[];
  };
  const data = body.data.map((t) => ({ ...t, available: true, reason: undefined }));
  await page.route('**/api/ai/tools', (route) =>
    route.fulfill({ json: { ...body, data }, headers: { 'cache-control': 'no-store' } }),
  );
};

/** Loads `path` twice, without and with scripts, and returns both pages (caller closes). */
const bothWays = async (
  path: string,
  device: typeof desktop | typeof mobile,
  { engines = false } = {},
) => {
  const still = await newPage(browser, { ...device, javaScriptEnabled: false });
  await still.page.goto(`${server.url}${path}`);
  const live = await newPage(browser, device);
  if (engines) await everyToolRuns(live.page);
  await live.page.goto(`${server.url}${path}`);
  await waitForContent(live.page);
  return { still, live };
};

describe('prerendered first screens', () => {
  test('the home page shows its hero before any script runs, and the app draws the same', async () => {
    const html = await shell('/', desktopUA);
    assert.match(html, /<div id="root" data-first-screen><div class="hj-page hj-home">/);
    // Below the fold (the tool sections, the footer) is the app's: the document stays small.
    assert.doesNotMatch(html, /hj-section|hj-tool-card|hj-steps|hj-footer/);
    // Nothing in it knows the visitor: no 登录 button that a signed-in designer would see flash.
    assert.doesNotMatch(html, /hj-header__login/);

    const { still, live } = await bothWays('/', desktop, { engines: true });
    try {
      assert.equal(
        await still.page.getByRole('heading', { level: 1 }).innerText(),
        await live.page.getByRole('heading', { level: 1 }).innerText(),
      );
      const parts = ['.hj-hero__title', '.hj-hero__lead', '.hj-hero__facts', '.hj-nav'];
      assert.deepEqual(await markupOf(still.page, parts), await markupOf(live.page, parts));
      // Replaced, not added to: one page, one h1, and the app's sections below it.
      assert.equal(await live.page.locator('.hj-page').count(), 1);
      assert.equal(await live.page.locator('h1').count(), 1);
      assert.equal(await live.page.locator('#root[data-first-screen]').count(), 0);
      // The parts below the fold are all added, one after another, in the page's order.
      await live.page.locator('.hj-cta').waitFor();
      assert.deepEqual(
        await live.page.$$eval('.hj-home__body > section', (all) =>
          all.map((s) => s.id || s.className),
        ),
        ['family-render', 'family-edit', 'family-generate', 'hj-section', 'hj-steps', 'hj-cta'],
      );
      await live.page.getByRole('button', { name: '登录' }).waitFor();
      // /home has a footer (spec §2): below the fold too, so the app adds it.
      await live.page.goto(`${server.url}/home`);
      await live.page.locator('.hj-footer').waitFor();
      assert.equal(await live.page.locator('.hj-footer').count(), 1);
      assert.deepEqual(live.errors, []);
    } finally {
      await still.context.close();
      await live.context.close();
    }
  });

  test("a phone gets the phone home's first screen; a desktop, which the app sends on, the plain shell", async () => {
    const phone = await shell('/mobileHome', mobileUA);
    assert.match(phone, /<div id="root" data-first-screen><div class="hj-m">/);
    assert.doesNotMatch(await shell('/mobileHome', desktopUA), /data-first-screen/);
    // …and a phone on a desktop page is not shown the desktop screen it is about to leave.
    assert.doesNotMatch(await shell('/', mobileUA), /data-first-screen/);
    assert.doesNotMatch(await shell('/indoorRender', mobileUA), /data-first-screen/);

    const { still, live } = await bothWays('/mobileHome', mobile, { engines: true });
    try {
      const parts = ['.hj-m__hero h1', '.hj-m__lead', '.hj-m__family--render .hj-m__family-head'];
      assert.deepEqual(await markupOf(still.page, parts), await markupOf(live.page, parts));
      assert.equal(await live.page.locator('.hj-m').count(), 1);
      assert.equal(new URL(live.page.url()).pathname, '/mobileHome');
      assert.deepEqual(live.errors, []);
    } finally {
      await still.context.close();
      await live.context.close();
    }
  });

  test("a tool page's shell carries that tool's frame, which the workspace then replaces", async () => {
    const tool = toolForRoute('/indoorRender')!;
    const html = await shell('/indoorRender', desktopUA);
    assert.match(html, /class="hj-tool hj-tool-frame"/);
    assert.ok(html.includes(`<h1>${tool.name['zh-CN']}</h1>`), 'the tool name is the heading');
    // Another tool's page carries its own frame, not this one's.
    const other = toolForRoute('/matting')!;
    assert.ok((await shell('/matting', desktopUA)).includes(`<h1>${other.name['zh-CN']}</h1>`));

    const { still, live } = await bothWays('/indoorRender', desktop);
    try {
      assert.equal(
        await still.page.getByRole('heading', { level: 1 }).innerText(),
        tool.name['zh-CN'],
      );
      await live.page.locator('.hj-tool:not(.hj-tool-frame)').waitFor();
      assert.equal(await live.page.locator('.hj-tool-frame').count(), 0);
      assert.equal(await live.page.locator('h1').count(), 1);
      // This server has no AI engine: the shell already says the tool cannot run (the server
      // wrote the notice in), with working links to tools that do, and the app draws the same.
      const notice = ['[data-testid="tool-pending"]'];
      const [before] = await markupOf(still.page, notice);
      assert.match(before!, /待开通/);
      assert.match(before!, /<a data-tool="[\w-]+" href="\/\w+"/);
      assert.deepEqual(await markupOf(live.page, notice), [before]);
      // A first visit: the empty stage's steps are in the shell too, and the app keeps them.
      const steps = ['.hj-stage__steps'];
      const [stepsBefore] = await markupOf(still.page, steps);
      assert.match(stepsBefore!, /上传原图/);
      assert.deepEqual(await markupOf(live.page, steps), [stepsBefore]);
      // The prompt box's placeholder (the page's largest words) is in the shell too, in a box of
      // the form's box's size and place in its card, so nothing moves when the form arrives.
      const boxIn = (page: Page, selector: string) =>
        page.evaluate((s) => {
          const el = document.querySelector(s)!;
          const r = el.getBoundingClientRect();
          const card = el.closest('.hj-ws-card')!.getBoundingClientRect();
          return [r.top - card.top, r.left - card.left, r.width, r.height, el.textContent];
        }, selector);
      const framed = await boxIn(still.page, '.hj-tool-frame__prompt');
      const formed = await boxIn(live.page, '.hj-tool-form .hj-textarea');
      assert.deepEqual(framed.slice(0, 4), formed.slice(0, 4));
      assert.match(String(framed[4]), /用中文描述想要的效果/);
      assert.equal(
        await live.page.locator('.hj-tool-form textarea').first().getAttribute('placeholder'),
        framed[4],
      );
      // The box grows with its words (CSS, not a measuring copy: components/auto-text-area.tsx)
      // from three rows to eight, then scrolls.
      const prompt = live.page.locator('#hj-param-promptTxt');
      const heightOf = async () => (await boxIn(live.page, '.hj-tool-form .hj-textarea'))[3];
      await prompt.fill('奶油风客厅，暖色灯光，落地窗，胡桃木地板，米白色布艺沙发。'.repeat(3));
      const longer = await heightOf();
      await prompt.fill('奶油风客厅，暖色灯光，落地窗，胡桃木地板，米白色布艺沙发。'.repeat(20));
      const full = await heightOf();
      assert.ok(Number(longer) > 82 && Number(longer) < Number(full), `${longer}, ${full}`);
      assert.equal(full, 8 * 22 + 16);
      assert.ok(await prompt.evaluate((t) => t.scrollHeight > t.clientHeight));
      await prompt.fill('');
      assert.equal(await heightOf(), 82);
      assert.deepEqual(live.errors, []);

      // Once this browser keeps work of the tool, leaving the page tells the server (hj_work), and
      // the next load's shell leaves the stage to that work.
      await live.page.evaluate(() =>
        localStorage.setItem(
          'hj-tool-state-render',
          JSON.stringify({ state: { tools: { indoor: { taskId: 'a-run' } } } }),
        ),
      );
      await live.page.goto(`${server.url}/agreement`);
      const work = (await live.context.cookies()).find((c) => c.name === 'hj_work');
      assert.equal(work?.value, 'indoor');
      const res = await fetch(`${server.url}/indoorRender`, {
        headers: { 'user-agent': desktopUA, cookie: `hj_work=${work.value}` },
      });
      const returning = await res.text();
      assert.match(returning, /class="hj-tool hj-tool-frame"/);
      assert.doesNotMatch(returning, /hj-stage__steps/);
    } finally {
      await still.context.close();
      await live.context.close();
    }
  });

  test("the tool page's workspace draws antd's look from the baked styles, without antd's code; antd's parts bring its root", async () => {
    // antd's component styles (not its per-render CSS variables) that antd generated at run time.
    const generated = (page: Page) =>
      page.evaluate(
        'document.querySelectorAll(\'style[data-token-hash]:not([data-token-hash^="css-var"])\').length',
      );
    // antd outside its root (the app's ConfigProvider turns hashing off) marks its elements with
    // a style-hash class: an antd part drawn without the app's theme and locale.
    const unthemed = (page: Page) =>
      page.evaluate('document.querySelectorAll(\'[class*="ant-"][class*=" css-"]\').length');
    const { context, page, errors } = await newPage(browser, {
      ...desktop,
      reducedMotion: 'reduce',
    });
    try {
      const scripts: string[] = [];
      page.on('request', (r) => {
        if (r.resourceType() === 'script') scripts.push(new URL(r.url()).pathname);
      });
      await page.goto(`${server.url}/indoorRender`);
      await page.locator('.hj-tool:not(.hj-tool-frame) .hj-choice').first().waitFor();
      const beforeForm = [...scripts];
      assert.equal(
        await page.locator('head link[rel="stylesheet"][href^="/assets/antd-"]').count(),
        1,
      );
      assert.deepEqual(
        beforeForm.filter((f) => /\/(?:antd-root|config-provider|button|collapse)-/.test(f)),
        [],
        "antd's code loaded before the workspace drew",
      );
      // The baked file styles the plain markup as antd would: the theme's colour and sizes.
      const look = await page.evaluate(`(() => {
        const css = (s) => { const e = document.querySelector(s); return e && getComputedStyle(e); };
        return {
          reset: css('.hj-ws-card__head .ant-btn-link')?.color,
          start: css('.hj-tool__panel .ant-btn-lg')?.height,
          fold: css('.hj-tool-advanced .ant-collapse-header')?.cursor,
        };
      })()`);
      assert.deepEqual(look, { reset: 'rgb(79, 70, 229)', start: '46px', fold: 'pointer' });
      // Opening the folded settings draws antd's Select, which brings antd's root with it.
      for (const header of await page.locator('.hj-tool-advanced .ant-collapse-header').all()) {
        await header.click();
      }
      await page.locator('.hj-tool-advanced .ant-select').first().waitFor();
      assert.ok(
        scripts.some((f) => /\/antd-root-/.test(f)),
        "antd's root did not load",
      );
      assert.equal(await unthemed(page), 0, 'an antd part is drawn outside the theme');
      assert.equal(await generated(page), 0, 'antd generated styles the build had baked');
      assert.deepEqual(errors, []);
    } finally {
      await context.close();
    }
  });
});
