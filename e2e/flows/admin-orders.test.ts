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
const FINANCE = { username: 'fin.li', password: 'finance password 2026' };
const PHONE = '13800000002';

let server: RunningServer;
let browser: Browser;
let orderNo: string;

const call = async (method: 'GET' | 'POST', url: string, token: string, body?: unknown) => {
  const res = await fetch(`${server.url}${url}`, {
    method,
    headers: { 'content-type': 'application/json', satoken: token },
    ...(body !== undefined && { body: JSON.stringify(body) }),
  });
  return (await res.json()) as { success: boolean; data: Record<string, unknown> };
};

before(async () => {
  server = await startServer({
    ADMIN_USERNAME: ROOT.username,
    ADMIN_PASSWORD: ROOT.password,
    SIGNUP_TICKETS: '1:0',
    PAYMENT_SANDBOX: 'on',
  });
  browser = await launch();
  const user = await apiSignIn(server, PHONE);
  const order = await call('GET', '/api/order/createOrder?productId=pack-100', user);
  orderNo = order.data.orderNo as string;
  const paid = await call('POST', '/api/pay/sandbox/pay', user, { orderNo });
  assert.equal(paid.data.status, 'paid');
  const root = await call('POST', '/api/user/manage/login', '', ROOT);
  await call('POST', '/api/user/manage/account', root.data.token as string, {
    ...FINANCE,
    displayName: '财务小李',
    role: 'finance',
  });
});
after(async () => {
  await browser?.close();
  await server?.stop();
});

const nav = (page: Page) => page.getByRole('navigation', { name: '后台导航' });

const signIn = async (page: Page, who: { username: string; password: string }) => {
  await page.goto(`${server.url}/admin/login`);
  await page.getByLabel('用户名').fill(who.username);
  await page.getByLabel('密码').fill(who.password);
  await page.getByRole('button', { name: /^登\s?录$/ }).click();
  await page.waitForURL(/\/admin\/(accounts|dashboard)$/);
};

describe('admin orders and products in the browser', () => {
  test('finance: orders filtered in the URL, the detail drawer with the live query, a refund said in words', async () => {
    const { context, page, errors } = await newPage(browser, desktop);
    await signIn(page, FINANCE);
    // The dashboard's key events count the paid order from the orders table.
    const paidEvent = page.locator('.ant-statistic', { hasText: '支付成功订单' });
    await paidEvent.getByText('1', { exact: true }).waitFor();
    await page.getByText('工具漏斗（近 14 天）').waitFor();
    await page.screenshot({
      path: screenshotPath('admin-dashboard-traffic-desktop.png'),
      fullPage: true,
    });
    // Finance sees orders and reconciliation, not products.
    await nav(page).getByRole('link', { name: '对账' }).waitFor();
    assert.equal(await page.getByRole('link', { name: '商品管理' }).count(), 0);
    await page.getByRole('link', { name: '订单管理' }).click();
    await page.waitForURL(/\/admin\/orders$/);
    await page.getByLabel('用户', { exact: true }).fill(PHONE);
    await page.getByLabel('用户', { exact: true }).press('Enter');
    await page.waitForURL(new RegExp(`user=${PHONE}`));
    await page.getByRole('cell', { name: /138\*\*\*\*0002/ }).waitFor();
    await page.screenshot({ path: screenshotPath('admin-orders-desktop.png') });

    await page.getByRole('button', { name: orderNo }).click();
    await page.waitForURL(/order=HJ/);
    const drawer = page.locator('.ant-drawer');
    await drawer.getByText('支付平台实时查询').waitFor();
    // The open order lives in the URL: a reload keeps the drawer.
    await page.reload();
    await drawer.getByRole('button', { name: /^退\s?款$/ }).waitFor();
    await dialogSettled(page);
    await page.screenshot({ path: screenshotPath('admin-order-drawer-desktop.png') });

    await drawer.getByRole('button', { name: /^退\s?款$/ }).click();
    const modal = page.getByRole('dialog', { name: '退款' });
    await modal.getByText('将向用户 138****0002 退款 ¥49.00，收回通用次数 ×100。').waitFor();
    await modal.getByLabel('退款原因').fill('用户误购');
    await dialogSettled(page);
    await modal.getByRole('button', { name: '确认退款' }).click();
    await page.getByText('已退款 ¥49.00').waitFor();
    await drawer.getByText(/退款 ¥49\.00（用户误购）/).waitFor();

    // Back: the drawer closes, the filter stays.
    await page.goBack();
    await page.waitForURL((url) => !url.search.includes('order=') && url.search.includes('user='));
    await page.getByRole('cell', { name: '已退款' }).waitFor();

    await nav(page).getByRole('link', { name: '对账' }).click();
    await page.getByText(/查询 \d+ 笔订单/).waitFor();
    assert.deepEqual(errors, []);
    await context.close();
  });

  test('super: edits a product behind a confirmation that names the change; phones get the screens', async () => {
    const { context, page, errors } = await newPage(browser, desktop);
    await signIn(page, ROOT);
    await page.getByRole('link', { name: '商品管理' }).click();
    await page.waitForURL(/\/admin\/products$/);
    const row = page.getByRole('row', { name: /pack-100/ });
    await row.getByRole('button', { name: /^编\s?辑$/ }).click();
    const form = page.getByRole('dialog', { name: '编辑商品 pack-100' });
    await form.waitFor();
    await dialogSettled(page);
    await form.getByLabel('售价（元）').fill('39');
    await form.getByLabel('原因（写入审计日志）').fill('双十二调价');
    await form.getByRole('button', { name: '下一步' }).click();
    const confirm = page.locator('.ant-modal-confirm');
    await confirm.getByText('将把「通用次数 ×100」的价格从 ¥49.00 改为 ¥39.00。').waitFor();
    await dialogSettled(page);
    await page.screenshot({ path: screenshotPath('admin-product-confirm-desktop.png') });
    await confirm.getByRole('button', { name: '确认执行' }).click();
    await row.getByText('¥39.00').waitFor();
    await page.screenshot({ path: screenshotPath('admin-products-desktop.png') });

    await page.goto(`${server.url}/admin/audit`);
    const entry = page.getByRole('row', { name: /product:pack-100/ });
    await entry.waitFor();
    assert.match((await entry.textContent()) ?? '', /双十二调价/);
    assert.deepEqual(errors, []);
    await context.close();

    const phone = await newPage(browser, mobile);
    await signIn(phone.page, ROOT);
    await phone.page.goto(`${server.url}/admin/orders?order=${orderNo}`);
    await phone.page.locator('.ant-drawer').getByText('支付平台实时查询').waitFor();
    await dialogSettled(phone.page);
    await phone.page.screenshot({ path: screenshotPath('admin-order-drawer-mobile.png') });
    await phone.page.goto(`${server.url}/admin/products`);
    await phone.page.getByRole('row', { name: /pack-100/ }).waitFor();
    await phone.page.screenshot({ path: screenshotPath('admin-products-mobile.png') });
    assert.deepEqual(phone.errors, []);
    await phone.context.close();
  });
});
