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
import { apiDesigner, type RunningServer, startServer, userApi } from '../support/server';

let server: RunningServer;
let browser: Browser;

before(async () => {
  server = await startServer({ SIGNUP_TICKETS: '1:0' });
  browser = await launch();
});
after(async () => {
  await browser?.close();
  await server?.stop();
});

const signedIn = (phone: string) => apiDesigner(server, phone);

const api = (token: string, url: string, body?: unknown) =>
  userApi(server, token)<{ orderNo: string }>(
    url,
    body ? { method: 'POST', body: JSON.stringify(body) } : {},
  );

/** One paid pack and one VIP plan still waiting for its payment. */
const withOrders = async (token: string) => {
  const paid = await api(token, '/api/order/createOrder?productId=pack-100');
  await api(token, '/api/pay/sandbox/pay', { orderNo: paid.orderNo });
  const pending = await api(token, '/api/order/createAliPayOrder?productId=vip-month');
  return { paid: paid.orderNo, pending: pending.orderNo };
};

const row = (page: Page, orderNo: string) => page.locator(`li[data-order-no="${orderNo}"]`);

const fitsWidth = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);

describe('personal center: 我的订单', () => {
  test('desktop: from the account menu; 继续支付 pays a pending order, 申请退款 asks for a refund', async () => {
    const token = await signedIn('13812348801');
    const orders = await withOrders(token);
    const { page, errors } = await newPage(browser, desktop);
    await page.goto(`${server.url}/list?satoken=${encodeURIComponent(token)}`);
    await page.getByRole('button', { name: '账号菜单' }).click();
    await page.getByRole('button', { name: '我的订单' }).click();
    await page.waitForURL(/\/personalCenter$/);
    await page.getByRole('tab', { name: '我的订单', selected: true }).waitFor();
    await row(page, orders.paid).waitFor();
    const paidText = await row(page, orders.paid).innerText();
    assert.match(paidText, /通用次数 ×100[\s\S]*沙箱支付[\s\S]*¥49\.00[\s\S]*已支付/);
    const pendingText = await row(page, orders.pending).innerText();
    assert.match(pendingText, /VIP 月卡[\s\S]*¥68\.00[\s\S]*待支付/);
    assert.equal(await row(page, orders.paid).getByRole('button', { name: '继续支付' }).count(), 0);
    await page.screenshot({ path: screenshotPath('order-history-desktop.png') });

    // 继续支付: the same order's QR, paid in the sandbox.
    await row(page, orders.pending).getByRole('button', { name: '继续支付' }).click();
    const pay = page.getByRole('dialog', { name: '继续支付' });
    await pay.locator('.hj-pay__qr img').waitFor();
    await dialogSettled(page);
    assert.equal(await pay.locator('.hj-pay').getAttribute('data-order-no'), orders.pending);
    // Placed with 支付宝 (the sandbox serves both): the dialog names 支付宝, not 微信.
    await pay.getByText('请使用支付宝扫一扫完成支付').waitFor();
    assert.equal(await pay.getByText('请使用微信扫一扫').count(), 0);
    await page.screenshot({ path: screenshotPath('order-history-resume-desktop.png') });
    await pay.getByRole('button', { name: '模拟支付成功' }).click();
    await pay.locator('.ant-result-title', { hasText: '支付成功' }).waitFor();
    await pay.getByRole('button', { name: '完成' }).click();
    await pay.waitFor({ state: 'hidden' });
    await row(page, orders.pending).getByText('已支付').waitFor();

    // 申请退款 on the pack: a reason is required, then the row says it is under review.
    await row(page, orders.paid).getByRole('button', { name: '申请退款' }).click();
    const refund = page.getByRole('dialog', { name: '申请退款' });
    await refund.waitFor();
    await dialogSettled(page);
    assert.equal(await refund.getByRole('button', { name: '提交申请' }).isDisabled(), true);
    await refund.getByRole('textbox', { name: '请说明退款原因（必填）' }).fill('买多了');
    await page.screenshot({ path: screenshotPath('order-history-refund-desktop.png') });
    await refund.getByRole('button', { name: '提交申请' }).click();
    await refund.waitFor({ state: 'hidden' });
    await row(page, orders.paid).getByText('退款审核中').waitFor();
    assert.equal(await row(page, orders.paid).getByRole('button', { name: '申请退款' }).count(), 0);
    await page.screenshot({ path: screenshotPath('order-history-asked-desktop.png') });
    assert.deepEqual(errors, []);
    await page.close();
  });

  test('phone: empty state, then the list and 继续支付 at 390×844 without sideways scrolling', async () => {
    const empty = await signedIn('13812348802');
    const { page, errors } = await newPage(browser, mobile);
    await page.goto(`${server.url}/personalCenter?satoken=${encodeURIComponent(empty)}`);
    await page.getByText('还没有订单').waitFor();
    assert.match(page.url(), /\/personalCenter$/, 'a phone stays on the personal center');
    await page.getByRole('button', { name: '去充值' }).waitFor();
    await page.screenshot({ path: screenshotPath('order-history-empty-mobile.png') });
    await page.close();

    const token = await signedIn('13812348803');
    const orders = await withOrders(token);
    const { page: phone, errors: phoneErrors } = await newPage(browser, mobile);
    await phone.goto(`${server.url}/personalCenter?satoken=${encodeURIComponent(token)}`);
    await row(phone, orders.pending).getByRole('button', { name: '继续支付' }).waitFor();
    assert.ok(await fitsWidth(phone), 'no sideways scrolling');
    await phone.screenshot({ path: screenshotPath('order-history-mobile.png') });
    await row(phone, orders.pending).getByRole('button', { name: '继续支付' }).click();
    const pay = phone.getByRole('dialog', { name: '继续支付' });
    await pay.locator('.hj-pay__qr img').waitFor();
    await pay.getByText('请使用支付宝扫一扫完成支付').waitFor();
    await dialogSettled(phone);
    await phone.screenshot({ path: screenshotPath('order-history-resume-mobile.png') });
    assert.deepEqual([...errors, ...phoneErrors], []);
    await phone.close();
  });
});
