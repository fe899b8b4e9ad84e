import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { after, before, describe, test } from 'node:test';
import { getTool } from '@huijing/tools';
import { unzipSync } from 'fflate';
import type { Browser, Page } from 'playwright-core';
import sharp from 'sharp';
import {
  answerInterest,
  desktop,
  desktopUA,
  dialogSettled,
  launch,
  newPage,
} from '../support/browser';
import { apiSignIn, type RunningServer, startServer, userApi } from '../support/server';

const PHONE = '13812346601';
const SHOTS = path.resolve(import.meta.dirname, '../screenshots');

let server: RunningServer;
let browser: Browser;
let token: string;
const ids: { line: string[]; compress: string } = { line: [], compress: '' };

const api = <T>(url: string, init?: RequestInit) => userApi(server, token)<T>(url, init);

/** A run of a local-engine tool through the real API, waited on until it succeeded. */
const run = async (toolId: string, fileId: string): Promise<string> => {
  const { taskId } = await api<{ taskId: string }>('/api/ai/startTask', {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ toolId, upload_img: fileId }),
  });
  const deadline = Date.now() + 60_000;
  for (;;) {
    const info = await api<{ status: string }>(`/api/ai/getTaskByTaskId?taskId=${taskId}`);
    if (info.status === 'succeeded') return taskId;
    if (info.status === 'failed' || Date.now() > deadline)
      throw new Error(`${toolId}: ${info.status}`);
    await new Promise((r) => setTimeout(r, 200));
  }
};

const cards = (page: Page) => page.locator('.hj-work');
const shot = (page: Page, name: string) =>
  page.screenshot({ path: path.join(SHOTS, name), fullPage: false });

before(async () => {
  fs.mkdirSync(SHOTS, { recursive: true });
  server = await startServer({ ADMIN_USERNAME: 'root', ADMIN_PASSWORD: 'root-password-e2e' });
  browser = await launch();
  token = await apiSignIn(server, PHONE);
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="900" height="600">
    <rect width="100%" height="100%" fill="#e9e4dc"/>
    <polygon points="0,600 220,390 680,390 900,600" fill="#b08d68"/>
    <rect x="320" y="110" width="260" height="180" fill="#9cc3e6" stroke="#4b5563" stroke-width="10"/>
  </svg>`;
  const png = await sharp(Buffer.from(svg)).png().toBuffer();
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(png)], { type: 'image/png' }), 'room.png');
  const { fileId } = await api<{ fileId: string }>('/api/upload', { method: 'POST', body: form });
  ids.line.push(await run('to-line', fileId));
  ids.line.push(await run('to-line', fileId));
  ids.compress = await run('compress', fileId);
});
after(async () => {
  await browser?.close();
  await server?.stop();
});

describe('works page (/aiDesignMangement)', () => {
  test('filters, searches, downloads photo.zip and deletes in bulk', async () => {
    const { page, errors } = await newPage(browser, { ...desktop, acceptDownloads: true });
    await page.goto(`${server.url}/aiDesignMangement?satoken=${encodeURIComponent(token)}`);
    // A new account answers the first-login question once.
    await answerInterest(page);
    await page.getByRole('heading', { level: 1, name: '我的作品' }).waitFor();
    await page.getByText('共 3 个作品').waitFor();
    assert.equal(await cards(page).count(), 3);
    // Thumbnails load, and each card opens its done page.
    await page.waitForFunction(() =>
      Array.from(document.querySelectorAll<HTMLImageElement>('.hj-work img')).every(
        (img) => img.complete && img.naturalWidth > 0,
      ),
    );
    const href = await cards(page).first().locator('a').getAttribute('href');
    // Edit tools' works open the edit family's done page (never one saying 返回 AI 渲染).
    assert.match(href ?? '', /^\/done2\?taskId=/);
    assert.equal(await page.locator('.hj-site-footer, footer').count(), 0, 'no footer (spec §2)');
    await shot(page, 'works-desktop.png');

    // Search by tool name (debounced into the address).
    const lineName = getTool('to-line')!.name['zh-CN'];
    await page.getByRole('textbox', { name: '搜索功能名称或提示词' }).fill('线稿');
    await page.waitForURL(/q=%E7%BA%BF%E7%A8%BF/);
    await page.getByText('共 2 个作品').waitFor();
    assert.deepEqual(await cards(page).locator('.hj-work__row strong').allInnerTexts(), [
      lineName,
      lineName,
    ]);
    await page.getByRole('button', { name: '清除筛选' }).first().click();
    await page.getByText('共 3 个作品').waitFor();

    // Family filter: compress is an editing tool, to-line too; generation has none.
    const families = page.locator('.hj-works__families');
    await families.getByText('创意生成', { exact: true }).click();
    await page.getByText('没有符合条件的作品，换个关键词或日期试试').waitFor();
    await families.getByText('全部', { exact: true }).click();
    await page.getByText('共 3 个作品').waitFor();

    // Tool filter.
    const toolBox = page.getByRole('combobox', { name: '按功能筛选' });
    await toolBox.click();
    await toolBox.fill(getTool('compress')!.name['zh-CN']);
    await page
      .locator('.ant-select-item-option', { hasText: getTool('compress')!.name['zh-CN'] })
      .click();
    await page.getByText('共 1 个作品').waitFor();
    await page.getByRole('button', { name: '清除筛选' }).first().click();
    await page.getByText('共 3 个作品').waitFor();

    // Date range: everything was made today; from tomorrow on there is nothing.
    const day = (offset: number) => {
      const d = new Date(Date.now() + offset * 86_400_000);
      return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
    };
    // The pickers show days the Chinese way (2026年11月25日) and understand a typed 2026-11-25.
    const pickDay = async (label: string, value: string) => {
      const input = page.getByLabel(label);
      await input.click();
      await input.fill(value);
      await input.press('Enter');
    };
    await pickDay('开始日期', day(1));
    await page.getByText('没有符合条件的作品，换个关键词或日期试试').waitFor();
    const [y, m, d] = day(1).split('-').map(Number);
    assert.equal(await page.getByLabel('开始日期').inputValue(), `${y}年${m}月${d}日`);
    await pickDay('开始日期', day(-1));
    await pickDay('结束日期', day(0));
    await page.getByText('共 3 个作品').waitFor();
    await page.getByRole('button', { name: '清除筛选' }).first().click();

    // Projects: a client's folder, one work moved in, the list filtered by it.
    const projects = page.getByRole('navigation', { name: '项目' });
    await projects.getByRole('button', { name: '新建项目' }).click();
    await page.getByLabel('项目名称，如 王总别墅').fill('王总别墅');
    await page.getByLabel('项目名称，如 王总别墅').press('Enter');
    await projects.getByRole('button', { name: /王总别墅\s*0/ }).waitFor();
    await projects.getByRole('button', { name: '全部作品' }).click();
    await page.getByText('共 3 个作品').waitFor();
    await page
      .getByRole('checkbox', { name: `选择这个${getTool('compress')!.name['zh-CN']}作品` })
      .check();
    await page.getByRole('combobox', { name: '移到项目' }).click();
    await page.locator('.ant-select-item-option', { hasText: '王总别墅' }).click();
    await page.getByText('已移动 1 个作品').waitFor();
    await projects.getByRole('button', { name: /王总别墅\s*1/ }).click();
    await page.getByText('共 1 个作品').waitFor();
    await shot(page, 'works-project-desktop.png');
    await projects.getByRole('button', { name: /未归档\s*2/ }).click();
    await page.getByText('共 2 个作品').waitFor();
    await projects.getByRole('button', { name: '全部作品' }).click();
    await page.getByText('共 3 个作品').waitFor();

    // Select two works and download them as photo.zip.
    await page
      .getByRole('checkbox', { name: `选择这个${lineName}作品` })
      .first()
      .check();
    await page
      .getByRole('checkbox', { name: `选择这个${getTool('compress')!.name['zh-CN']}作品` })
      .check();
    await page.getByText('已选 2 个').waitFor();
    await shot(page, 'works-selected-desktop.png');
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: /打包下载 2 张/ }).click(),
    ]);
    assert.equal(download.suggestedFilename(), 'photo.zip');
    const saved = path.join(server.dataDir, 'photo.zip');
    await download.saveAs(saved);
    const entries = unzipSync(new Uint8Array(fs.readFileSync(saved)));
    assert.equal(Object.keys(entries).length, 2);
    for (const bytes of Object.values(entries)) {
      assert.ok((await sharp(Buffer.from(bytes)).metadata()).width! > 0);
    }

    // Bulk delete, with confirmation.
    await page
      .locator('.hj-works__bar')
      .getByRole('button', { name: /删\s?除/ })
      .click();
    const dialog = page.getByRole('dialog');
    await dialog.getByText('删除选中的 2 个作品？').waitFor();
    await dialogSettled(page);
    await shot(page, 'works-confirm-desktop.png');
    await dialog.getByRole('button', { name: /删\s?除/ }).click();
    await page.getByText('共 1 个作品').waitFor();
    assert.equal(await cards(page).count(), 1);
    const left = await api<{ list: { taskId: string }[] }>('/api/ai/getTaskList?pageSize=50');
    assert.equal(left.list.length, 1);
    assert.ok(ids.line.includes(left.list[0]!.taskId));
    assert.deepEqual(errors, []);
  });

  test('phone width: two columns, no horizontal overflow; signed out asks to sign in', async () => {
    const { page, errors } = await newPage(browser, {
      viewport: { width: 390, height: 844 },
      userAgent: desktopUA,
    });
    await page.goto(`${server.url}/aiDesignMangement?satoken=${encodeURIComponent(token)}`);
    await page.getByText('共 1 个作品').waitFor();
    await page.locator('.hj-work img').first().waitFor();
    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    );
    assert.ok(overflow <= 0, `horizontal overflow ${overflow}px`);
    await shot(page, 'works-mobile.png');
    await page.getByRole('checkbox').first().check();
    await page.getByText('已选 1 个').waitFor();
    await shot(page, 'works-selected-mobile.png');

    const guest = await newPage(browser, desktop);
    await guest.page.goto(`${server.url}/aiDesignMangement`);
    await guest.page.getByText('登录后查看你的作品').waitFor();
    await shot(guest.page, 'works-signed-out-desktop.png');
    assert.deepEqual(errors, []);
    assert.deepEqual(guest.errors, []);
  });
});

describe('desktop client page (/client)', () => {
  test('says nothing is published, then shows what an admin publishes', async () => {
    const { page, errors } = await newPage(browser, desktop);
    await page.goto(`${server.url}/client`);
    await page.getByRole('heading', { level: 1, name: '下载绘境客户端' }).waitFor();
    await page.getByText('客户端安装包尚未发布').waitFor();
    assert.equal(await page.getByRole('button', { name: '即将推出' }).count(), 2);
    await shot(page, 'client-none-desktop.png');

    const login = await fetch(`${server.url}/api/user/manage/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: 'root', password: 'root-password-e2e' }),
    });
    const admin = ((await login.json()) as { data: { token: string } }).data.token;
    const published = await fetch(`${server.url}/api/user/manage/client/downloads`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', satoken: admin },
      body: JSON.stringify({
        releases: [
          {
            platform: 'windows',
            version: '1.4.2',
            url: '/downloads/huijing-setup-1.4.2.exe',
            releasedAt: '2026-11-20',
            sizeBytes: 92_274_688,
            notes: '新增批量渲染队列\n修复 SketchUp 截图联动偶发失败',
          },
        ],
      }),
    });
    assert.equal(published.status, 200);
    await page.reload();
    const win = page.getByRole('article', { name: 'Windows 版' });
    await win.getByText('v1.4.2', { exact: true }).waitFor();
    await win.getByText('2026-11-20').waitFor();
    await win.getByText('88.0 MB').waitFor();
    await win.getByText('新增批量渲染队列').waitFor();
    assert.equal(
      await win.getByRole('link', { name: /下载 Windows 版 v1\.4\.2/ }).getAttribute('href'),
      '/downloads/huijing-setup-1.4.2.exe',
    );
    await page.getByRole('article', { name: 'macOS 版' }).getByText('即将推出').waitFor();
    assert.equal(await page.getByText('客户端安装包尚未发布').count(), 0);
    await shot(page, 'client-published-desktop.png');

    const phone = await newPage(browser, {
      viewport: { width: 390, height: 844 },
      userAgent: desktopUA,
    });
    await phone.page.goto(`${server.url}/client`);
    await phone.page.getByText('v1.4.2', { exact: true }).waitFor();
    const overflow = await phone.page.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    );
    assert.ok(overflow <= 0, `horizontal overflow ${overflow}px`);
    await shot(phone.page, 'client-published-mobile.png');
    assert.deepEqual(errors, []);
    assert.deepEqual(phone.errors, []);
  });
});
