import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import type { Browser, Page } from 'playwright-core';
import sharp from 'sharp';
import {
  desktop,
  dialogSettled,
  launch,
  mobile,
  newPage,
  screenshotPath,
} from '../support/browser';
import { apiDesigner, type RunningServer, startServer } from '../support/server';

let server: RunningServer;
let browser: Browser;

before(async () => {
  // No 通用次数 at signup: every tool says 次数不足 until a pack is bought.
  server = await startServer({ SIGNUP_TICKETS: '1:0,2:3,3:20,4:1' });
  browser = await launch();
});
after(async () => {
  await browser?.close();
  await server?.stop();
});

const signedIn = (phone: string) => apiDesigner(server, phone);

const generalCount = async (page: Page) => {
  await page.getByRole('button', { name: '账号菜单' }).click();
  const counter = page.locator('.hj-account__tickets li[data-ticket-type="1"] strong');
  await counter.waitFor();
  await page.waitForFunction(
    () =>
      document.querySelector('.hj-account__tickets li[data-ticket-type="1"] strong')
        ?.textContent !== '—',
  );
  return Number((await counter.innerText()).replace(/,/g, ''));
};

describe('commerce: recharge modal, sandbox payment, /dingzhi', () => {
  test('buys a ticket pack through the sandbox and sees the counter rise without a reload', async () => {
    const token = await signedIn('13812347701');
    const { page, errors } = await newPage(browser, desktop);
    await page.goto(`${server.url}/list?satoken=${encodeURIComponent(token)}`);
    const before = await generalCount(page);
    assert.equal(before, 0);
    // The ticket counter opens the recharge modal.
    await page.locator('.hj-account__tickets li[data-ticket-type="1"] button').click();
    const modal = page.getByRole('dialog', { name: '充值中心' });
    await modal.waitFor();
    await dialogSettled(page);
    await modal.locator('[data-product-id="pack-100"]').click();
    await modal.getByText('¥49.00').first().waitFor();
    await page.screenshot({ path: screenshotPath('commerce-recharge-desktop.png') });
    await modal.getByRole('button', { name: '立即支付' }).click();
    await modal.locator('.hj-pay__qr img').waitFor();
    await modal.getByText(/后二维码失效/).waitFor();
    await modal.getByText('沙箱支付 · 开发环境，不会产生真实扣款').waitFor();
    await page.screenshot({ path: screenshotPath('commerce-qr-desktop.png') });
    const navigations: string[] = [];
    page.on('framenavigated', (f) => {
      if (f === page.mainFrame()) navigations.push(f.url());
    });
    await modal.getByRole('button', { name: '模拟支付成功' }).click();
    await modal.locator('.ant-result-title', { hasText: '支付成功' }).waitFor();
    await page.screenshot({ path: screenshotPath('commerce-paid-desktop.png') });
    await modal.getByRole('button', { name: '完成' }).click();
    await modal.waitFor({ state: 'hidden' });
    assert.equal(await generalCount(page), before + 100);
    assert.deepEqual(navigations, [], 'no reload');
    // The order is in the personal center's history, paid.
    await page.getByRole('button', { name: '我的订单' }).click();
    await page.waitForURL(/\/personalCenter$/);
    await page.locator('.hj-orders__row').first().waitFor();
    assert.match(
      await page.locator('.hj-orders__row').first().innerText(),
      /通用次数 ×100[\s\S]*已支付/,
    );
    assert.deepEqual(errors, []);
    await page.close();
  });

  test('a 次数不足 error opens the recharge modal', async () => {
    const token = await signedIn('13812347702');
    const { page, errors } = await newPage(browser, desktop);
    await page.goto(`${server.url}/toline?satoken=${encodeURIComponent(token)}`);
    const png = await sharp({
      create: { width: 640, height: 420, channels: 3, background: '#d8cfc4' },
    })
      .png()
      .toBuffer();
    await page
      .locator('input[type=file]')
      .first()
      .setInputFiles({ name: 'room.png', mimeType: 'image/png', buffer: png });
    const reason = page.getByRole('note').filter({ hasText: '次数不足' });
    await reason.waitFor();
    await reason.getByRole('button', { name: /充值/ }).click();
    const modal = page.getByRole('dialog', { name: '充值中心' });
    await modal.waitFor();
    await modal.getByText('次数不足，充值后即可继续使用').waitFor();
    await dialogSettled(page);
    await page.screenshot({ path: screenshotPath('commerce-short-desktop.png') });
    assert.deepEqual(errors, []);
    await page.close();
  });

  test('/dingzhi prices a custom purchase and shows VIP perks; phone layouts', async () => {
    const token = await signedIn('13812347703');
    const { page, errors } = await newPage(browser, desktop);
    await page.goto(`${server.url}/dingzhi?satoken=${encodeURIComponent(token)}`);
    await page.getByRole('heading', { level: 1, name: /定制购买/ }).waitFor();
    await page.locator('.hj-activity__stock').waitFor();
    assert.match(await page.locator('.hj-activity__stock').innerText(), /剩余 500 份/);
    await page.getByRole('spinbutton', { name: '视频次数' }).fill('20');
    await page.locator('.hj-builder__total strong').waitFor();
    await page.getByText('会员权益').first().waitFor();
    await page.screenshot({ path: screenshotPath('commerce-dingzhi-desktop.png'), fullPage: true });
    await page.getByRole('button', { name: '去支付' }).click();
    const modal = page.getByRole('dialog', { name: '充值中心' });
    await modal.getByText(/定制次数：通用次数 ×500 \+ 视频次数 ×20/).waitFor();
    await modal.getByRole('button', { name: '立即支付' }).click();
    await modal.locator('.hj-pay__qr img').waitFor();
    await modal.getByRole('button', { name: '模拟支付成功' }).click();
    await modal.getByText('支付成功').waitFor();
    assert.deepEqual(errors, []);
    await page.close();

    // A narrow window (phones are sent to /mobileHome by the spec's redirect).
    const narrow = await newPage(browser, { ...desktop, viewport: mobile.viewport });
    await narrow.page.goto(`${server.url}/dingzhi?satoken=${encodeURIComponent(token)}`);
    await narrow.page.getByRole('heading', { level: 1, name: /定制购买/ }).waitFor();
    await narrow.page.locator('.hj-activity__stock').waitFor();
    await narrow.page.screenshot({
      path: screenshotPath('commerce-dingzhi-mobile.png'),
      fullPage: true,
    });
    assert.deepEqual(narrow.errors, []);
    await narrow.page.close();

    // On a phone: the account menu of /mobileHome opens the same modal; the QR says plainly that
    // it cannot be scanned from the same phone.
    const phone = await newPage(browser, mobile);
    await phone.page.goto(`${server.url}/mobileHome?satoken=${encodeURIComponent(token)}`);
    await phone.page.getByRole('button', { name: '账号菜单' }).click();
    await phone.page.getByRole('button', { name: '充值中心' }).click();
    const m = phone.page.getByRole('dialog', { name: '充值中心' });
    await m.waitFor();
    await dialogSettled(phone.page);
    await m.getByRole('tab', { name: '会员' }).click();
    await m.locator('[data-product-id="vip-month"]').click();
    await phone.page.screenshot({ path: screenshotPath('commerce-recharge-mobile.png') });
    await m.getByRole('button', { name: '立即支付' }).click();
    await m.locator('.hj-pay__qr img').waitFor();
    await m.getByText(/手机无法扫描本机屏幕上的二维码/).waitFor();
    await phone.page.screenshot({ path: screenshotPath('commerce-qr-mobile.png') });
    assert.deepEqual(phone.errors, []);
    await phone.page.close();
  });
});
