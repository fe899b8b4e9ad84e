import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { after, before, describe, test } from 'node:test';
import Database from 'better-sqlite3';
import type { Browser, Page } from 'playwright-core';
import { desktop, launch, mobile, newPage } from '../support/browser';
import { runToLine, uploadRoom } from '../support/gallery';
import { apiDesigner, type RunningServer, startServer, userApi } from '../support/server';

const SHOTS = path.resolve(import.meta.dirname, '../screenshots');
const SEEDED = 220;

let server: RunningServer;
let browser: Browser;
let token: string;
let published: string;
let unpublishedTask: string;

const api = <T>(url: string, init: RequestInit = {}): Promise<T> =>
  userApi(server, token)<T>(url, init);
const run = (fileId: string) => runToLine(server, token, fileId);

/**
 * Many published pictures at once: rows written straight into the server's SQLite file, each
 * showing the real published picture with its own size (the publish path itself is tested on
 * the one published through the API).
 */
const seedRows = (count: number) => {
  const db = new Database(path.join(server.dataDir, 'huijing.sqlite'));
  try {
    const base = db.prepare('select * from gallery_images where id = ?').get(published) as Record<
      string,
      unknown
    >;
    const insert = db.prepare(
      `insert into gallery_images (id, user_id, task_id, output_index, file_id, width, height,
        placeholder, title, tags, classify_ids, tool_id, settings, prompt, search_text, status,
        collect_count, report_count, hot_base, hot_score, created_at, updated_at)
       values (@id, @user_id, @task_id, @output_index, @file_id, @width, @height, @placeholder,
        @title, '[]', '[]', @tool_id, '{}', '', @title, 'published', 0, 0, @hot, @hot, @at, @at)`,
    );
    const start = Date.parse(base.created_at as string) - count * 60_000;
    db.transaction(() => {
      for (let i = 0; i < count; i++) {
        const at = new Date(start + i * 60_000).toISOString();
        insert.run({
          ...base,
          id: `seed-${String(i).padStart(4, '0')}`,
          task_id: `seed-task-${i}`,
          output_index: 0,
          width: 800,
          height: [600, 1000, 800, 1200, 500][i % 5],
          title: `种子作品 ${i}`,
          hot: Date.parse(at) / 45_000_000,
          at,
        });
      }
    })();
  } finally {
    db.close();
  }
};

const shot = (page: Page, name: string) =>
  page.screenshot({ path: path.join(SHOTS, name), fullPage: false });

before(async () => {
  fs.mkdirSync(SHOTS, { recursive: true });
  server = await startServer();
  browser = await launch();
  token = await apiDesigner(server, '13812347701');
  const fileId = await uploadRoom(server, token);
  const first = await run(fileId);
  unpublishedTask = await run(fileId);
  // The first publish also loads the moderation model (several seconds).
  published = (
    await api<{ id: string; status: string }>('/api/image/publish', {
      method: 'POST',
      body: JSON.stringify({
        taskId: first,
        title: '北欧客厅线稿',
        tags: ['北欧', '客厅'],
        includeBefore: true,
      }),
    })
  ).id;
  seedRows(SEEDED);
});

after(async () => {
  await browser?.close();
  await server?.stop();
});

describe('gallery (/findPage)', () => {
  test('scrolls 200+ pictures with at most 300 cards mounted, sized before images load', async () => {
    const { page, errors } = await newPage(browser, desktop);
    await page.goto(`${server.url}/findPage?sort=new`);
    await page.getByRole('heading', { level: 1, name: '灵感广场' }).waitFor();
    await page.locator('[data-testid=gallery-card]').first().waitFor();
    await shot(page, 'gallery-find-desktop.png');
    const seen = new Set<string>();
    let maxMounted = 0;
    for (let round = 0; round < 200 && seen.size < SEEDED + 1; round++) {
      const ids = await page
        .locator('[data-testid=gallery-card]')
        .evaluateAll((els) => els.map((e) => e.getAttribute('data-id') ?? ''));
      ids.forEach((id) => seen.add(id));
      maxMounted = Math.max(maxMounted, ids.length);
      await page.mouse.wheel(0, 1400);
      await page.waitForTimeout(120);
    }
    assert.ok(seen.size >= 200, `saw ${seen.size} pictures`);
    assert.ok(maxMounted <= 300, `mounted ${maxMounted}`);
    assert.ok(maxMounted < 100, `virtualised: ${maxMounted} mounted at most`);
    // Every card has its final height before its image arrives (no layout jump).
    const heights = await page
      .locator('.hj-gcard__pic')
      .evaluateAll((els) => els.map((e) => (e as HTMLElement).style.height));
    assert.ok(heights.every((h) => /^\d+px$/.test(h)));
    await page.getByText(/已经到底了/).waitFor();
    assert.deepEqual(errors, []);
    await page.close();
  });

  test('opens #image-<id> directly, with before/after and the author', async () => {
    for (const [device, name] of [
      [desktop, 'desktop'],
      [mobile, 'mobile'],
    ] as const) {
      const { page, errors } = await newPage(browser, device);
      await page.goto(`${server.url}/findPage#image-${published}`);
      const viewer = page.getByTestId('gallery-viewer');
      await viewer.getByRole('heading', { name: '北欧客厅线稿' }).waitFor();
      await page.locator('.hj-ba').waitFor();
      await viewer.getByText('相似推荐').waitFor();
      await page.waitForTimeout(300);
      await shot(page, `gallery-viewer-${name}.png`);
      await page.keyboard.press('Escape');
      await viewer.waitFor({ state: 'detached' });
      assert.equal(new URL(page.url()).hash, '');
      assert.deepEqual(errors, []);
      await page.close();
    }
  });

  test('collects from a card, optimistically and for real', async () => {
    const { page, errors } = await newPage(browser, mobile);
    await page.goto(`${server.url}/findPage?sort=new&satoken=${encodeURIComponent(token)}`);
    const card = page.locator(`[data-testid=gallery-card][data-id="${published}"]`);
    await card.waitFor();
    await shot(page, 'gallery-find-mobile.png');
    const heart = card.getByTestId('gallery-heart');
    assert.equal(await heart.getAttribute('aria-pressed'), 'false');
    const top = await card.boundingBox();
    await heart.click();
    await page.waitForFunction(
      (id) =>
        document
          .querySelector(`[data-id="${id}"] [data-testid=gallery-heart]`)
          ?.getAttribute('aria-pressed') === 'true',
      published,
    );
    assert.deepEqual(await card.boundingBox(), top, 'the list does not move');
    await heart.getByText('1').waitFor();
    const mine = await api<{ list: { id: string }[] }>('/api/image/waterfall/page?scope=collected');
    assert.deepEqual(
      mine.list.map((i) => i.id),
      [published],
    );
    await page.goto(`${server.url}/casemineByCollect`);
    await page.locator(`[data-testid=gallery-card][data-id="${published}"]`).waitFor();
    await page.getByText('默认收藏').waitFor();
    await shot(page, 'gallery-mine-collect-mobile.png');
    assert.deepEqual(errors, []);
    await page.close();
  });

  test('publishes a result from its done page and finds it on /findPage', async () => {
    const { page, errors } = await newPage(browser, desktop);
    await page.goto(
      `${server.url}/done?taskId=${unpublishedTask}&satoken=${encodeURIComponent(token)}`,
    );
    await page.getByTestId('publish-to-gallery').click();
    const dialog = page.getByRole('dialog', { name: '发布到灵感广场' });
    await dialog.getByLabel('标题').fill('侘寂风卧室 线稿');
    await dialog.getByLabel('展示原图对比（其他人可以拖动查看原图与效果图）').check();
    await page.waitForTimeout(300);
    await shot(page, 'gallery-publish-desktop.png');
    await dialog.getByRole('button', { name: /^发\s?布$/ }).click();
    await page
      .locator('.ant-modal-confirm-title', { hasText: '发布成功' })
      .waitFor({ timeout: 60_000 });
    await page.getByRole('button', { name: '去灵感广场查看' }).click();
    await page.waitForURL(/\/findPage#image-/);
    await page
      .getByTestId('gallery-viewer')
      .getByRole('heading', { name: '侘寂风卧室 线稿' })
      .waitFor();
    await page.keyboard.press('Escape');

    // Search finds it by a two-character Chinese word.
    await page
      .locator('input[data-testid=gallery-search], [data-testid=gallery-search] input')
      .fill('侘寂');
    await page.keyboard.press('Enter');
    await page.waitForURL(/kw=/);
    await page.waitForFunction(
      () => document.querySelectorAll('[data-testid=gallery-card]').length === 1,
    );
    assert.equal(
      await page.locator('[data-testid=gallery-card] .hj-gcard__title').innerText(),
      '侘寂风卧室 线稿',
    );
    await shot(page, 'gallery-search-desktop.png');
    assert.deepEqual(errors, []);
    await page.close();
  });

  test('the help center answers a search', async () => {
    const { page, errors } = await newPage(browser, mobile);
    await page.goto(`${server.url}/qaPage`);
    await page.getByRole('heading', { level: 1, name: '帮助中心' }).waitFor();
    await page
      .locator('input[data-testid=qa-search], [data-testid=qa-search] input')
      .fill('做同款');
    await page.getByText('在灵感广场打开任意作品').first().waitFor();
    await shot(page, 'gallery-qa-mobile.png');
    assert.deepEqual(errors, []);
    await page.close();
  });
});
