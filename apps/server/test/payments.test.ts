import fs from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MINUTE } from '../src/config/clock';
import { moduleServices } from '../src/modules/feature-module';
import type { OrdersModuleServices } from '../src/modules/orders/orders.module';
import { createTicketsRepository } from '../src/modules/tickets/tickets.repository';
import { startAlipayDouble } from './doubles/alipay-double';
import { providerEnv } from './doubles/provider-env';
import type { AlipayDouble } from './doubles/alipay-double';
import { startWechatPayDouble } from './doubles/wechatpay-double';
import type { WechatPayDouble } from './doubles/wechatpay-double';
import { buildTestApp, describeEachDatabase, expectError, fakeClock, smsLogin } from './helper';
import type { FakeClock, TestApp } from './helper';

const ROOT = { username: 'payroot', password: 'root-password-2026' };

describeEachDatabase('payments through the WeChat Pay and Alipay protocols', (target) => {
  let t: TestApp;
  let clock: FakeClock;
  let wx: WechatPayDouble;
  let ali: AlipayDouble;
  let keysDir: string;
  let services: OrdersModuleServices;
  let adminToken: string;
  beforeAll(async () => {
    [wx, ali] = await Promise.all([startWechatPayDouble(), startAlipayDouble()]);
    const keys = await providerEnv(wx, ali);
    keysDir = keys.dir;
    clock = fakeClock();
    t = await buildTestApp({
      target,
      now: clock.now,
      env: {
        ...keys.env,
        SIGNUP_TICKETS: '1:0',
        ADMIN_USERNAME: ROOT.username,
        ADMIN_PASSWORD: ROOT.password,
      },
    });
    services = moduleServices<OrdersModuleServices>(
      new Map(t.container.features.map((f) => [f.name, f])),
      'orders',
    )!;
    adminToken = (
      await t.app.inject({ method: 'POST', url: '/api/user/manage/login', payload: ROOT })
    ).json().data.token as string;
  });
  afterAll(async () => {
    await t.close();
    await Promise.all([wx.close(), ali.close()]);
    await fs.rm(keysDir, { recursive: true, force: true });
  });

  const get = (url: string, token?: string) =>
    t.app.inject({ method: 'GET', url, headers: token ? { satoken: token } : {} });
  const balance = (userId: string) =>
    createTicketsRepository(t.container.database.db).balanceOf(userId, 1);
  const status = async (token: string, orderNo: string) =>
    (await get(`/api/order/checkOrder?orderNo=${orderNo}`, token)).json().data.status as string;
  const post = (url: string, n: { headers: Record<string, string>; body: string }) =>
    t.app.inject({ method: 'POST', url, headers: n.headers, payload: n.body });
  const wxNotify = (n: { headers: Record<string, string>; body: string }) =>
    post('/api/pay/wechat/notify', n);
  const aliNotify = (n: { headers: Record<string, string>; body: string }) =>
    post('/api/pay/alipay/notify', n);
  const incidents = (orderNo: string) =>
    t.container.database.db
      .selectFrom('payment_incidents')
      .select('kind')
      .where('order_no', '=', orderNo)
      .execute();
  const wxOrder = async (token: string, productId = 'pack-100') => {
    const res = await get(`/api/order/createOrder?productId=${productId}`, token);
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data as { orderNo: string; codeUrl: string; amountFen: number };
  };
  const aliOrder = async (token: string, productId = 'pack-100') => {
    const res = await get(`/api/order/createAliPayOrder?productId=${productId}`, token);
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data as { orderNo: string; qrCode: string; amountFen: number };
  };

  it('offers the live channels and no sandbox', async () => {
    expect((await get('/api/order/channels')).json().data).toEqual({
      wechat: 'live',
      alipay: 'live',
      h5: { wechat: true, alipay: true },
    });
    const { token } = await smsLogin(t);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/pay/sandbox/pay',
      headers: { satoken: token },
      payload: { orderNo: 'HJ0000000000' },
    });
    expect(res.statusCode).toBe(404);
  });

  describe('WeChat Pay Native', () => {
    it('places a signed Native order and settles a valid encrypted notify once', async () => {
      const { user, token } = await smsLogin(t);
      const order = await wxOrder(token);
      expect(order.codeUrl).toMatch(/^weixin:\/\/wxpay\/bizpayurl\?pr=/);
      expect(wx.trades.get(order.orderNo)).toMatchObject({
        total: 4900,
        notify_url: 'https://huijing.example.com/api/pay/wechat/notify',
      });
      expect(wx.refusedRequests).toBe(0);
      wx.pay(order.orderNo);
      // Three deliveries of the same notify and 我已支付, all at once.
      const [a, b, c, d] = await Promise.all([
        wxNotify(wx.notify(order.orderNo)),
        wxNotify(wx.notify(order.orderNo)),
        wxNotify(wx.notify(order.orderNo)),
        get(`/api/order/completeOrder?orderNo=${order.orderNo}`, token),
      ]);
      expect([a.statusCode, b.statusCode, c.statusCode]).toEqual([204, 204, 204]);
      expect(d.json().data.status).toBe('paid');
      expect(await balance(user.id)).toBe(100);
      expect(await t.container.tickets.entriesFor(order.orderNo)).toHaveLength(1);
    });

    it('a forged signature, a stale timestamp, a tampered resource credit nothing', async () => {
      const { user, token } = await smsLogin(t);
      const order = await wxOrder(token);
      wx.pay(order.orderNo);
      for (const bad of [
        wx.notify(order.orderNo, { forge: true }),
        wx.notify(order.orderNo, { ageSeconds: 600 }),
        wx.notify(order.orderNo, { tamper: true }),
      ]) {
        const res = await wxNotify(bad);
        expect(res.statusCode).toBe(401);
        expect(res.json()).toMatchObject({ code: 'FAIL' });
      }
      const unsigned = wx.notify(order.orderNo);
      delete unsigned.headers['wechatpay-signature'];
      expect((await wxNotify(unsigned)).statusCode).toBe(401);
      expect(await status(token, order.orderNo)).toBe('pending');
      expect(await balance(user.id)).toBe(0);
    });

    it('a short-paid amount or another merchant credits nothing and leaves an incident', async () => {
      const { user, token } = await smsLogin(t);
      const order = await wxOrder(token);
      wx.pay(order.orderNo);
      const short = await wxNotify(wx.notify(order.orderNo, { total: 1 }));
      expect(short.statusCode).toBe(400);
      const other = await wxNotify(wx.notify(order.orderNo, { mchid: '1999999999' }));
      expect(other.statusCode).toBe(400);
      expect(await balance(user.id)).toBe(0);
      expect((await incidents(order.orderNo)).map((i) => i.kind).sort()).toEqual([
        'amount_mismatch',
        'merchant_mismatch',
      ]);
      // The real, verified answer still settles it.
      expect((await wxNotify(wx.notify(order.orderNo))).statusCode).toBe(204);
      expect(await balance(user.id)).toBe(100);
    });

    it('a lost notify is settled by the reconciler', async () => {
      const { user, token } = await smsLogin(t);
      const order = await wxOrder(token);
      await services.orders.reconcileDue();
      expect(await status(token, order.orderNo)).toBe('pending');
      wx.pay(order.orderNo);
      clock.advance(11_000);
      await services.orders.reconcileDue();
      expect(await status(token, order.orderNo)).toBe('paid');
      expect(await balance(user.id)).toBe(100);
    });

    it('an unpaid order expires: closed at WeChat Pay and here', async () => {
      const { token } = await smsLogin(t);
      const order = await wxOrder(token);
      clock.advance(16 * MINUTE);
      await services.orders.reconcileDue();
      expect(await status(token, order.orderNo)).toBe('closed');
      expect(wx.trades.get(order.orderNo)?.trade_state).toBe('CLOSED');
    });

    it('switching to Alipay closes the WeChat order first; a refund goes to WeChat once', async () => {
      const { user, token } = await smsLogin(t);
      const first = await wxOrder(token, 'pack-500');
      const second = await aliOrder(token, 'pack-500');
      expect(wx.trades.get(first.orderNo)?.trade_state).toBe('CLOSED');
      expect(await status(token, first.orderNo)).toBe('closed');
      // Paying the second one through WeChat's notify for the first is refused.
      ali.pay(second.orderNo);
      expect(
        (await get(`/api/order/completeOrder?orderNo=${second.orderNo}`, token)).json().data.status,
      ).toBe('paid');
      expect(await balance(user.id)).toBe(500);

      const order = await wxOrder(token);
      wx.pay(order.orderNo);
      await get(`/api/order/completeOrder?orderNo=${order.orderNo}`, token);
      const refund = () =>
        t.app.inject({
          method: 'POST',
          url: `/api/user/manage/order/${order.orderNo}/refund`,
          headers: { satoken: adminToken },
          payload: { reason: '重复购买' },
        });
      const [r1, r2] = await Promise.all([refund(), refund()]);
      expect([r1.statusCode, r2.statusCode]).toEqual([200, 200]);
      expect([...wx.refunds.values()].filter((r) => r.out_trade_no === order.orderNo)).toEqual([
        expect.objectContaining({ out_refund_no: `RF${order.orderNo}`, refund: 4900 }),
      ]);
      expect(await balance(user.id)).toBe(500);
    });
  });

  describe('H5 pay in a phone browser', () => {
    const h5Order = (token: string, channel: string, productId = 'pack-100') =>
      t.app.inject({
        method: 'GET',
        url: `/api/order/createH5Order?productId=${productId}&channel=${channel}`,
        headers: { satoken: token },
        remoteAddress: '203.0.113.7',
      });

    it('WeChat Pay H5: a signed /v3/pay/transactions/h5 with the payer IP; h5_url returns to the order history', async () => {
      const { user, token } = await smsLogin(t);
      const res = await h5Order(token, 'wechat');
      expect(res.statusCode, res.body).toBe(200);
      const { orderNo, payUrl } = res.json().data as { orderNo: string; payUrl: string };
      const url = new URL(payUrl);
      expect(url.origin + url.pathname).toBe(
        'https://wx.tenpay.com/cgi-bin/mmpayweb-bin/checkmweb',
      );
      expect(url.searchParams.get('redirect_url')).toBe(
        `https://huijing.example.com/personalCenter?orderNo=${orderNo}`,
      );
      expect(wx.h5Scenes.get(orderNo)).toEqual({
        payer_client_ip: '203.0.113.7',
        h5_info: { type: 'Wap' },
      });
      expect(wx.refusedRequests).toBe(0);
      // 继续支付 sends the phone to the same page, not a QR.
      const listed = (await get('/api/order/page?page=1&pageSize=5', token)).json().data.list[0];
      expect(listed).toMatchObject({ orderNo, payMode: 'h5', payUrl });
      wx.pay(orderNo);
      expect((await wxNotify(wx.notify(orderNo))).statusCode).toBe(204);
      expect(await balance(user.id)).toBe(100);
    });

    it('Alipay wap pay: the cashier URL is signed with the app key (the gateway verifies it); the notify settles', async () => {
      const { user, token } = await smsLogin(t);
      const res = await h5Order(token, 'alipay');
      expect(res.statusCode, res.body).toBe(200);
      const { orderNo, payUrl } = res.json().data as { orderNo: string; payUrl: string };
      const params = new URL(payUrl).searchParams;
      expect(params.get('method')).toBe('alipay.trade.wap.pay');
      expect(params.get('return_url')).toBe(
        `https://huijing.example.com/personalCenter?orderNo=${orderNo}`,
      );
      expect(JSON.parse(params.get('biz_content')!)).toMatchObject({
        out_trade_no: orderNo,
        total_amount: '49.00',
        product_code: 'QUICK_WAP_WAY',
      });
      // The phone's browser opens it: the gateway checks the signature and shows its cashier.
      const refusedBefore = ali.refusedRequests;
      const cashier = await fetch(payUrl);
      expect(cashier.status).toBe(200);
      expect(await cashier.text()).toContain('支付宝收银台');
      expect(ali.refusedRequests).toBe(refusedBefore);
      // A tampered amount does not pass the gateway's check.
      const tampered = new URL(payUrl);
      tampered.searchParams.set(
        'biz_content',
        params.get('biz_content')!.replace('"49.00"', '"0.01"'),
      );
      await fetch(tampered);
      expect(ali.refusedRequests).toBe(refusedBefore + 1);
      ali.refusedRequests = refusedBefore; // later tests count refusals of their own
      ali.pay(orderNo);
      const answer = await aliNotify(ali.notify(orderNo));
      expect(answer.body).toBe('success');
      expect(await balance(user.id)).toBe(100);
    });

    it('refuses an unknown channel or product with 4xx', async () => {
      const { token } = await smsLogin(t);
      expectError(await h5Order(token, 'paypal'), 'VALIDATION_FAILED');
      expectError(await h5Order(token, 'wechat', 'nope'), 'PRODUCT_NOT_FOUND');
      const anon = await t.app.inject({
        method: 'GET',
        url: '/api/order/createH5Order?productId=pack-100&channel=wechat',
      });
      expectError(anon, 'UNAUTHORIZED');
    });
  });

  describe('Alipay precreate', () => {
    it('places a signed precreate and settles a verified notify once, answering success', async () => {
      const { user, token } = await smsLogin(t);
      const order = await aliOrder(token);
      expect(order.qrCode).toMatch(/^https:\/\/qr\.alipay\.com\//);
      expect(ali.trades.get(order.orderNo)).toMatchObject({
        total_amount: '49.00',
        notify_url: 'https://huijing.example.com/api/pay/alipay/notify',
      });
      expect(ali.refusedRequests).toBe(0);
      ali.pay(order.orderNo);
      const results = await Promise.all([
        aliNotify(ali.notify(order.orderNo)),
        aliNotify(ali.notify(order.orderNo)),
        aliNotify(ali.notify(order.orderNo)),
      ]);
      expect(results.map((r) => r.body)).toEqual(['success', 'success', 'success']);
      expect(await balance(user.id)).toBe(100);
      expect(await t.container.tickets.entriesFor(order.orderNo)).toHaveLength(1);
    });

    it('a forged signature, a short amount or another app id credit nothing', async () => {
      const { user, token } = await smsLogin(t);
      const order = await aliOrder(token);
      ali.pay(order.orderNo);
      expect((await aliNotify(ali.notify(order.orderNo, { forge: true }))).body).toBe('fail');
      expect((await aliNotify(ali.notify(order.orderNo, { total_amount: '0.01' }))).body).toBe(
        'fail',
      );
      expect(
        (await aliNotify(ali.notify(order.orderNo, { app_id: '2099000000000000' }))).body,
      ).toBe('fail');
      expect(await balance(user.id)).toBe(0);
      expect((await incidents(order.orderNo)).map((i) => i.kind).sort()).toEqual([
        'amount_mismatch',
        'merchant_mismatch',
      ]);
      expect(await status(token, order.orderNo)).toBe('pending');
    });

    it('a lost notify is settled by 我已支付 (completeOrder)', async () => {
      const { user, token } = await smsLogin(t);
      const order = await aliOrder(token, 'vip-month');
      expect(
        (await get(`/api/order/completeOrder?orderNo=${order.orderNo}`, token)).json().data.status,
      ).toBe('pending');
      ali.pay(order.orderNo);
      expect(
        (await get(`/api/order/completeOrder?orderNo=${order.orderNo}`, token)).json().data.status,
      ).toBe('paid');
      expect(await balance(user.id)).toBe(300);
      expect((await get('/api/user/getVipInfo', token)).json().data.isVip).toBe(true);
    });

    it('refunds once with a fixed out_request_no, and closes expired orders', async () => {
      const { token } = await smsLogin(t);
      const order = await aliOrder(token);
      ali.pay(order.orderNo);
      await aliNotify(ali.notify(order.orderNo));
      for (let i = 0; i < 2; i += 1) {
        const res = await t.app.inject({
          method: 'POST',
          url: `/api/user/manage/order/${order.orderNo}/refund`,
          headers: { satoken: adminToken },
          payload: { reason: '测试退款' },
        });
        expect(res.json().data).toMatchObject({ refundFen: 4900, repeated: i === 1 });
      }
      expect(
        [...ali.refunds.entries()].filter(([, r]) => r.out_trade_no === order.orderNo),
      ).toEqual([[`RF${order.orderNo}`, { out_trade_no: order.orderNo, refund_amount: '49.00' }]]);
      const unpaid = await aliOrder(token, 'pack-500');
      clock.advance(16 * MINUTE);
      await services.orders.reconcileDue();
      expect(await status(token, unpaid.orderNo)).toBe('closed');
      expect(ali.trades.get(unpaid.orderNo)?.trade_status).toBe('TRADE_CLOSED');
    });
  });
});

describe('payment answers that do not verify', () => {
  it('refuses a WeChat Pay answer signed by someone else (502, no order placed)', async () => {
    const [wx, ali] = await Promise.all([startWechatPayDouble(), startAlipayDouble()]);
    const keys = await providerEnv(wx, ali);
    const wrong = await startWechatPayDouble();
    const wrongAli = await startAlipayDouble();
    await fs.writeFile(keys.env.WECHATPAY_PUBLIC_KEY_FILE, wrong.publicKey);
    await fs.writeFile(keys.env.ALIPAY_PUBLIC_KEY_FILE, wrongAli.alipayPublicKey);
    const t = await buildTestApp({ env: keys.env });
    try {
      const { token } = await smsLogin(t);
      for (const call of ['createOrder', 'createAliPayOrder']) {
        const res = await t.app.inject({
          method: 'GET',
          url: `/api/order/${call}?productId=pack-100`,
          headers: { satoken: token },
        });
        expectError(res, 'PAYMENT_PROVIDER_FAILED');
      }
      const orders = await t.container.database.db.selectFrom('orders').select('status').execute();
      expect(orders.map((o) => o.status)).toEqual(['closed', 'closed']);
    } finally {
      await t.close();
      await Promise.all([wx.close(), ali.close(), wrong.close(), wrongAli.close()]);
      await fs.rm(keys.dir, { recursive: true, force: true });
    }
  });
});
