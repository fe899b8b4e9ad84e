import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { toolForRoute } from '@huijing/tools';
import type { Browser, Page } from 'playwright-core';
import path from 'node:path';
import sharp from 'sharp';
import { desktop, launch, mobile, newPage, screenshotPath, skipInterest } from '../support/browser';
import { apiSignIn, startServer, type RunningServer } from '../support/server';

/**
 * A designer's first hour on a fresh install without an AI engine: no entry point
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

/** A wooden floor (planks with grain and noise) with a solid red box standing on it. */
const W = 480;
const H = 320;
const BOX = { x: 200, y: 120, w: 90, h: 80 };
const floorWithBox = (withBox: boolean): Buffer => {
  let seed = 11;
  const next = () => {
    seed = (seed * 1664525 + 1013904223) >>> 0;
    return seed / 4294967296;
  };
  const tone = Array.from({ length: 40 }, () => 0.85 + next() * 0.3);
  const data = Buffer.alloc(W * H * 3);
  for (let y = 0; y < H; y += 1) {
    const plank = Math.floor(y / 16);
    for (let x = 0; x < W; x += 1) {
      const k =
        tone[plank]! *
        (y % 16 === 0 ? 0.6 : 1) *
        (1 + 0.08 * Math.sin((x + plank * 37) * 0.3 + Math.sin(y * 0.6) * 2));
      const noise = (next() - 0.5) * 16;
      const i = (y * W + x) * 3;
      const inBox = withBox && x >= BOX.x && x < BOX.x + BOX.w && y >= BOX.y && y < BOX.y + BOX.h;
      data[i] = inBox ? 210 : Math.max(0, Math.min(255, 150 * k + noise));
      data[i + 1] = inBox ? 20 : Math.max(0, Math.min(255, 105 * k + noise));
      data[i + 2] = inBox ? 20 : Math.max(0, Math.min(255, 70 * k + noise));
    }
  }
  return data;
};

/**
 * The measure of a removal, over the box against a ring 16 px wide starting 12 px outside it:
 * mean colour (Euclidean RGB distance of the means), luminance spread (standard deviation) and
 * texture energy (mean squared luminance gradient). A blur keeps the colour but loses the other
 * two; a leftover object fails the colour.
 */
const removalMeasure = (rgb: Buffer) => {
  const lum = (p: number) =>
    0.299 * rgb[p * 3]! + 0.587 * rgb[p * 3 + 1]! + 0.114 * rgb[p * 3 + 2]!;
  const stats = (inside: (x: number, y: number) => boolean) => {
    const mean = [0, 0, 0];
    const ls: number[] = [];
    let grad = 0;
    for (let y = 1; y < H - 1; y += 1) {
      for (let x = 1; x < W - 1; x += 1) {
        if (!inside(x, y)) continue;
        const p = y * W + x;
        for (let c = 0; c < 3; c += 1) mean[c]! += rgb[p * 3 + c]!;
        ls.push(lum(p));
        grad += (lum(p + 1) - lum(p - 1)) ** 2 + (lum(p + W) - lum(p - W)) ** 2;
      }
    }
    const n = ls.length;
    const m = ls.reduce((a, b) => a + b, 0) / n;
    return {
      mean: mean.map((v) => v / n),
      sd: Math.sqrt(ls.reduce((a, b) => a + (b - m) ** 2, 0) / n),
      grad: grad / n,
    };
  };
  const inBox = (x: number, y: number, grow: number) =>
    x >= BOX.x - grow && x < BOX.x + BOX.w + grow && y >= BOX.y - grow && y < BOX.y + BOX.h + grow;
  const hole = stats((x, y) => inBox(x, y, 0));
  const ring = stats((x, y) => inBox(x, y, 28) && !inBox(x, y, 12));
  return {
    colour: Math.hypot(...hole.mean.map((v, c) => v - ring.mean[c]!)),
    spread: hole.sd / ring.sd,
    texture: hole.grad / ring.grad,
  };
};

describe('results that keep their promise', () => {
  test('/clean removes a solid object: colour and texture like the floor around it', async () => {
    const token = await apiSignIn(server, '13812349101');
    const { context, page, errors } = await newPage(browser, desktop);
    const file = path.join(server.dataDir, 'floor-box.png');
    await sharp(floorWithBox(true), { raw: { width: W, height: H, channels: 3 } })
      .png()
      .toFile(file);
    await page.goto(`${server.url}/clean?satoken=${encodeURIComponent(token)}`);
    await skipInterest(page);
    await page.locator('input[type=file][data-input="upload_img"]').setInputFiles(file);
    await page.getByTestId('mask-editor').waitFor();
    const canvas = page.locator('.hj-mask__canvas');
    await canvas.locator('canvas').first().waitFor();
    await canvas.scrollIntoViewIfNeeded();
    const rect = (await canvas.boundingBox())!;
    const read = async (name: string) => Number(await canvas.getAttribute(`data-view-${name}`));
    const [scale, vx, vy] = [await read('scale'), await read('x'), await read('y')];
    const at = (x: number, y: number) => [rect.x + vx + x * scale, rect.y + vy + y * scale];
    // Dense strokes over the box and a few pixels beyond it, as a designer paints.
    for (let y = BOX.y - 4; y <= BOX.y + BOX.h + 4; y += 6) {
      const [x0, y0] = at(BOX.x - 6, y);
      const [x1, y1] = at(BOX.x + BOX.w + 6, y);
      await page.mouse.move(x0!, y0!);
      await page.mouse.down();
      await page.mouse.move(x1!, y1!, { steps: 10 });
      await page.mouse.up();
    }
    await page.waitForFunction(
      () => !document.querySelector<HTMLButtonElement>('.hj-tool-start button')?.disabled,
    );
    await page.locator('.hj-tool-start button').click();
    await page.locator('.hj-result').waitFor({ timeout: 120_000 });
    const url = (await page.getByRole('img', { name: '生成结果' }).first().getAttribute('src'))!;
    const bytes = Buffer.from(
      await page.evaluate(
        async (u) => Array.from(new Uint8Array(await (await fetch(u)).arrayBuffer())),
        url,
      ),
    );
    const rgb = await sharp(bytes).removeAlpha().raw().toBuffer();
    const m = removalMeasure(rgb);
    const reference = removalMeasure(floorWithBox(false));
    assert.ok(
      m.colour < 14,
      `mean colour off by ${m.colour.toFixed(1)} (floor: ${reference.colour.toFixed(1)})`,
    );
    assert.ok(m.spread > 0.6 && m.spread < 1.5, `luminance spread ×${m.spread.toFixed(2)}`);
    assert.ok(m.texture > 0.45 && m.texture < 1.8, `texture energy ×${m.texture.toFixed(2)}`);
    await page.screenshot({ path: screenshotPath('first-hour-clean-desktop.png') });
    assert.deepEqual(errors, []);
    await context.close();
  });

  test('/styleTransfer on the built-in engine is named 色调迁移 and says what AI adds', async () => {
    const { context, page, errors } = await newPage(browser, desktop);
    await page.goto(`${server.url}/styleTransfer`);
    await page.getByTestId('local-variant').waitFor();
    assert.equal(await page.getByTestId('tool-title').innerText(), '色调迁移');
    assert.match(await page.getByTestId('local-variant').innerText(), /接入 AI 引擎后/);
    await context.close();
    assert.deepEqual(errors, []);
  });

  test('/colorFlatPicture: a photo is warned about before any run', async () => {
    const token = await apiSignIn(server, '13812349102');
    const { context, page, errors } = await newPage(browser, desktop);
    const file = path.join(server.dataDir, 'photo.png');
    await sharp(floorWithBox(true), { raw: { width: W, height: H, channels: 3 } })
      .png()
      .toFile(file);
    await page.goto(`${server.url}/colorFlatPicture?satoken=${encodeURIComponent(token)}`);
    await skipInterest(page);
    await page.locator('input[type=file][data-input="upload_img"]').setInputFiles(file);
    await page.getByTestId('plan-photo-warning').waitFor();
    await page.screenshot({ path: screenshotPath('first-hour-flatplan-photo-desktop.png') });
    await context.close();
    assert.deepEqual(errors, []);
  });
});
