import fs from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MINUTE } from '../src/config/clock';
import { moduleServices } from '../src/modules/feature-module';
import type { OrdersModuleServices } from '../src/modules/orders/orders.module';
import { createTicketsRepository } from '../src/modules/tickets/tickets.repository';
import { startAlipayDouble } from './doubles/alipay-double';
import type { AlipayDouble } from './doubles/alipay-double';
import { providerEnv } from './doubles/provider-env';
import { startWechatPayDouble } from './doubles/wechatpay-double';
import type { WechatPayDouble } from './doubles/wechatpay-double';
import { buildTestApp, describeEachDatabase, fakeClock, smsLogin } from './helper';
import type { FakeClock, TestApp } from './helper';

const ROOT = { username: 'lateroot', password: 'root-password-2026' };
const ACTIVITY = 'active-250513';

/**
 * Payments that arrive after we closed the order (it expired, or the buyer switched channel and
 * the provider's close lost the race): credited while the product can still be granted, otherwise
 * refunded in full through the provider's refund API; an incident either way. And the checks a
 * WeChat Pay notify must pass besides its signature: currency CNY, event TRANSACTION.SUCCESS.
 */
describeEachDatabase('late payments and notify checks', (target) => {
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
    await t?.close();
    await Promise.all([wx?.close(), ali?.close()]);
    if (keysDir) await fs.rm(keysDir, { recursive: true, force: true });
  });

  const db = () => t.container.database.db;
  const get = (url: string, token: string) =>
    t.app.inject({ method: 'GET', url, headers: { satoken: token } });
  const post = (url: string, n: { headers: Record<string, string>; body: string }) =>
    t.app.inject({ method: 'POST', url, headers: n.headers, payload: n.body });
  const balance = (userId: string) => createTicketsRepository(db()).balanceOf(userId, 1);
  const order = (orderNo: string) =>
    db().selectFrom('orders').selectAll().where('order_no', '=', orderNo).executeTakeFirstOrThrow();
  const kinds = async (orderNo: string) =>
    (
      await db()
        .selectFrom('payment_incidents')
        .select('kind')
        .where('order_no', '=', orderNo)
        .execute()
    )
      .map((i) => i.kind)
      .sort();
  const sold = async () =>
    Number(
      (
        await db()
          .selectFrom('products')
          .select('sold')
          .where('id', '=', ACTIVITY)
          .executeTakeFirstOrThrow()
      ).sold,
    );
  const create = async (token: string, productId: string, call: string) => {
    const res = await get(`/api/order/${call}?productId=${productId}`, token);
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data.orderNo as string;
  };
  /** The order's QR runs out: the reconciler closes it at the provider and here. */
  const expire = async (orderNo: string) => {
    clock.advance(16 * MINUTE);
    await services.orders.reconcileDue();
    expect((await order(orderNo)).status).toBe('closed');
  };

  it('WeChat Pay: a late payment that can still be granted is credited, with an incident', async () => {
    const { user, token } = await smsLogin(t);
    const no = await create(token, 'pack-100', 'createOrder');
    await expire(no);
    wx.pay(no); // the payer had the QR open: WeChat's close lost the race
    expect((await post('/api/pay/wechat/notify', wx.notify(no))).statusCode).toBe(204);
    expect((await order(no)).status).toBe('paid');
    expect(await balance(user.id)).toBe(100);
    expect(await kinds(no)).toEqual(['paid_after_close']);
    expect(wx.refunds.size).toBe(0);
  });

  it('WeChat Pay: past the per-user limit a late payment is refunded through WeChat, not credited', async () => {
    const { user, token } = await smsLogin(t);
    const first = await create(token, ACTIVITY, 'createOrder');
    await expire(first);
    // The buyer bought the offer again and paid that order.
    const second = await create(token, ACTIVITY, 'createOrder');
    wx.pay(second);
    expect((await post('/api/pay/wechat/notify', wx.notify(second))).statusCode).toBe(204);
    expect(await balance(user.id)).toBe(300);
    const soldBefore = await sold();

    wx.pay(first);
    const answers = await Promise.all([
      post('/api/pay/wechat/notify', wx.notify(first)),
      post('/api/pay/wechat/notify', wx.notify(first)),
    ]);
    expect(answers.map((a) => a.statusCode)).toEqual([204, 204]);
    expect(await balance(user.id)).toBe(300);
    expect(await sold()).toBe(soldBefore);
    expect((await order(first)).status).toBe('refunded');
    expect(wx.refunds.get(`RF${first}`)).toMatchObject({
      out_trade_no: first,
      refund: 9900,
      total: 9900,
    });
    expect(await kinds(first)).toEqual(['refunded_after_close']);
    const row = await db()
      .selectFrom('order_refunds')
      .selectAll()
      .where('order_no', '=', first)
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({ refund_fen: 9900, admin_id: 'system', retry_at: null });
    // An admin's refund of the same order repeats the same refund number: nothing more.
    const again = await t.app.inject({
      method: 'POST',
      url: `/api/user/manage/order/${first}/refund`,
      headers: { satoken: adminToken },
      payload: { reason: '核对' },
    });
    expect(again.json().data).toMatchObject({ refundFen: 9900, repeated: true });
    expect([...wx.refunds.values()].filter((r) => r.out_trade_no === first)).toHaveLength(1);
  });

  it('Alipay: a late payment for a sold-out activity is refunded through Alipay; the stock holds', async () => {
    const buyer = await smsLogin(t);
    const first = await create(buyer.token, ACTIVITY, 'createAliPayOrder');
    await expire(first);
    // The last unit goes to someone else meanwhile.
    const taken = await sold();
    const set = await t.app.inject({
      method: 'POST',
      url: `/api/user/manage/product/${ACTIVITY}`,
      headers: { satoken: adminToken },
      payload: { stock: taken + 1 },
    });
    expect(set.statusCode, set.body).toBe(200);
    const other = await smsLogin(t);
    const theirs = await create(other.token, ACTIVITY, 'createAliPayOrder');
    ali.pay(theirs);
    expect((await post('/api/pay/alipay/notify', ali.notify(theirs))).body).toBe('success');
    expect(await sold()).toBe(taken + 1);

    ali.pay(first);
    expect((await post('/api/pay/alipay/notify', ali.notify(first))).body).toBe('success');
    expect(await sold()).toBe(taken + 1);
    expect(await balance(buyer.user.id)).toBe(0);
    expect((await order(first)).status).toBe('refunded');
    expect(ali.refunds.get(`RF${first}`)).toEqual({ out_trade_no: first, refund_amount: '99.00' });
    expect(await kinds(first)).toEqual(['refunded_after_close']);
    await t.app.inject({
      method: 'POST',
      url: `/api/user/manage/product/${ACTIVITY}`,
      headers: { satoken: adminToken },
      payload: { stock: 500 },
    });
  });

  it('a late payment whose notify is lost is found by the last look at the closed order', async () => {
    const { user, token } = await smsLogin(t);
    const first = await create(token, 'pack-500', 'createOrder');
    // The buyer switches to Alipay: the WeChat order is replaced…
    await create(token, 'pack-500', 'createAliPayOrder');
    expect((await order(first)).status).toBe('closed');
    // …but had paid it at that very moment, and WeChat's notify never arrives.
    wx.pay(first);
    clock.advance(16 * MINUTE); // the QR's time is up; the last look comes two minutes later
    await services.orders.reconcileDue();
    expect((await order(first)).status).toBe('closed');
    clock.advance(2 * MINUTE);
    await services.orders.reconcileDue();
    expect((await order(first)).status).toBe('paid');
    expect(await balance(user.id)).toBe(500);
    expect(await kinds(first)).toEqual(['paid_after_close']);
    // Asked once: later passes leave the order alone.
    expect((await order(first)).next_check_at).toBeNull();
  });

  it('a refund the provider does not accept yet is asked again by the worker pass', async () => {
    const { user, token } = await smsLogin(t);
    const first = await create(token, ACTIVITY, 'createOrder');
    await expire(first);
    const second = await create(token, ACTIVITY, 'createOrder');
    wx.pay(second);
    await post('/api/pay/wechat/notify', wx.notify(second));
    wx.pay(first);
    const notify = wx.notify(first);
    // WeChat refuses the refund this time (as it does while a trade is still settling).
    wx.trades.get(first)!.trade_state = 'NOTPAY';
    expect((await post('/api/pay/wechat/notify', notify)).statusCode).toBe(204);
    expect((await order(first)).status).toBe('refunded');
    expect(wx.refunds.has(`RF${first}`)).toBe(false);
    wx.trades.get(first)!.trade_state = 'SUCCESS';
    await services.settlement.late.retryDue();
    expect(wx.refunds.has(`RF${first}`)).toBe(false); // not due yet
    clock.advance(6 * MINUTE);
    await services.settlement.late.retryDue();
    expect(wx.refunds.get(`RF${first}`)).toMatchObject({ refund: 9900 });
    await services.settlement.late.retryDue();
    expect([...wx.refunds.values()].filter((r) => r.out_trade_no === first)).toHaveLength(1);
    expect(await balance(user.id)).toBe(300);
  });

  describe('WeChat Pay notify contents', () => {
    it('another currency or another event type credits nothing and is recorded', async () => {
      const { user, token } = await smsLogin(t);
      const no = await create(token, 'pack-100', 'createOrder');
      wx.pay(no);
      const usd = await post('/api/pay/wechat/notify', wx.notify(no, { currency: 'USD' }));
      expect(usd.statusCode).toBe(400);
      const refund = await post(
        '/api/pay/wechat/notify',
        wx.notify(no, { eventType: 'REFUND.SUCCESS' }),
      );
      expect(refund.statusCode).toBe(400);
      expect(await balance(user.id)).toBe(0);
      expect((await order(no)).status).toBe('pending');
      expect(await kinds(no)).toEqual(['currency_mismatch', 'event_mismatch']);
      expect((await post('/api/pay/wechat/notify', wx.notify(no))).statusCode).toBe(204);
      expect(await balance(user.id)).toBe(100);
    });

    it('the same wrong notify delivered many times at once is one incident', async () => {
      const { token } = await smsLogin(t);
      const no = await create(token, 'pack-100', 'createOrder');
      wx.pay(no);
      const answers = await Promise.all(
        Array.from({ length: 6 }, () =>
          post('/api/pay/wechat/notify', wx.notify(no, { total: 1 })),
        ),
      );
      expect(answers.map((a) => a.statusCode)).toEqual([400, 400, 400, 400, 400, 400]);
      expect(await kinds(no)).toEqual(['amount_mismatch']);
    });
  });
});
