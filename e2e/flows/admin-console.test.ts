import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import type { Browser, Page } from 'playwright-core';
import {
  desktop,
  dialogSettled,
  launch,
  mobile,
  newPage,
  screenshotPath,
} from '../support/browser';
import { apiSignIn, startServer, type RunningServer } from '../support/server';

const ROOT = { username: 'root', password: 'correct horse battery' };
const OPERATOR = { username: 'ops.wang', password: 'operator password 2026' };
const PHONE = '13800000001';

let server: RunningServer;
let browser: Browser;

const adminPost = async (token: string, url: string, body: unknown) => {
  const res = await fetch(`${server.url}/api/user/manage${url}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', satoken: token },
    body: JSON.stringify(body),
  });
  return (await res.json()) as { success: boolean; data: { token?: string } };
};

before(async () => {
  server = await startServer({
    ADMIN_USERNAME: ROOT.username,
    ADMIN_PASSWORD: ROOT.password,
    SIGNUP_TICKETS: '1:20,3:5',
  });
  browser = await launch();
  await apiSignIn(server, PHONE);
  const root = await adminPost('', '/login', ROOT);
  await adminPost(root.data.token!, '/account', {
    ...OPERATOR,
    displayName: '运营小王',
    role: 'operator',
  });
});
after(async () => {
  await browser?.close();
  await server?.stop();
});

const signIn = async (page: Page, who: { username: string; password: string }) => {
  await page.goto(`${server.url}/admin/login`);
  await page.getByLabel('用户名').fill(who.username);
  await page.getByLabel('密码').fill(who.password);
  await page.getByRole('button', { name: /^登\s?录$/ }).click();
  await page.waitForURL(/\/admin\/(accounts|dashboard)$/);
};

describe('admin console in the browser', () => {
  test('users: search in the URL, detail drawer, a ticket adjustment confirmed in words, audit entry', async () => {
    const { context, page, errors } = await newPage(browser, desktop);
    await signIn(page, ROOT);
    await page.getByRole('link', { name: '用户管理' }).click();
    await page.waitForURL(/\/admin\/users$/);
    await page.getByLabel('搜索用户').fill('0000001');
    await page.getByLabel('搜索用户').press('Enter');
    await page.waitForURL(/keyword=0000001/);
    await page.getByRole('cell', { name: /138\*\*\*\*0001/ }).waitFor();
    await page.screenshot({ path: screenshotPath('admin-users-desktop.png') });

    await page.getByRole('button', { name: '详情' }).click();
    await page.waitForURL(/user=/);
    await dialogSettled(page);
    const drawer = page.locator('.ant-drawer');
    await drawer.getByText('注册赠送').first().waitFor();
    // The drawer survives a reload: the open user lives in the URL.
    await page.reload();
    await drawer.getByRole('button', { name: '调整次数' }).waitFor();
    await dialogSettled(page);
    await page.screenshot({ path: screenshotPath('admin-user-drawer-desktop.png') });

    await drawer.getByRole('button', { name: '调整次数' }).click();
    const form = page.getByRole('dialog', { name: '调整次数' });
    await form.waitFor();
    await dialogSettled(page);
    await form.getByLabel('调整次数').fill('7');
    await form.getByLabel('操作原因').fill('活动补偿');
    await form.getByText('将为用户 138****0001 增加通用次数 7 次').waitFor();
    await form.getByRole('button', { name: '下一步' }).click();
    const confirm = page.locator('.ant-modal-confirm');
    await confirm.getByText(/将为用户 138\*\*\*\*0001 增加通用次数 7 次（20 → 27）/).waitFor();
    await dialogSettled(page);
    await confirm.getByRole('button', { name: '确认执行' }).click();
    await page.getByText('已增加通用次数 7 次').waitFor();
    await drawer.locator('.ant-statistic', { hasText: '通用次数' }).getByText('27').waitFor();

    // Back button: the drawer closes, the search stays.
    await page.goBack();
    await page.waitForURL(
      (url) => !url.search.includes('user=') && url.search.includes('keyword='),
    );

    await page.goto(`${server.url}/admin/audit`);
    const row = page.getByRole('row', { name: /调整次数/ });
    await row.waitFor();
    assert.match((await row.textContent()) ?? '', /root.*活动补偿/);
    await row.getByRole('button', { name: /展开行|Expand row/ }).click();
    await page.getByText('"balance": 27').waitFor();
    await page.screenshot({ path: screenshotPath('admin-audit-desktop.png') });

    await page.goto(`${server.url}/admin/dashboard`);
    await page.locator('.recharts-surface').first().waitFor();
    await page.getByText('近 7 天').click();
    await page.waitForURL(/from=\d{4}-\d{2}-\d{2}/);
    await page.locator('.ant-statistic', { hasText: '用户总数' }).getByText('1').waitFor();
    await page.screenshot({ path: screenshotPath('admin-dashboard-desktop.png') });

    assert.deepEqual(errors, []);
    await context.close();
  });

  test('an operator sees only what the role may do, on a phone', async () => {
    const { context, page, errors } = await newPage(browser, mobile);
    await signIn(page, OPERATOR);
    await page.waitForURL(/\/admin\/dashboard$/);
    await page.locator('.recharts-surface').first().waitFor();
    await page.screenshot({ path: screenshotPath('admin-dashboard-mobile.png'), fullPage: true });
    const nav = page.getByRole('navigation', { name: '后台导航' });
    await nav.getByRole('link', { name: '用户管理' }).waitFor();
    assert.equal(await nav.getByRole('link', { name: '审计日志' }).count(), 0);
    assert.equal(await nav.getByRole('link', { name: '管理员账号' }).count(), 0);

    await page.goto(`${server.url}/admin/users?keyword=13800000001`);
    await page.getByRole('button', { name: '详情' }).click();
    await dialogSettled(page);
    const drawer = page.locator('.ant-drawer');
    await drawer.getByRole('button', { name: '停用账号' }).waitFor();
    await page.screenshot({ path: screenshotPath('admin-user-drawer-mobile.png') });
    await drawer.getByRole('button', { name: '停用账号' }).click();
    const form = page.getByRole('dialog', { name: '停用账号' });
    await dialogSettled(page);
    await form.getByLabel('操作原因').fill('批量注册');
    await form.getByRole('button', { name: '下一步' }).click();
    const confirm = page.locator('.ant-modal-confirm');
    await confirm.getByText(/将停用用户 138\*\*\*\*0001：其所有登录立即失效/).waitFor();
    await dialogSettled(page);
    await confirm.getByRole('button', { name: '确认执行' }).click();
    await page.getByText('账号已停用，所有登录已失效').waitFor();
    await drawer.getByRole('button', { name: '恢复账号' }).waitFor();

    // The audit screen is not the operator's: the route is hidden.
    await page.goto(`${server.url}/admin/audit`);
    await page
      .getByText(/没有权限|无权|403/)
      .first()
      .waitFor();
    await page.screenshot({ path: screenshotPath('admin-users-mobile.png') });

    assert.deepEqual(errors, []);
    await context.close();
  });
});
