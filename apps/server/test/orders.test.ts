import { customPrice } from '@huijing/contracts';
import type { CustomPricing } from '@huijing/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DAY, MINUTE } from '../src/config/clock';
import { moduleServices } from '../src/modules/feature-module';
import type { OrdersModuleServices } from '../src/modules/orders/orders.module';
import { createTicketsRepository } from '../src/modules/tickets/tickets.repository';
import { buildTestApp, describeEachDatabase, expectError, fakeClock, smsLogin } from './helper';
import type { FakeClock, TestApp } from './helper';

const ROOT = { username: 'payroot', password: 'root-password-2026' };

describeEachDatabase('orders on the sandbox channel', (target) => {
  let t: TestApp;
  let clock: FakeClock;
  let adminToken: string;
  let services: OrdersModuleServices;
  beforeAll(async () => {
    clock = fakeClock();
    t = await buildTestApp({
      target,
      now: clock.now,
      env: {
        ADMIN_USERNAME: ROOT.username,
        ADMIN_PASSWORD: ROOT.password,
        SIGNUP_TICKETS: '1:0',
      },
    });
    const features = new Map(t.container.features.map((f) => [f.name, f]));
    services = moduleServices<OrdersModuleServices>(features, 'orders')!;
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/user/manage/login',
      payload: ROOT,
    });
    adminToken = login.json().data.token as string;
  });
  afterAll(() => t.close());

  const get = (url: string, token?: string) =>
    t.app.inject({ method: 'GET', url, headers: token ? { satoken: token } : {} });
  const balance = (userId: string, type: 1 | 2 | 3 | 4 = 1) =>
    createTicketsRepository(t.container.database.db).balanceOf(userId, type);
  const buy = async (token: string, productId: string, channel = 'createOrder') => {
    const res = await get(`/api/order/${channel}?productId=${productId}`, token);
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data as { orderNo: string; amountFen: number; expiresAt: string };
  };
  const sandboxPay = (token: string, orderNo: string) =>
    t.app.inject({
      method: 'POST',
      url: '/api/pay/sandbox/pay',
      headers: { satoken: token },
      payload: { orderNo },
    });
  const admin = (url: string, payload: object, token = adminToken) =>
    t.app.inject({
      method: 'POST',
      url: `/api/user/manage${url}`,
      headers: { satoken: token },
      payload,
    });

  it('lists the seeded catalogue: packs, VIP plans, the custom page and the activity', async () => {
    const res = await get('/api/order/products');
    const products = res.json().data as { id: string; kind: string; priceFen: number }[];
    expect(new Set(products.map((p) => p.kind))).toEqual(
      new Set(['tickets', 'vip', 'custom', 'activity']),
    );
    expect(products.find((p) => p.id === 'pack-100')).toMatchObject({
      priceFen: 4900,
      tickets: { '1': 100 },
      onSale: true,
    });
    expect((await get('/api/order/channels')).json().data).toEqual({
      wechat: 'sandbox',
      alipay: 'sandbox',
      // The sandbox pays in its own dialog; H5 is for the real providers.
      h5: { wechat: false, alipay: false },
    });
    // Seeding again adds nothing and keeps edits.
    expect(await t.container.prepareDatabase()).toMatchObject({ seeded: [] });
  });

  it('sells a ticket pack: pending, paid through the sandbox, tickets credited once', async () => {
    const { user, token } = await smsLogin(t);
    const order = await buy(token, 'pack-100');
    expect(order.amountFen).toBe(4900);
    expect(Date.parse(order.expiresAt) - clock.now().getTime()).toBe(15 * MINUTE);
    expect(
      (await get(`/api/order/checkOrder?orderNo=${order.orderNo}`, token)).json().data,
    ).toMatchObject({ status: 'pending', channel: 'sandbox', productId: 'pack-100' });
    const paid = await sandboxPay(token, order.orderNo);
    expect(paid.json().data).toMatchObject({ status: 'paid' });
    expect(await balance(user.id)).toBe(100);
    // 我已支付 and the reconciler after the fact change nothing.
    const again = await get(`/api/order/completeOrder?orderNo=${order.orderNo}`, token);
    expect(again.json().data.status).toBe('paid');
    await services.orders.reconcileDue();
    expect(await balance(user.id)).toBe(100);
    expect(await t.container.tickets.entriesFor(order.orderNo)).toEqual([
      { reason: 'purchase', delta: 100 },
    ]);
  });

  it('three concurrent settlements and 我已支付 credit exactly once', async () => {
    const { user, token } = await smsLogin(t);
    const order = await buy(token, 'pack-500');
    const sandbox = services.providers.sandbox as unknown as { pay: (no: string) => unknown };
    sandbox.pay(order.orderNo);
    const evidence = { channel: 'sandbox' as const, paidFen: 19900, source: 'notify' as const };
    const results = await Promise.all([
      services.settlement.settle(order.orderNo, evidence),
      services.settlement.settle(order.orderNo, evidence),
      services.settlement.settle(order.orderNo, evidence),
      get(`/api/order/completeOrder?orderNo=${order.orderNo}`, token),
    ]);
    const outcomes = results.slice(0, 3).map((r) => (r as { outcome: string }).outcome);
    expect(outcomes.filter((o) => o === 'settled').length).toBeLessThanOrEqual(1);
    expect(await balance(user.id)).toBe(500);
    expect(await createTicketsRepository(t.container.database.db).ledgerSum(user.id, 1)).toBe(500);
  });

  it('a short payment credits nothing and is recorded for the admin', async () => {
    const { user, token } = await smsLogin(t);
    const order = await buy(token, 'pack-100');
    const out = await services.settlement.settle(order.orderNo, {
      channel: 'sandbox',
      paidFen: 1,
      source: 'notify',
    });
    expect(out.outcome).toBe('rejected');
    expect(await balance(user.id)).toBe(0);
    const incidents = await t.container.database.db
      .selectFrom('payment_incidents')
      .selectAll()
      .where('order_no', '=', order.orderNo)
      .execute();
    expect(incidents.map((i) => i.kind)).toEqual(['amount_mismatch']);
    expect(
      (await get(`/api/order/checkOrder?orderNo=${order.orderNo}`, token)).json().data.status,
    ).toBe('pending');
  });

  it('answers an order only to its owner; the history lists only one’s own', async () => {
    const a = await smsLogin(t);
    const b = await smsLogin(t);
    const order = await buy(a.token, 'pack-100');
    expectError(
      await get(`/api/order/checkOrder?orderNo=${order.orderNo}`, b.token),
      'ORDER_NOT_FOUND',
    );
    expectError(
      await get(`/api/order/completeOrder?orderNo=${order.orderNo}`, b.token),
      'ORDER_NOT_FOUND',
    );
    expectError(await sandboxPay(b.token, order.orderNo), 'ORDER_NOT_FOUND');
    const pageA = (await get('/api/order/page?page=1&pageSize=10', a.token)).json().data;
    expect(pageA).toMatchObject({
      total: 1,
      list: [{ orderNo: order.orderNo, title: '通用次数 ×100' }],
    });
    expect((await get('/api/order/page', b.token)).json().data.total).toBe(0);
  });

  it('refuses bad input with 4xx and a Chinese message', async () => {
    const { token } = await smsLogin(t);
    expectError(await get('/api/order/createOrder?productId=pack-100'), 'UNAUTHORIZED');
    expectError(await get('/api/order/createOrder', token), 'VALIDATION_FAILED');
    expectError(await get('/api/order/createOrder?productId=nope', token), 'PRODUCT_NOT_FOUND');
    expectError(await get('/api/order/checkOrder?orderNo=%27%3B--', token), 'VALIDATION_FAILED');
    expectError(
      await get('/api/order/checkOrder?orderNo=HJ000000000000', token),
      'ORDER_NOT_FOUND',
    );
    expectError(
      await get('/api/order/createOrder?productId=custom', token),
      'CUSTOM_QUANTITY_INVALID',
    );
    expectError(
      await get('/api/order/createOrder?productId=custom&quantities=1:abc', token),
      'VALIDATION_FAILED',
    );
    expectError(
      await get('/api/order/createOrder?productId=custom&quantities=4:99999', token),
      'CUSTOM_TOO_LARGE',
    );
    expectError(await get('/api/order/page?page=0', token), 'VALIDATION_FAILED');
    const lead = await t.app.inject({
      method: 'POST',
      url: '/api/order/enterpriseContact',
      payload: { company: '', contact: '王', phone: 'x' },
    });
    expect(lead.statusCode).toBe(400);
    expect(lead.json().message).toMatch(/[\u4e00-\u9fff]/);
  });

  it('prices a custom purchase with the tiered discount and grants exactly what was picked', async () => {
    const { user, token } = await smsLogin(t);
    const products = (await get('/api/order/products')).json().data as {
      id: string;
      custom?: CustomPricing;
    }[];
    const pricing = products.find((p) => p.id === 'custom')!.custom!;
    const res = await get(
      '/api/order/createAliPayOrder?productId=custom&quantities=1:300,4:10',
      token,
    );
    const { priceFen } = customPrice(pricing, { '1': 300, '4': 10 });
    expect(res.json().data).toMatchObject({ amountFen: priceFen, sandbox: true });
    expect(priceFen).toBeLessThan(300 * 50 + 10 * 500);
    await sandboxPay(token, res.json().data.orderNo);
    expect(await balance(user.id, 1)).toBe(300);
    expect(await balance(user.id, 4)).toBe(10);
    const lead = await t.app.inject({
      method: 'POST',
      url: '/api/order/enterpriseContact',
      payload: { company: '某某设计院', contact: '王工', phone: '13800000000', seats: 40 },
    });
    expect(lead.statusCode).toBe(200);
  });

  it('opening the other channel for the same purchase closes the first order', async () => {
    const { token } = await smsLogin(t);
    const first = await buy(token, 'pack-100', 'createOrder');
    const second = await buy(token, 'pack-100', 'createAliPayOrder');
    expect(
      (await get(`/api/order/checkOrder?orderNo=${first.orderNo}`, token)).json().data.status,
    ).toBe('closed');
    // The closed one can no longer be paid in the sandbox either.
    expect((await sandboxPay(token, first.orderNo)).json().data.status).toBe('closed');
    expect((await sandboxPay(token, second.orderNo)).json().data.status).toBe('paid');
  });

  it('VIP extends from the later of now and the current expiry; getVipInfo shows it', async () => {
    const { user, token } = await smsLogin(t);
    const start = clock.now().getTime();
    await sandboxPay(token, (await buy(token, 'vip-month')).orderNo);
    const row = () =>
      t.container.database.db
        .selectFrom('users')
        .select(['vip_tier', 'vip_until'])
        .where('id', '=', user.id)
        .executeTakeFirstOrThrow();
    expect(Date.parse((await row()).vip_until!)).toBe(start + 30 * DAY);
    await sandboxPay(token, (await buy(token, 'vip-month')).orderNo);
    expect(Date.parse((await row()).vip_until!)).toBe(start + 60 * DAY);
    expect((await row()).vip_tier).toBe('vip');
    // The second month's allowance comes when its days begin (test/vip-allowance.test.ts).
    expect(await balance(user.id)).toBe(300);
    const info = (await get('/api/user/getVipInfo', token)).json().data;
    expect(info).toMatchObject({ isVip: true, tier: 'vip', level: 'vip' });
  });

  it('refunds once: takes back the grant, a second call refunds nothing more; users are refused', async () => {
    const { user, token } = await smsLogin(t);
    const order = await buy(token, 'pack-100');
    await sandboxPay(token, order.orderNo);
    expectError(await admin(`/order/${order.orderNo}/refund`, { reason: 'x' }, token), 'FORBIDDEN');
    const anon = await t.app.inject({
      method: 'POST',
      url: `/api/user/manage/order/${order.orderNo}/refund`,
      payload: { reason: 'x' },
    });
    expectError(anon, 'UNAUTHORIZED');
    expectError(await admin(`/order/${order.orderNo}/refund`, { reason: '' }), 'VALIDATION_FAILED');
    // 30 of the 100 tickets are spent: 70 come back and 70 % of the price is refunded.
    await createTicketsRepository(t.container.database.db).holdTickets(
      user.id,
      1,
      30,
      'spent',
      clock.now().toISOString(),
    );
    const [first, second] = await Promise.all([
      admin(`/order/${order.orderNo}/refund`, { reason: '用户申请' }),
      admin(`/order/${order.orderNo}/refund`, { reason: '用户申请' }),
    ]);
    const results = [first.json().data, second.json().data];
    expect(results.map((r) => r.repeated).sort()).toEqual([false, true]);
    expect(results[0]).toMatchObject({ refundFen: 3430, ticketsTaken: { '1': 70 } });
    expect(results[0].note).toContain('部分权益已使用');
    expect(await balance(user.id)).toBe(0);
    const third = (await admin(`/order/${order.orderNo}/refund`, { reason: '再来' })).json().data;
    expect(third).toMatchObject({ repeated: true, refundFen: 3430 });
    const audited = await t.container.database.db
      .selectFrom('admin_audit_log')
      .select(['action', 'reason'])
      .where('target', '=', `order:${order.orderNo}`)
      .orderBy('at')
      .execute();
    expect(audited.map((a) => a.action).sort()).toEqual([
      'order.refund',
      'order.refund.repeat',
      'order.refund.repeat',
    ]);
    expect(await balance(user.id)).toBe(0);
    expect(
      (await get(`/api/order/checkOrder?orderNo=${order.orderNo}`, token)).json().data.status,
    ).toBe('refunded');
    expectError(await admin('/order/HJ0000000000000/refund', { reason: 'x' }), 'ORDER_NOT_FOUND');
    const pending = await buy(token, 'pack-500');
    expectError(
      await admin(`/order/${pending.orderNo}/refund`, { reason: 'x' }),
      'REFUND_NOT_ALLOWED',
    );
  });

  it('a VIP refund shortens the membership by the days bought', async () => {
    const { user, token } = await smsLogin(t);
    const order = await buy(token, 'vip-quarter');
    await sandboxPay(token, order.orderNo);
    const res = (await admin(`/order/${order.orderNo}/refund`, { reason: '误购' })).json().data;
    expect(res).toMatchObject({ vipDaysTaken: 90, refundFen: 18800, ticketsTaken: { '1': 350 } });
    const row = await t.container.database.db
      .selectFrom('users')
      .select(['vip_tier', 'vip_until'])
      .where('id', '=', user.id)
      .executeTakeFirstOrThrow();
    expect(row.vip_tier).toBeNull();
    expect((await get('/api/user/getVipInfo', token)).json().data.isVip).toBe(false);
  });

  describe('the 250513 activity', () => {
    it('12 buyers racing for 5 units get exactly 5 orders; expiry gives units back', async () => {
      const set = await admin('/product/active-250513', { stock: 5 });
      expect(set.statusCode, set.body).toBe(200);
      expect((await get('/api/active/250513/stock')).json().data).toMatchObject({
        stock: 5,
        productId: 'active-250513',
      });
      const buyers = await Promise.all(Array.from({ length: 12 }, () => smsLogin(t)));
      const results = await Promise.all(
        buyers.map((b) => get('/api/order/createOrder?productId=active-250513', b.token)),
      );
      const okCount = results.filter((r) => r.statusCode === 200).length;
      expect(okCount).toBe(5);
      for (const r of results.filter((x) => x.statusCode !== 200))
        expectError(r, 'PRODUCT_SOLD_OUT');
      expect((await get('/api/active/250513/stock')).json().data.stock).toBe(0);
      // A stock below what is sold is refused; the operator sees why.
      expect((await admin('/product/active-250513', { stock: 3 })).statusCode).toBe(400);

      // One buyer pays; the per-user limit holds for them.
      const winner = buyers[results.findIndex((r) => r.statusCode === 200)]!;
      const winnerOrder = results.find((r) => r.statusCode === 200)!.json().data.orderNo as string;
      await sandboxPay(winner.token, winnerOrder);
      expectError(
        await get('/api/order/createOrder?productId=active-250513', winner.token),
        'PURCHASE_LIMIT',
      );

      // The other four expire: the reconciler closes them and their units come back.
      clock.advance(16 * MINUTE);
      await services.orders.reconcileDue();
      expect((await get('/api/active/250513/stock')).json().data.stock).toBe(4);
      const loser = buyers[results.findIndex((r) => r.statusCode !== 200)]!;
      expect(
        (await get('/api/order/createOrder?productId=active-250513', loser.token)).statusCode,
      ).toBe(200);
    });

    it('admins edit price and availability; users cannot', async () => {
      const { token } = await smsLogin(t);
      expectError(await admin('/product/pack-100', { priceFen: 1 }, token), 'FORBIDDEN');
      expectError(await admin('/product/nope', { priceFen: 100 }), 'PRODUCT_NOT_FOUND');
      expectError(await admin('/product/pack-100', {}), 'VALIDATION_FAILED');
      const res = await admin('/product/pack-gpt-300', { priceFen: 1990, onSale: false });
      expect(res.json().data).toMatchObject({ priceFen: 1990, onSale: false });
      const audit = await t.container.database.db
        .selectFrom('admin_audit_log')
        .select(['action', 'after_json'])
        .where('target', '=', 'product:pack-gpt-300')
        .executeTakeFirstOrThrow();
      expect(audit.action).toBe('product.update');
      expect(JSON.parse(audit.after_json!)).toMatchObject({ priceFen: 1990 });
      const listed = (await get('/api/order/products')).json().data as { id: string }[];
      expect(listed.some((p) => p.id === 'pack-gpt-300')).toBe(false);
      expectError(
        await get('/api/order/createOrder?productId=pack-gpt-300', token),
        'PRODUCT_NOT_FOUND',
      );
    });
  });
});
