import assert from 'node:assert/strict';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { after, before, describe, test } from 'node:test';
import type { Browser, Page } from 'playwright-core';
import { dialogSettled, launch, mobile, newPage, screenshotPath } from '../support/browser';
import {
  startAlipayDouble,
  startWechatPayDouble,
  type AlipayDouble,
  type WechatPayDouble,
} from '../support/doubles';
import { apiDesigner, freePort, type RunningServer, startServer } from '../support/server';

let server: RunningServer;
let browser: Browser;
let wx: WechatPayDouble;
let ali: AlipayDouble;
let keys: string;

/** The built app with both real providers configured against the protocol doubles. */
before(async () => {
  [wx, ali] = await Promise.all([startWechatPayDouble(), startAlipayDouble()]);
  keys = await fs.mkdtemp(path.join(os.tmpdir(), 'huijing-e2e-keys-'));
  const file = async (name: string, text: string) => {
    const p = path.join(keys, name);
    await fs.writeFile(p, text, { mode: 0o600 });
    return p;
  };
  const port = await freePort();
  server = await startServer(
    {
      SIGNUP_TICKETS: '1:0',
      PUBLIC_BASE_URL: `http://127.0.0.1:${port}`,
      WECHATPAY_MCHID: wx.mchid,
      WECHATPAY_APPID: wx.appid,
      WECHATPAY_MERCHANT_SERIAL: wx.merchantSerial,
      WECHATPAY_MERCHANT_PRIVATE_KEY_FILE: await file('apiclient_key.pem', wx.merchantPrivateKey),
      WECHATPAY_APIV3_KEY: wx.apiV3Key,
      WECHATPAY_PUBLIC_KEY_FILE: await file('pub_key.pem', wx.publicKey),
      WECHATPAY_PUBLIC_KEY_ID: wx.publicKeyId,
      WECHATPAY_BASE_URL: wx.url,
      ALIPAY_APP_ID: ali.appId,
      ALIPAY_PRIVATE_KEY_FILE: await file('app_private_key.pem', ali.appPrivateKey),
      ALIPAY_PUBLIC_KEY_FILE: await file('alipay_public_key.pem', ali.alipayPublicKey),
      ALIPAY_GATEWAY: ali.url,
    },
    port,
  );
  browser = await launch();
});
after(async () => {
  await browser?.close();
  await server?.stop();
  await Promise.all([wx?.close(), ali?.close()]);
  if (keys) await fs.rm(keys, { recursive: true, force: true });
});

/** From the empty order history: 去充值, the 100-pack, a channel, 立即支付. */
const buyOnPhone = async (page: Page, channel: '微信支付' | '支付宝') => {
  await page.getByRole('button', { name: '去充值' }).click();
  const modal = page.getByRole('dialog', { name: '充值中心' });
  await modal.waitFor();
  await dialogSettled(page);
  await modal.locator('[data-product-id="pack-100"]').click();
  await modal.locator('.hj-checkout__channels label', { hasText: channel }).click();
  await modal.getByRole('button', { name: '立即支付' }).click();
};

describe('H5 pay on a phone (live providers, protocol doubles)', () => {
  test('Alipay wap pay: to the signed cashier, back to 我的订单 paid', async () => {
    const token = await apiDesigner(server, '13812349901');
    const { page, errors } = await newPage(browser, mobile);
    await page.goto(`${server.url}/personalCenter?satoken=${encodeURIComponent(token)}`);
    await page.getByText('还没有订单').waitFor();
    await buyOnPhone(page, '支付宝');
    // The gateway double checked the app's signature before showing its cashier.
    await page.getByText('支付宝收银台').waitFor();
    assert.equal(ali.refusedRequests, 0);
    const visit = ali.wapVisits.at(-1)!;
    assert.equal(visit.returnUrl, `${server.url}/personalCenter?orderNo=${visit.orderNo}`);
    await page.screenshot({ path: screenshotPath('h5-alipay-cashier-mobile.png') });
    // The buyer pays; Alipay sends the browser back (no notify: the page asks 我已支付 itself).
    ali.pay(visit.orderNo);
    await page.goto(visit.returnUrl);
    const row = page.locator(`li[data-order-no="${visit.orderNo}"]`);
    await row.getByText('已支付').waitFor();
    await page.getByText('支付成功').first().waitFor();
    await page.waitForURL(/\/personalCenter$/);
    await page.screenshot({ path: screenshotPath('h5-alipay-returned-mobile.png') });
    assert.deepEqual(errors, []);
    await page.close();
  });

  test('WeChat Pay H5: to h5_url with redirect_url back to 我的订单', async () => {
    const token = await apiDesigner(server, '13812349902');
    const { page, errors } = await newPage(browser, mobile);
    // wx.tenpay.com is WeChat's own page; here it only records where the browser was sent.
    let sentTo = '';
    await page.route('https://wx.tenpay.com/**', async (route) => {
      sentTo = route.request().url();
      await route.fulfill({
        contentType: 'text/html; charset=utf-8',
        body: '<h1>微信支付</h1>',
      });
    });
    await page.goto(`${server.url}/personalCenter?satoken=${encodeURIComponent(token)}`);
    await page.getByText('还没有订单').waitFor();
    await buyOnPhone(page, '微信支付');
    await page.getByRole('heading', { name: '微信支付' }).waitFor();
    const url = new URL(sentTo);
    const orderNo = [...wx.h5Scenes.keys()].at(-1)!;
    assert.equal(
      url.searchParams.get('redirect_url'),
      `${server.url}/personalCenter?orderNo=${orderNo}`,
    );
    assert.equal(wx.h5Scenes.get(orderNo)?.h5_info?.type, 'Wap');
    wx.pay(orderNo);
    await page.goto(url.searchParams.get('redirect_url')!);
    await page.locator(`li[data-order-no="${orderNo}"]`).getByText('已支付').waitFor();
    assert.deepEqual(errors, []);
    await page.close();
  });
});
