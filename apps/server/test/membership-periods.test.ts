import type { Kysely } from 'kysely';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { DAY } from '../src/config/clock';
import { backfill } from '../src/db/migrations/0019-membership-periods';
import { createTicketsRepository } from '../src/modules/tickets/tickets.repository';
import { adminToken, buildTestApp, describeEachDatabase, fakeClock, smsLogin } from './helper';
import type { FakeClock, TestApp } from './helper';

const ROOT = { username: 'periodsroot', password: 'root-password-2026' };

/**
 * Membership as periods (docs/payments.md): every plan and grant is a period; a refund revokes its
 * period and the user keeps exactly what the others give — the tier included.
 */
describeEachDatabase('membership periods', (target) => {
  let t: TestApp;
  let clock: FakeClock;
  beforeAll(async () => {
    clock = fakeClock();
    t = await buildTestApp({
      target,
      now: clock.now,
      env: { SIGNUP_TICKETS: '1:0', ADMIN_USERNAME: ROOT.username, ADMIN_PASSWORD: ROOT.password },
    });
  });
  afterAll(async () => {
    await t?.close();
  });

  const db = () => t.container.database.db;
  const get = (url: string, token: string) =>
    t.app.inject({ method: 'GET', url, headers: { satoken: token } });
  const balance = (userId: string, type: 1 | 2 | 3 | 4 = 1) =>
    createTicketsRepository(db()).balanceOf(userId, type);
  const vipInfo = async (token: string) => {
    const res = await get('/api/user/getVipInfo', token);
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data as { level: string; expiresAt: string | null; isVip: boolean };
  };
  const buyAndPay = async (token: string, productId: string) => {
    const created = await get(`/api/order/createOrder?productId=${productId}`, token);
    expect(created.statusCode, created.body).toBe(200);
    const { orderNo } = created.json().data as { orderNo: string };
    const paid = await t.app.inject({
      method: 'POST',
      url: '/api/pay/sandbox/pay',
      headers: { satoken: token },
      payload: { orderNo },
    });
    expect(paid.json().data.status).toBe('paid');
    return orderNo;
  };
  const refund = async (orderNo: string) => {
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/user/manage/order/${orderNo}/refund`,
      headers: { satoken: await adminToken(t, ROOT) },
      payload: { reason: '用户 7 天内申请退款' },
    });
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data as { refundFen: number; vipDaysTaken: number };
  };
  const amountOf = async (orderNo: string) =>
    Number(
      (
        await db()
          .selectFrom('orders')
          .select('amount_fen')
          .where('order_no', '=', orderNo)
          .executeTakeFirstOrThrow()
      ).amount_fen,
    );
  const cache = (userId: string) =>
    db()
      .selectFrom('users')
      .select(['vip_tier', 'vip_until'])
      .where('id', '=', userId)
      .executeTakeFirstOrThrow();
  const at = (start: number, days: number) => new Date(start + days * DAY).toISOString();

  it('VIP quarter, then SVIP year, refund the SVIP: VIP until the quarter ends', async () => {
    const { token, user, phone } = await smsLogin(t);
    const start = clock.now().getTime();
    await buyAndPay(token, 'vip-quarter');
    clock.advance(2 * DAY);
    const svip = await buyAndPay(token, 'vip-year');
    expect(await vipInfo(token)).toMatchObject({ level: 'svip', expiresAt: at(start, 455) });
    clock.advance(DAY);
    const done = await refund(svip);
    // None of the SVIP's days had begun: all of them (and the money) go back.
    expect(done).toMatchObject({ vipDaysTaken: 365, refundFen: await amountOf(svip) });
    expect(await vipInfo(token)).toMatchObject({ level: 'vip', expiresAt: at(start, 90) });
    expect(await cache(user.id)).toEqual({ vip_tier: 'vip', vip_until: at(start, 90) });
    // The SVIP's months never come; the quarter's do.
    // (A new sign-in: the session did not outlive the fake months.)
    clock.advance(start + 90 * DAY - 1000 - clock.now().getTime());
    const later = (await smsLogin(t, phone)).token;
    expect(await vipInfo(later)).toMatchObject({ level: 'vip' });
    expect(await balance(user.id, 4)).toBe(0);
    expect(await balance(user.id, 1)).toBe(350 * 3);
    clock.advance(1000);
    expect((await vipInfo(later)).isVip).toBe(false);
  });

  it('refunding the earlier period while the later stands moves the later one up', async () => {
    const { token, user } = await smsLogin(t);
    const start = clock.now().getTime();
    const vip = await buyAndPay(token, 'vip-quarter');
    const svip = await buyAndPay(token, 'vip-year');
    expect(await balance(user.id, 1)).toBe(350);
    clock.advance(10 * DAY);
    // The admin's confirmation says what the refund will do.
    const detail = await t.app.inject({
      method: 'GET',
      url: `/api/user/manage/order/${vip}`,
      headers: { satoken: await adminToken(t, ROOT) },
    });
    expect(detail.statusCode, detail.body).toBe(200);
    expect(detail.json().data.refundPreview).toMatchObject({ vipDaysTaken: 80 });
    const done = await refund(vip);
    // 80 of the quarter's 90 days were ahead; its first month's 350 are taken back.
    expect(done.vipDaysTaken).toBe(80);
    // The SVIP year begins now, and with it its first month's allowance.
    expect(await vipInfo(token)).toMatchObject({ level: 'svip', expiresAt: at(start, 375) });
    const order = await db()
      .selectFrom('orders')
      .select(['vip_from', 'allowance_next_at'])
      .where('order_no', '=', svip)
      .executeTakeFirstOrThrow();
    expect(order.vip_from).toBe(at(start, 10));
    expect(await balance(user.id, 1)).toBe(350);
    expect(await balance(user.id, 4)).toBe(5);
  });

  it('a higher tier bought first stays for its chain; refunding the later plan leaves it alone', async () => {
    const { token, user } = await smsLogin(t);
    const start = clock.now().getTime();
    const svipFirst = await buyAndPay(token, 'vip-year');
    const vipAfter = await buyAndPay(token, 'vip-month');
    expect(await vipInfo(token)).toMatchObject({ level: 'svip', expiresAt: at(start, 395) });
    clock.advance(DAY);
    expect(await refund(vipAfter)).toMatchObject({ vipDaysTaken: 30 });
    expect(await cache(user.id)).toEqual({ vip_tier: 'svip', vip_until: at(start, 365) });
    // Then the SVIP year too: 364 of its days were ahead, and nothing is left.
    expect(await refund(svipFirst)).toMatchObject({ vipDaysTaken: 364 });
    expect(await cache(user.id)).toEqual({ vip_tier: null, vip_until: null });
  });

  it('extensions of one tier: refunding the first of two months keeps one month from now', async () => {
    const { token, user } = await smsLogin(t);
    const start = clock.now().getTime();
    const first = await buyAndPay(token, 'vip-month');
    const second = await buyAndPay(token, 'vip-month');
    expect(await vipInfo(token)).toMatchObject({ level: 'vip', expiresAt: at(start, 60) });
    clock.advance(5 * DAY);
    expect(await refund(first)).toMatchObject({ vipDaysTaken: 25 });
    expect(await cache(user.id)).toEqual({ vip_tier: 'vip', vip_until: at(start, 35) });
    const moved = await db()
      .selectFrom('membership_periods')
      .select(['starts_at', 'ends_at', 'revoked_at'])
      .where('source_id', '=', second)
      .executeTakeFirstOrThrow();
    expect(moved).toEqual({ starts_at: at(start, 5), ends_at: at(start, 35), revoked_at: null });
  });

  it('a membership from before periods is one period; a legacy refund shortens it', async () => {
    const { token, user } = await smsLogin(t);
    const now = clock.now().getTime();
    await db()
      .updateTable('users')
      .set({ vip_tier: 'vip', vip_until: at(now, 40) })
      .where('id', '=', user.id)
      .execute();
    const raw = db() as unknown as Kysely<unknown>;
    await backfill(raw, clock.now().toISOString());
    await backfill(raw, clock.now().toISOString());
    const rows = await db()
      .selectFrom('membership_periods')
      .selectAll()
      .where('user_id', '=', user.id)
      .execute();
    expect(rows).toMatchObject([{ tier: 'vip', ends_at: at(now, 40), source: 'migration' }]);
    // A plan bought on top queues after it and is refunded from its own period.
    const month = await buyAndPay(token, 'vip-month');
    expect(await cache(user.id)).toEqual({ vip_tier: 'vip', vip_until: at(now, 70) });
    await refund(month);
    expect(await cache(user.id)).toEqual({ vip_tier: 'vip', vip_until: at(now, 40) });
  });
});
