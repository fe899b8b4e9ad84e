import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { allTools } from '@huijing/tools';
import type { Browser, Page } from 'playwright-core';
import { desktop, launch, mobile, newPage, screenshotPath } from '../support/browser';
import { startDashScopeDouble, type DashScopeDouble } from '../support/doubles';
import { apiDesigner, startServer, type RunningServer } from '../support/server';

/**
 * A newcomer's first screens: on a fresh install (only the built-in CPU engine) the home page, the
 * function list and the phone home lead with the tools that run and keep the rest last under
 * 即将开通 with one line on what enabling them takes; the hero promises what its button runs; with
 * an image engine configured the designer's order is back. 灵感广场 and 充值 are one click from
 * every page at both sizes, and a phone keeps its own header and tabs on the community pages.
 */

let fresh: RunningServer;
let browser: Browser;
let availability: Map<string, boolean>;

const readAvailability = async (server: RunningServer) => {
  const body = (await (await fetch(`${server.url}/api/ai/tools`)).json()) as {
    data: { id: string; available: boolean }[];
  };
  return new Map(body.data.map((t) => [t.id, t.available]));
};

const familyOf = (id: string) => allTools.find((t) => t.id === id)?.family;

before(async () => {
  fresh = await startServer();
  browser = await launch();
  availability = await readAvailability(fresh);
  // The premise: no render tool runs without an AI engine, some edit tools do.
  const render = allTools.filter((t) => t.family === 'render');
  assert.ok(render.every((t) => availability.get(t.id) === false));
  assert.ok([...availability.values()].includes(true));
});
after(async () => {
  await browser?.close();
  await fresh?.stop();
});

/** The tool ids and their data-available of the cards inside `selector`, in page order. */
const cardsIn = (page: Page, selector: string) =>
  page.$$eval(`${selector} [data-tool][data-available]`, (all) =>
    all.map((el) => ({
      id: (el as HTMLElement).dataset.tool!,
      available: (el as HTMLElement).dataset.available,
    })),
  );

const soonLine =
  /AI 图像引擎：管理员接入 ComfyUI、通义万相、火山方舟或兼容 OpenAI 的图像服务后即可使用/;

describe('a fresh install leads with what runs', () => {
  test('desktop home: runnable sections first, 即将开通 last with its line, the hero runs', async () => {
    const { context, page, errors } = await newPage(browser, desktop);
    await page.goto(`${fresh.url}/`);
    await page.locator('#coming-soon').waitFor({ timeout: 15_000 });
    const sections = await page.$$eval('.hj-home__body > section', (all) =>
      all.map((s) => s.id || s.className),
    );
    // No render section: every render tool waits for an engine.
    assert.equal(sections[0], 'family-edit');
    assert.ok(!sections.includes('family-render'), sections.join());
    assert.equal(sections.at(-1), 'coming-soon');
    const first = await cardsIn(page, `#${sections[0]}`);
    assert.ok(first.length > 0);
    assert.ok(first.every((c) => c.available === 'true' && availability.get(c.id) === true));
    const soon = page.locator('#coming-soon');
    assert.match((await soon.locator('h2').textContent()) ?? '', /^即将开通/);
    assert.match((await soon.locator('.hj-section__head p').textContent()) ?? '', soonLine);
    const pending = await cardsIn(page, '#coming-soon');
    assert.equal(pending.length, [...availability.values()].filter((a) => !a).length);
    assert.ok(pending.every((c) => c.available === 'false'));

    // The hero's promise is the family of the tool its button opens, and that tool runs.
    const hero = page.locator('.hj-hero__secondary');
    const featured = (await hero.getAttribute('data-tool'))!;
    assert.equal(availability.get(featured), true);
    assert.equal(familyOf(featured), 'edit');
    const title = await page.locator('.hj-hero__title').innerText();
    assert.doesNotMatch(title, /草图到效果图/);
    assert.match(title, /效果图后期/);
    assert.match(await hero.innerText(), /^试试 /);
    // The three render steps are not promised either.
    assert.equal(await page.locator('.hj-steps').count(), 0);
    // No footer column is an empty heading (/home has the footer).
    await page.goto(`${fresh.url}/home`);
    await page.locator('.hj-footer').waitFor();
    await page.locator('#coming-soon').waitFor();
    const columns = await page.$$eval('.hj-footer__col', (all) =>
      all.map((c) => c.querySelectorAll('a, button').length),
    );
    assert.ok(
      columns.every((n) => n > 1),
      `footer columns ${columns.join()}`,
    );
    const headings = await page.locator('.hj-footer__col h4').allTextContents();
    assert.ok(!headings.includes('AI 渲染'), headings.join());
    await page.screenshot({ path: screenshotPath('first-screens-home-desktop.png') });
    await page.goto(`${fresh.url}/`);
    await page.locator('.hj-hero__title').waitFor();
    await page.screenshot({ path: screenshotPath('first-screens-hero-desktop.png') });
    assert.deepEqual(errors, []);
    await context.close();
  });

  test('开始创作 opens /list on a tab of runnable tools, 即将开通 under them', async () => {
    const { context, page, errors } = await newPage(browser, desktop);
    await page.goto(`${fresh.url}/`);
    await page.locator('[data-available]').first().waitFor({ timeout: 15_000 });
    await page.locator('.hj-hero__cta').click();
    await page.waitForURL(/\/list$/);
    const panel = page.locator('.ant-tabs-tabpane-active');
    await panel.locator('[data-available]').first().waitFor();
    assert.match(await page.locator('.ant-tabs-tab-active').innerText(), /图片编辑/);
    const firstGrid = await cardsIn(page, '.ant-tabs-tabpane-active > .hj-tool-grid');
    assert.ok(firstGrid.length > 0);
    assert.ok(firstGrid.every((c) => c.available === 'true'));
    const soon = panel.locator('[data-soon]');
    assert.match(await soon.locator('h3').innerText(), /^即将开通/);
    assert.match(await soon.locator('p').innerText(), soonLine);
    assert.ok(
      (await cardsIn(page, '.ant-tabs-tabpane-active [data-soon]')).every(
        (c) => c.available === 'false',
      ),
    );
    await page.screenshot({ path: screenshotPath('first-screens-list-desktop.png') });
    // The render tab, asked for, shows only 即将开通.
    await page.goto(`${fresh.url}/list?tab=1`);
    await panel.locator('[data-soon]').waitFor();
    assert.equal(await page.locator('.ant-tabs-tabpane-active > .hj-tool-grid').count(), 0);
    assert.deepEqual(errors, []);
    await context.close();
  });

  test('phone home: runnable families first, 即将开通 last, the hero runs', async () => {
    const { context, page, errors } = await newPage(browser, mobile);
    await page.goto(`${fresh.url}/mobileHome`);
    await page.locator('#coming-soon').waitFor({ timeout: 15_000 });
    const sections = await page.$$eval('.hj-m__main > section', (all) =>
      all.map((s) => s.id || s.className),
    );
    assert.match(sections[1]!, /hj-m__family--edit/);
    assert.ok(!sections.some((s) => /family--render/.test(s)), sections.join());
    assert.equal(sections.at(-1), 'coming-soon');
    const first = await cardsIn(page, '.hj-m__family--edit');
    assert.ok(first.every((c) => c.available === 'true'));
    assert.match(await page.locator('#coming-soon small').innerText(), soonLine);
    const cta = page.locator('.hj-m__cta');
    const featured = (await cta.getAttribute('data-tool'))!;
    assert.equal(availability.get(featured), true);
    assert.doesNotMatch(await page.locator('.hj-m__hero h1').innerText(), /拍一张照片/);
    await page.screenshot({ path: screenshotPath('first-screens-home-phone.png') });
    await page.locator('#coming-soon').scrollIntoViewIfNeeded();
    await page.screenshot({ path: screenshotPath('first-screens-soon-phone.png') });
    assert.deepEqual(errors, []);
    await context.close();
  });
});

describe('灵感广场 and 充值 one click away', () => {
  test('desktop: from home, a tool page and /findPage; a non-member is offered 开通会员', async () => {
    const token = await apiDesigner(fresh, '13812340351');
    const { context, page, errors } = await newPage(browser, desktop);
    await page.goto(`${fresh.url}/?satoken=${encodeURIComponent(token)}`);
    for (const path of ['/', '/clean', '/findPage']) {
      await page.goto(`${fresh.url}${path}`);
      const gallery = page.locator('.hj-nav a[href="/findPage"]');
      await gallery.waitFor();
      assert.equal(await gallery.innerText(), '灵感广场');
      await page.locator('.hj-header [data-action="recharge"]').click();
      const modal = page.getByRole('dialog', { name: '充值中心' });
      await modal.waitFor();
      if (path === '/clean')
        await page.screenshot({ path: screenshotPath('first-screens-recharge-desktop.png') });
      await modal.locator('.ant-modal-close').click();
      await modal.waitFor({ state: 'hidden' });
      await gallery.click();
      await page.waitForURL(/\/findPage$/);
    }
    // The account menu offers membership instead of labelling a non-member 普通会员.
    await page.getByRole('button', { name: '账号菜单' }).click();
    const menu = page.locator('.hj-account');
    await menu.waitFor();
    assert.equal(await menu.getByText('普通会员').count(), 0);
    await menu.getByRole('button', { name: '开通会员' }).click();
    const modal = page.getByRole('dialog', { name: '充值中心' });
    await modal.waitFor();
    await modal.locator('.ant-tabs-tab-active').getByText('会员').waitFor();
    assert.deepEqual(errors, []);
    await context.close();
  });

  test('phone: tabs with 灵感广场 and 我的, 充值 in every bar, the phone header on community pages', async () => {
    const token = await apiDesigner(fresh, '13812340352');
    const { context, page, errors } = await newPage(browser, mobile);
    await page.goto(`${fresh.url}/mobileHome?satoken=${encodeURIComponent(token)}`);
    const tabs = page.locator('.hj-m__tabs a');
    await tabs.first().waitFor();
    assert.deepEqual(await tabs.allInnerTexts(), [
      '首页',
      '全部功能',
      '灵感广场',
      '我的作品',
      '我的',
    ]);
    for (const path of ['/mobileHome', '/mobilePrepare?tool=clean', '/findPage']) {
      await page.goto(`${fresh.url}${path}`);
      await page.locator('[data-action="recharge"]').click();
      const modal = page.getByRole('dialog', { name: '充值中心' });
      await modal.waitFor();
      await modal.locator('.ant-modal-close').click();
      await modal.waitFor({ state: 'hidden' });
      // A tab, or on a tool's own page the bar's 灵感广场 button.
      await page.locator('a[href="/findPage"]:visible').first().click();
      await page.waitForURL(/\/findPage$/);
      // The page before stays up until the gallery's code has loaded.
      await page.locator('.hj-m__tabs a.is-active', { hasText: '灵感广场' }).waitFor();
      await page.locator('.hj-m__bar').waitFor();
      assert.equal(await page.locator('.hj-header').count(), 0, `${path}: desktop header`);
      assert.equal(await page.locator('.hj-m__tabs a.is-active').innerText(), '灵感广场');
    }
    await page.locator('.hj-gallery').waitFor();
    await page.screenshot({ path: screenshotPath('first-screens-findpage-phone.png') });
    await page.locator('.hj-m__tabs a[data-tab="mine"]').click();
    await page.waitForURL(/\/personalCenter/);
    await page.locator('.hj-m__tabs a.is-active', { hasText: '我的' }).waitFor();
    assert.equal(await page.locator('.hj-header').count(), 0);
    assert.equal(await page.locator('.hj-m__tabs a.is-active').innerText(), '我的');
    assert.deepEqual(errors, []);
    await context.close();
  });
});

describe('with an image engine configured', () => {
  let server: RunningServer;
  let dashscope: DashScopeDouble;
  before(async () => {
    dashscope = await startDashScopeDouble();
    server = await startServer({
      DASHSCOPE_BASE_URL: dashscope.url,
      DASHSCOPE_API_KEY: dashscope.apiKey,
    });
  });
  after(async () => {
    await server?.stop();
    await dashscope?.close();
  });

  test("the designer's order returns on the home page, the list and the phone home", async () => {
    const configured = await readAvailability(server);
    assert.equal(configured.get('home-decoration'), true);
    const { context, page, errors } = await newPage(browser, desktop);
    await page.goto(`${server.url}/`);
    await page.locator('[data-available]').first().waitFor({ timeout: 15_000 });
    // The parts below the fold arrive one after another; the closing one is the last.
    await page.locator('.hj-cta').waitFor();
    const sections = await page.$$eval('.hj-home__body > section', (all) =>
      all.map((s) => s.id || s.className),
    );
    assert.deepEqual(sections.slice(0, 3), ['family-render', 'family-edit', 'family-generate']);
    assert.match(await page.locator('.hj-hero__title').innerText(), /草图到效果图/);
    const featured = (await page.locator('.hj-hero__secondary').getAttribute('data-tool'))!;
    assert.equal(familyOf(featured), 'render');
    await page.screenshot({ path: screenshotPath('first-screens-home-engine-desktop.png') });
    await page.goto(`${server.url}/list`);
    await page.locator('[data-available]').first().waitFor();
    assert.match(await page.locator('.ant-tabs-tab-active').innerText(), /AI 渲染/);
    await context.close();

    const phone = await newPage(browser, mobile);
    await phone.page.goto(`${server.url}/mobileHome`);
    await phone.page.locator('[data-available]').first().waitFor({ timeout: 15_000 });
    assert.match(
      (await phone.page.locator('.hj-m__main > section').nth(1).getAttribute('class'))!,
      /family--render/,
    );
    assert.match(await phone.page.locator('.hj-m__hero h1').innerText(), /拍一张照片/);
    assert.deepEqual([...errors, ...phone.errors], []);
    await phone.context.close();
  });
});
