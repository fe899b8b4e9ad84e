import { afterAll, beforeAll, expect, it } from 'vitest';
import { DAY, MINUTE } from '../src/config/clock';
import { buildTestApp, describeEachDatabase, expectError, fakeClock, smsLogin } from './helper';
import type { FakeClock, TestApp } from './helper';

/** The personal center's order history: 继续支付, 申请退款 and who may see what. */
describeEachDatabase('order history', (target) => {
  let t: TestApp;
  let clock: FakeClock;
  beforeAll(async () => {
    clock = fakeClock();
    t = await buildTestApp({ target, now: clock.now, env: { SIGNUP_TICKETS: '1:0' } });
  });
  afterAll(() => t.close());

  const get = (url: string, token: string) =>
    t.app.inject({ method: 'GET', url, headers: { satoken: token } });
  const post = (url: string, token: string | undefined, payload: object) =>
    t.app.inject({ method: 'POST', url, headers: token ? { satoken: token } : {}, payload });
  const buy = async (token: string, productId: string) =>
    (await get(`/api/order/createOrder?productId=${productId}`, token)).json().data as {
      orderNo: string;
      codeUrl: string;
    };
  const history = async (token: string) =>
    (await get('/api/order/page?page=1&pageSize=10', token)).json().data.list as Record<
      string,
      unknown
    >[];

  it('shows 继续支付 while a pending order can be paid, and 申请退款 within 7 days of paying', async () => {
    const { token } = await smsLogin(t);
    const pending = await buy(token, 'pack-500');
    const paid = await buy(token, 'pack-100');
    await post('/api/pay/sandbox/pay', token, { orderNo: paid.orderNo });
    const list = await history(token);
    const first = list.find((o) => o.orderNo === pending.orderNo);
    const second = list.find((o) => o.orderNo === paid.orderNo);
    expect(first).toMatchObject({ orderNo: pending.orderNo, status: 'pending', refundable: false });
    expect(first!.payUrl).toBe(pending.codeUrl);
    expect(second).toMatchObject({ orderNo: paid.orderNo, status: 'paid', refundable: true });
    expect(second!.payUrl).toBeUndefined();

    // The QR's time is up: no 继续支付 any more.
    clock.advance(16 * MINUTE);
    expect(
      (await history(token)).find((o) => o.orderNo === pending.orderNo)!.payUrl,
    ).toBeUndefined();

    expectError(
      await post('/api/order/refundRequest', token, { orderNo: pending.orderNo, reason: '不要了' }),
      'REFUND_REQUEST_NOT_ALLOWED',
    );
    expectError(
      await post('/api/order/refundRequest', token, { orderNo: paid.orderNo, reason: ' ' }),
      'VALIDATION_FAILED',
    );
    const asked = await post('/api/order/refundRequest', token, {
      orderNo: paid.orderNo,
      reason: '买错了',
    });
    expect(asked.statusCode, asked.body).toBe(200);
    expect(asked.json().data).toMatchObject({ refundable: false, status: 'paid' });
    const at = asked.json().data.refundRequestedAt as string;
    // Asking again is the same request.
    const again = await post('/api/order/refundRequest', token, {
      orderNo: paid.orderNo,
      reason: '再问一次',
    });
    expect(again.json().data.refundRequestedAt).toBe(at);
    expect((await history(token)).find((o) => o.orderNo === paid.orderNo)).toMatchObject({
      refundRequestedAt: at,
      refundable: false,
    });
    const rows = await t.container.database.db
      .selectFrom('order_refund_requests')
      .selectAll()
      .where('order_no', '=', paid.orderNo)
      .execute();
    expect(rows).toHaveLength(1);
    expect(rows[0]!.reason).toBe('买错了');
  });

  it('remembers which app scans a sandbox order, so 继续支付 names 支付宝 or 微信', async () => {
    const { token } = await smsLogin(t);
    const viaAlipay = (await get('/api/order/createAliPayOrder?productId=pack-100', token)).json()
      .data as { orderNo: string; qrCode: string };
    const viaWechat = await buy(token, 'pack-500');
    const list = await history(token);
    expect(list.find((o) => o.orderNo === viaAlipay.orderNo)).toMatchObject({
      channel: 'sandbox',
      payUrl: viaAlipay.qrCode,
      scanWith: 'alipay',
    });
    expect(list.find((o) => o.orderNo === viaWechat.orderNo)).toMatchObject({
      channel: 'sandbox',
      scanWith: 'wechat',
    });
  });

  it('closes 申请退款 after 7 days; nobody else can see or ask about an order', async () => {
    const a = await smsLogin(t);
    const b = await smsLogin(t);
    const order = await buy(a.token, 'pack-100');
    await post('/api/pay/sandbox/pay', a.token, { orderNo: order.orderNo });
    expect(await history(b.token)).toEqual([]);
    expectError(
      await post('/api/order/refundRequest', b.token, { orderNo: order.orderNo, reason: 'x' }),
      'ORDER_NOT_FOUND',
    );
    expectError(
      await post('/api/order/refundRequest', undefined, { orderNo: order.orderNo, reason: 'x' }),
      'UNAUTHORIZED',
    );
    clock.advance(7 * DAY + MINUTE);
    const a2 = await smsLogin(t, a.phone);
    expect((await history(a2.token))[0]).toMatchObject({ refundable: false });
    expectError(
      await post('/api/order/refundRequest', a2.token, { orderNo: order.orderNo, reason: 'x' }),
      'REFUND_REQUEST_NOT_ALLOWED',
    );
  });
});
