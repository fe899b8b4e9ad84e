import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { after, before, describe, test } from 'node:test';
import type { Browser, Request } from 'playwright-core';
import { desktop, dialogSettled, launch, newPage, screenshotPath } from '../support/browser';
import { apiDesigner, type RunningServer, startServer } from '../support/server';
import { webDist } from '../support/web-budget';

const ADMIN = { username: 'root', password: 'correct horse battery' };

let server: RunningServer;
let browser: Browser;

before(async () => {
  server = await startServer({ ADMIN_USERNAME: ADMIN.username, ADMIN_PASSWORD: ADMIN.password });
  browser = await launch();
});
after(async () => {
  await browser?.close();
  await server?.stop();
});

const adminToken = async () => {
  const res = await fetch(`${server.url}/api/user/manage/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(ADMIN),
  });
  return ((await res.json()) as { data: { token: string } }).data.token;
};

describe('help dialogs, single sign-on and page views', () => {
  test('the tool-page guide shows on a first visit and never again after 跳过', async () => {
    const { context, page, errors } = await newPage(browser, desktop, { guide: true });
    // The help feature's own chunk (the build's manifest names it).
    const manifest = JSON.parse(
      readFileSync(path.join(webDist(), '.vite', 'manifest.json'), 'utf8'),
    ) as Record<string, { file: string }>;
    const helpChunk = `/${manifest['src/features/help/index.ts']!.file}`;
    const fetched: string[] = [];
    page.on('request', (r) => fetched.push(new URL(r.url()).pathname));
    // Not on a tool that cannot run (this server has no AI engine): its notice stays in view,
    // and the page does not even download the guide.
    await page.goto(`${server.url}/indoorRender`);
    await page.getByTestId('tool-pending').first().waitFor();
    await page.locator('.hj-tool:not(.hj-tool-frame)').waitFor();
    await page.waitForTimeout(2500);
    assert.equal(await page.locator('.ant-tour').count(), 0);
    assert.ok(!fetched.includes(helpChunk), `${helpChunk} was fetched`);
    // The first tool that runs gets it.
    await page.goto(`${server.url}/atmosphereChange`);
    const tour = page.locator('.ant-tour');
    await tour.waitFor({ timeout: 20_000 });
    assert.ok(fetched.includes(helpChunk));
    assert.match(await tour.innerText(), /第一步：上传图片/);
    await page.screenshot({ path: screenshotPath('help-guide-desktop.png') });
    // Next moves on; closing it (跳过) ends it for good on this device.
    await page.locator('.ant-tour .ant-tour-next-btn').click();
    assert.match(await tour.innerText(), /第二步/);
    await page.locator('.ant-tour .ant-tour-close').click();
    await tour.waitFor({ state: 'hidden' });

    await page.reload();
    await page.locator('.hj-tool:not(.hj-tool-frame)').waitFor();
    await page.waitForTimeout(1500);
    assert.equal(await page.locator('.ant-tour').isVisible(), false);

    // The help menu replays it.
    await page.getByRole('button', { name: '帮助' }).click();
    await page.getByRole('menuitem', { name: '新手引导' }).click();
    await tour.waitFor();
    assert.deepEqual(errors, []);
    await context.close();
  });

  test('联系客服 opens from the agreement; the message reaches the admin, who answers', async () => {
    const { context, page, errors } = await newPage(browser, desktop);
    await page.goto(`${server.url}/agreement`);
    await page.locator('.hj-agreement__contact').first().click();
    const dialog = page.locator('.ant-modal', { hasText: '留言反馈' });
    await dialog.waitFor();
    await dialogSettled(page);
    await dialog.getByLabel('问题类型').click();
    await page.locator('.ant-select-item-option', { hasText: '出图效果' }).click();
    await dialog.getByLabel('问题描述').fill('客厅渲染的墙面偏灰，希望更亮一些');
    await dialog.getByLabel('联系方式（可选）').fill('微信 designer01');
    await page.screenshot({ path: screenshotPath('help-contact-desktop.png') });
    await dialog.getByRole('button', { name: '提交反馈' }).click();
    await dialog.getByText('已收到你的反馈').waitFor();

    const admin = await context.newPage();
    await admin.goto(`${server.url}/admin/login`);
    await admin.getByLabel('用户名').fill(ADMIN.username);
    await admin.getByLabel('密码').fill(ADMIN.password);
    await admin.getByRole('button', { name: /^登\s?录$/ }).click();
    await admin.waitForURL(/\/admin\/accounts$/);
    await admin.getByRole('link', { name: '客服与反馈' }).click();
    await admin.waitForURL(/\/admin\/feedback$/);
    const row = admin.locator('tr', { hasText: '客厅渲染的墙面偏灰' });
    await row.waitFor({ timeout: 20_000 });
    assert.match(await row.innerText(), /访客/);
    await row.getByRole('button', { name: /^回\s?复$/ }).click();
    await admin.getByLabel('回复内容').fill('已调整默认亮度，请再试一次');
    await admin.getByRole('button', { name: '发送回复' }).click();
    await admin.locator('.ant-modal', { hasText: '回复用户' }).waitFor({ state: 'hidden' });
    await admin.locator('.ant-segmented-item', { hasText: '已回复' }).click();
    await admin.locator('tr', { hasText: '回复：已调整默认亮度' }).waitFor();
    await admin.screenshot({ path: screenshotPath('help-admin-feedback.png') });
    assert.deepEqual(errors, []);
    await context.close();
  });

  test('logout ends single sign-on, invalidates the session, logs out, and leaves no user keys', async () => {
    const token = await apiDesigner(server, '13700001234');
    const { context, page, errors } = await newPage(browser, desktop);
    await page.goto(`${server.url}/home?satoken=${encodeURIComponent(token)}`);
    // Signed in, the browser holds a ticket-granting ticket under the redirect key.
    await page.waitForFunction(() => (localStorage.getItem('redirectUrl') ?? '').includes('TGT-'));
    const location = JSON.parse(
      (await page.evaluate(() => localStorage.getItem('redirectUrl')))!,
    ) as string;
    assert.ok((await page.evaluate(() => localStorage.getItem('userInfo'))) !== null);

    const calls: string[] = [];
    page.on('request', (r: Request) => {
      const url = new URL(r.url());
      if (url.pathname.startsWith('/api/cas') || /logout/.test(url.pathname))
        calls.push(`${r.method()} ${url.pathname}`);
    });
    await page.getByRole('button', { name: '账号菜单' }).click();
    await page.getByText('退出登录').click();
    await page.waitForURL(`${server.url}/`);
    assert.deepEqual(calls.slice(0, 3), [
      `DELETE ${location}`,
      'POST /api/logout/invalidateSession',
      'GET /api/user/logout',
    ]);
    const keys = await page.evaluate(() => Object.keys(localStorage));
    for (const k of ['satoken', 'userInfo', 'redirectUrl', 'loginToken']) {
      assert.ok(!keys.includes(k), `${k} left after logout`);
    }
    // The ticket is dead: it issues no service ticket any more.
    const st = await fetch(`${server.url}${location}`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'service=https%3A%2F%2Fcase.example.com%2F',
    });
    assert.equal(st.status, 404);
    assert.deepEqual(errors, []);
    await context.close();
  });

  test('a page view of /qaPage is stored with its label', async () => {
    const { context, page } = await newPage(browser, desktop);
    await page.goto(`${server.url}/qaPage`);
    // The page view is queued once the page has rendered: on a loaded machine its chunks can take
    // longer than any fixed pause, so wait until nothing is loading any more.
    await page.waitForLoadState('networkidle');
    // Leaving the page flushes the batch with sendBeacon.
    await page.goto('about:blank');
    const token = await adminToken();
    let views = 0;
    for (let i = 0; i < 80 && views === 0; i++) {
      const res = await fetch(`${server.url}/api/user/manage/track/summary?days=1`, {
        headers: { satoken: token },
      });
      const data = ((await res.json()) as { data: { pages: { label: string; views: number }[] } })
        .data;
      views = data.pages.find((p) => p.label === 'helpCenter')?.views ?? 0;
      if (views === 0) await new Promise((r) => setTimeout(r, 250));
    }
    assert.ok(views >= 1, 'no page view of the help center was stored');
    await context.close();
  });
});
