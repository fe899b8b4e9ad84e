import type { AdminRole } from '@huijing/contracts';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { moduleServices } from '../src/modules/feature-module';
import type { OrdersModuleServices } from '../src/modules/orders/orders.module';
import { createTicketsRepository } from '../src/modules/tickets/tickets.repository';
import {
  adminToken,
  buildTestApp,
  describeEachDatabase,
  expectError,
  fakeClock,
  rootAdminEnv,
  smsLogin,
} from './helper';
import type { TestApp } from './helper';
import { createAdmin, manageCall } from './admin-fixtures';

type Method = 'GET' | 'POST';
type Roles = 'super' | 'operator' | 'finance';

describeEachDatabase('admin orders, refunds, reconciliation and products', (target) => {
  let t: TestApp;
  let call: ReturnType<typeof manageCall>;
  let services: OrdersModuleServices;
  const tokens = {} as Record<AdminRole, string>;
  let financeB: string;
  beforeAll(async () => {
    t = await buildTestApp({
      target,
      now: fakeClock().now,
      env: { ...rootAdminEnv, SIGNUP_TICKETS: '1:0' },
    });
    call = manageCall(t);
    services = moduleServices<OrdersModuleServices>(
      new Map(t.container.features.map((f) => [f.name, f])),
      'orders',
    )!;
    tokens.super = await adminToken(t);
    tokens.operator = (await createAdmin(t, tokens.super, 'operator')).token;
    tokens.finance = (await createAdmin(t, tokens.super, 'finance')).token;
    financeB = (await createAdmin(t, tokens.super, 'finance')).token;
  });
  afterAll(() => t.close());

  const balance = (userId: string) =>
    createTicketsRepository(t.container.database.db).balanceOf(userId, 1);
  const sandbox = () => services.providers.sandbox as unknown as { pay: (no: string) => unknown };
  /** A user's order for pack-100 (¥49.00, 100 tickets), paid at the sandbox and settled. */
  const paidOrder = async (mode: 'settled' | 'provider only' | 'unpaid' = 'settled') => {
    const buyer = await smsLogin(t);
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/order/createOrder?productId=pack-100',
      headers: { satoken: buyer.token },
    });
    expect(res.statusCode, res.body).toBe(200);
    const orderNo = res.json().data.orderNo as string;
    if (mode === 'settled') {
      const paid = await t.app.inject({
        method: 'POST',
        url: '/api/pay/sandbox/pay',
        headers: { satoken: buyer.token },
        payload: { orderNo },
      });
      expect(paid.json().data.status).toBe('paid');
    } else if (mode === 'provider only') {
      sandbox().pay(orderNo);
    }
    return { ...buyer, orderNo };
  };
  const auditOf = (target: string) =>
    t.container.database.db
      .selectFrom('admin_audit_log')
      .select(['action', 'actor_username', 'before_json', 'after_json', 'request_id'])
      .where('target', '=', target)
      .orderBy('at')
      .execute();

  it('enforces the matrix: no token 401, user 403, operator refused, finance on orders only', async () => {
    const user = await smsLogin(t);
    const endpoints: { method: Method; url: string; body?: object; allowed: Roles[] }[] = [
      { method: 'GET', url: '/page/order', allowed: ['super', 'finance'] },
      { method: 'GET', url: '/order/HJ000000000000', allowed: ['super', 'finance'] },
      {
        method: 'POST',
        url: '/order/HJ000000000000/refund',
        body: { reason: '测试矩阵' },
        allowed: ['super', 'finance'],
      },
      { method: 'GET', url: '/reconcile', allowed: ['super', 'finance'] },
      {
        method: 'POST',
        url: '/order/HJ000000000000/settle',
        body: { reason: '测试矩阵' },
        allowed: ['super', 'finance'],
      },
      { method: 'GET', url: '/page/product', allowed: ['super'] },
      {
        method: 'POST',
        url: '/product',
        body: {
          id: 'matrix-probe',
          kind: 'tickets',
          name: '矩阵',
          priceFen: 100,
          tickets: { 1: 1 },
        },
        allowed: ['super'],
      },
      { method: 'POST', url: '/product/nope', body: { priceFen: 100 }, allowed: ['super'] },
    ];
    for (const e of endpoints) {
      const label = `${e.method} ${e.url}`;
      expectError(await call(e.method, e.url, undefined, e.body), 'UNAUTHORIZED');
      expectError(await call(e.method, e.url, user.token, e.body), 'FORBIDDEN');
      for (const role of ['operator', 'finance', 'super'] as const) {
        const res = await call(e.method, e.url, tokens[role], e.body);
        if (e.allowed.includes(role)) {
          expect(res.statusCode, `${role} ${label}: ${res.body}`).not.toBe(403);
          expect(res.statusCode, `${role} ${label}: ${res.body}`).toBeLessThan(500);
        } else {
          expectError(res, 'ADMIN_PERMISSION_DENIED');
        }
      }
    }
  });

  it('lists orders by status, buyer and number, and shows one with a live provider query', async () => {
    const a = await paidOrder();
    const byPhone = await call('GET', `/page/order?user=${a.phone}&status=paid`, tokens.finance);
    expect(byPhone.statusCode, byPhone.body).toBe(200);
    expect(byPhone.json().data).toMatchObject({
      total: 1,
      list: [{ orderNo: a.orderNo, userPhone: a.phone, amountFen: 4900, status: 'paid' }],
    });
    const byNo = await call('GET', `/page/order?orderNo=${a.orderNo}`, tokens.finance);
    expect(byNo.json().data.list).toHaveLength(1);
    const none = await call('GET', `/page/order?user=${a.phone}&status=refunded`, tokens.finance);
    expect(none.json().data.total).toBe(0);
    const today = new Date(Date.now()).toISOString().slice(0, 10);
    expect((await call('GET', '/page/order?from=2020-13-45x', tokens.finance)).statusCode).toBe(
      400,
    );
    expect(
      (
        await call(
          'GET',
          `/page/order?from=2000-01-01&to=${today}&sortField=amountFen`,
          tokens.finance,
        )
      ).statusCode,
    ).toBe(200);

    const detail = await call('GET', `/order/${a.orderNo}`, tokens.finance);
    expect(detail.statusCode, detail.body).toBe(200);
    expect(detail.json().data).toMatchObject({
      order: { orderNo: a.orderNo, status: 'paid' },
      tickets: { '1': 100 },
      ledger: [{ ticketType: 1, delta: 100, reason: 'purchase' }],
      refund: null,
      refundNeedsApproval: false,
      provider: { ok: true, state: 'paid', paidFen: 4900 },
    });
    expectError(await call('GET', '/order/HJ000000000000', tokens.finance), 'ORDER_NOT_FOUND');
  });

  it("shows a buyer's 申请退款 on the order and filters the orders waiting for a decision", async () => {
    const asking = await paidOrder();
    const quiet = await paidOrder();
    const asked = await t.app.inject({
      method: 'POST',
      url: '/api/order/refundRequest',
      headers: { satoken: asking.token },
      payload: { orderNo: asking.orderNo, reason: '买错了套餐' },
    });
    expect(asked.statusCode, asked.body).toBe(200);
    const listed = await call('GET', '/page/order?current=1&pageSize=50&asked=1', tokens.finance);
    const numbers = listed.json().data.list.map((o: { orderNo: string }) => o.orderNo);
    expect(numbers).toContain(asking.orderNo);
    expect(numbers).not.toContain(quiet.orderNo);
    const detail = await call('GET', `/order/${asking.orderNo}`, tokens.finance);
    expect(detail.json().data.order.buyerRequest).toMatchObject({ reason: '买错了套餐' });
    const other = await call(
      'GET',
      `/page/order?current=1&pageSize=5&orderNo=${quiet.orderNo}`,
      tokens.finance,
    );
    expect(other.json().data.list[0].buyerRequest).toBeNull();
    // Once refunded it no longer waits for a decision.
    const refunded = await call('POST', `/order/${asking.orderNo}/refund`, tokens.finance, {
      reason: '用户申请',
    });
    expect(refunded.statusCode, refunded.body).toBe(200);
    const after = await call('GET', '/page/order?current=1&pageSize=50&asked=1', tokens.finance);
    expect(after.json().data.list.map((o: { orderNo: string }) => o.orderNo)).not.toContain(
      asking.orderNo,
    );
  });

  it('refunds exactly once under two concurrent requests, audit-logged once', async () => {
    const a = await paidOrder();
    expect(await balance(a.user.id)).toBe(100);
    // The confirmation says exactly what a refund would do now: 40 of 100 tickets spent.
    await createTicketsRepository(t.container.database.db).holdTickets(
      a.user.id,
      1,
      40,
      'spent',
      new Date().toISOString(),
    );
    const preview = (await call('GET', `/order/${a.orderNo}`, tokens.finance)).json().data;
    expect(preview.refundPreview).toMatchObject({ refundFen: 2940, ticketsTaken: { '1': 60 } });
    const refund = () =>
      call('POST', `/order/${a.orderNo}/refund`, tokens.finance, { reason: '用户申请退款' });
    const [r1, r2] = await Promise.all([refund(), refund()]);
    expect([r1.statusCode, r2.statusCode], `${r1.body} ${r2.body}`).toEqual([200, 200]);
    const results = [r1.json().data, r2.json().data];
    expect(results.map((r) => r.repeated).sort()).toEqual([false, true]);
    expect(results.find((r) => !r.repeated)).toMatchObject({
      status: 'refunded',
      refundFen: 2940,
    });
    expect(await balance(a.user.id)).toBe(0);
    const ledger = await t.container.tickets.entriesFor(a.orderNo);
    expect(ledger).toEqual([
      { reason: 'purchase', delta: 100 },
      { reason: 'refund', delta: -60 },
    ]);
    const audit = await auditOf(`order:${a.orderNo}`);
    expect(audit.filter((x) => x.action === 'order.refund')).toHaveLength(1);
    expect(audit.every((x) => x.request_id)).toBe(true);
    const detail = (await call('GET', `/order/${a.orderNo}`, tokens.finance)).json().data;
    expect(detail).toMatchObject({
      order: { status: 'refunded' },
      refund: { refundFen: 2940, reason: '用户申请退款' },
      refundPreview: null,
      provider: { state: 'refunded' },
    });
  });

  it('with the second-approver switch, a refund waits for a different admin', async () => {
    const set = await call('POST', '/settings/features', tokens.super, {
      value: { refundSecondApprover: true },
      reason: '退款需双人复核',
    });
    expect(set.statusCode, set.body).toBe(200);
    try {
      const a = await paidOrder();
      const first = await call('POST', `/order/${a.orderNo}/refund`, tokens.finance, {
        reason: '重复购买',
      });
      expect(first.json().data).toMatchObject({ status: 'requested' });
      expect(await balance(a.user.id)).toBe(100);
      const listed = await call('GET', `/page/order?orderNo=${a.orderNo}`, tokens.finance);
      expect(listed.json().data.list[0]).toMatchObject({ status: 'paid', refundRequested: true });
      expectError(
        await call('POST', `/order/${a.orderNo}/refund`, tokens.finance, { reason: '再点一次' }),
        'ADMIN_REFUND_SECOND_APPROVER',
      );
      const approved = await call('POST', `/order/${a.orderNo}/refund`, financeB, {
        reason: '核对无误',
      });
      expect(approved.json().data).toMatchObject({ status: 'refunded', repeated: false });
      expect(await balance(a.user.id)).toBe(0);
      const after = await call('GET', `/page/order?orderNo=${a.orderNo}`, tokens.finance);
      expect(after.json().data.list[0]).toMatchObject({
        status: 'refunded',
        refundRequested: false,
      });
      const actions = (await auditOf(`order:${a.orderNo}`)).map((x) => x.action);
      expect(actions).toEqual(['order.refund.request', 'order.refund']);
    } finally {
      await call('POST', '/settings/features', tokens.super, { value: {}, reason: '恢复默认' });
    }
  });

  it('reconciles: paid at the provider but not credited is found and settled once by one click', async () => {
    const lost = await paidOrder('provider only'); // the notify never arrived
    const credited = await paidOrder();
    // A local "paid" the provider does not know as paid (simulated by a hand edit).
    const ghost = await paidOrder('unpaid');
    await t.container.database.db
      .updateTable('orders')
      .set({ status: 'paid', paid_at: new Date().toISOString() })
      .where('order_no', '=', ghost.orderNo)
      .execute();

    const report = await call('GET', '/reconcile', tokens.finance);
    expect(report.statusCode, report.body).toBe(200);
    const items = report.json().data.items as { kind: string; order: { orderNo: string } }[];
    const kindOf = (no: string) => items.find((i) => i.order.orderNo === no)?.kind;
    expect(kindOf(lost.orderNo)).toBe('paid_not_credited');
    expect(kindOf(credited.orderNo)).toBeUndefined();
    expect(kindOf(ghost.orderNo)).toBe('credited_not_paid');
    expect(report.json().data.checked).toBeGreaterThanOrEqual(3);

    expect(await balance(lost.user.id)).toBe(0);
    const settle = () =>
      call('POST', `/order/${lost.orderNo}/settle`, tokens.finance, { reason: '回调丢失补单' });
    const [s1, s2] = await Promise.all([settle(), settle()]);
    expect([s1.json().data.outcome, s2.json().data.outcome].sort()).toEqual(['already', 'settled']);
    expect(await balance(lost.user.id)).toBe(100);
    // The statistics' "order paid" event is counted from the orders table: each paid order once.
    const paidNow = await t.container.database.db
      .selectFrom('orders')
      .select((eb) => eb.fn.countAll<string | number>().as('n'))
      .where('status', 'in', ['paid', 'refunded'])
      .where('paid_at', 'is not', null)
      .executeTakeFirstOrThrow();
    const summary = await call('GET', '/track/summary?days=30', tokens.finance);
    expect(summary.json().data.events).toContainEqual({
      kind: 'order_paid',
      count: Number(paidNow.n),
    });
    expect((await auditOf(`order:${lost.orderNo}`)).map((x) => x.action).sort()).toEqual([
      'order.settle',
      'order.settle.repeat',
    ]);
    // An order the provider has not seen paid cannot be settled.
    const pending = await paidOrder('unpaid');
    expectError(
      await call('POST', `/order/${pending.orderNo}/settle`, tokens.finance, {
        reason: '试试补单',
      }),
      'ADMIN_NOT_SETTLEABLE',
    );
  });

  it('creates and edits products, every change audit-logged with before and after', async () => {
    const created = await call('POST', '/product', tokens.super, {
      id: 'pack-admin-test',
      kind: 'tickets',
      name: '测试次数包',
      priceFen: 990,
      tickets: { 1: 20 },
      reason: '新品上架',
    });
    expect(created.statusCode, created.body).toBe(200);
    expect(created.json().data).toMatchObject({ id: 'pack-admin-test', onSale: false, sold: 0 });
    expectError(
      await call('POST', '/product', tokens.super, {
        id: 'pack-admin-test',
        kind: 'tickets',
        name: '重复',
        priceFen: 990,
        tickets: { 1: 20 },
      }),
      'ADMIN_PRODUCT_ID_TAKEN',
    );
    expect(
      (
        await call('POST', '/product', tokens.super, {
          id: 'vip-x',
          kind: 'vip',
          name: '会员',
          priceFen: 100,
        })
      ).statusCode,
    ).toBe(400);

    const edited = await call('POST', '/product/pack-admin-test', tokens.super, {
      priceFen: 1290,
      originalPriceFen: 1990,
      stock: 50,
      onSale: true,
      tickets: { 1: 30, 2: 5 },
      startsAt: '2026-01-01T00:00:00+08:00',
      endsAt: '2027-01-01T00:00:00+08:00',
      reason: '调价',
    });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json().data).toMatchObject({
      priceFen: 1290,
      originalPriceFen: 1990,
      stockTotal: 50,
      onSale: true,
      tickets: { '1': 30, '2': 5 },
      startsAt: '2025-12-31T16:00:00.000Z',
    });
    expectError(
      await call('POST', '/product/pack-admin-test', tokens.super, {
        startsAt: '2028-01-01T00:00:00Z',
      }),
      'VALIDATION_FAILED',
    );
    const audit = await auditOf('product:pack-admin-test');
    expect(audit.map((a) => a.action)).toEqual(['product.create', 'product.update']);
    expect(audit[1]!.actor_username).toBe('root');
    expect(JSON.parse(audit[1]!.before_json!)).toMatchObject({ priceFen: 990, onSale: false });
    expect(JSON.parse(audit[1]!.after_json!)).toMatchObject({ priceFen: 1290, onSale: true });

    const page = await call('GET', '/page/product?keyword=admin-test', tokens.super);
    expect(page.json().data).toMatchObject({ total: 1, list: [{ id: 'pack-admin-test' }] });
    const offSale = await call('GET', '/page/product?onSale=false&pageSize=100', tokens.super);
    expect(offSale.json().data.list.every((p: { onSale: boolean }) => !p.onSale)).toBe(true);
    // The shop lists it now that it is on sale.
    const shop = await t.app.inject({ method: 'GET', url: '/api/order/products' });
    expect(shop.json().data.some((p: { id: string }) => p.id === 'pack-admin-test')).toBe(true);
  });
});
