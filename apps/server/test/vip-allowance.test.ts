import { afterAll, beforeAll, expect, it } from 'vitest';
import { DAY } from '../src/config/clock';
import { moduleServices } from '../src/modules/feature-module';
import type { OrdersModuleServices } from '../src/modules/orders/orders.module';
import { periodStartMs } from '../src/modules/orders/vip-allowance';
import { createTicketsRepository } from '../src/modules/tickets/tickets.repository';
import { adminToken, buildTestApp, describeEachDatabase, fakeClock, smsLogin } from './helper';
import type { FakeClock, TestApp } from './helper';

const ROOT = { username: 'vipallowance', password: 'root-password-2026' };

/**
 * The VIP monthly allowance: each month of a bought membership is granted once, by the
 * worker pass of any process or lazily when the member reads getVipInfo, whoever comes first.
 * On PostgreSQL two apps on one database stand for two worker processes (or one restarted).
 */
describeEachDatabase('VIP monthly allowance', (target) => {
  let t: TestApp;
  let other: TestApp | undefined;
  let clock: FakeClock;
  let one: OrdersModuleServices;
  let two: OrdersModuleServices;
  const env = {
    SIGNUP_TICKETS: '1:0',
    ADMIN_USERNAME: ROOT.username,
    ADMIN_PASSWORD: ROOT.password,
  };
  const servicesOf = (app: TestApp) =>
    moduleServices<OrdersModuleServices>(
      new Map(app.container.features.map((f) => [f.name, f])),
      'orders',
    )!;
  beforeAll(async () => {
    clock = fakeClock();
    t = await buildTestApp({ target, now: clock.now, env });
    // A second process on the same database (PostgreSQL: several workers). SQLite serves one
    // process; there the passes race inside it (better-sqlite3 would block the thread instead).
    if (target.dialect === 'postgres')
      other = await buildTestApp({ target, now: clock.now, env, dataDir: t.dataDir });
    one = servicesOf(t);
    two = other ? servicesOf(other) : one;
  });
  afterAll(async () => {
    await other?.close();
    await t?.close();
  });

  const get = (url: string, token: string) =>
    t.app.inject({ method: 'GET', url, headers: { satoken: token } });
  const balance = (userId: string, type: 1 | 2 | 3 | 4 = 1) =>
    createTicketsRepository(t.container.database.db).balanceOf(userId, type);
  type Member = { token: string; phone: string };
  /** Signs in again when the fake months outlived the session (userInfo grants nothing). */
  const awake = async (member: Member) => {
    if ((await get('/api/user/userInfo', member.token)).statusCode === 401)
      member.token = (await smsLogin(t, member.phone)).token;
  };
  const vipInfo = async (member: Member) => {
    const res = await get('/api/user/getVipInfo', member.token);
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data;
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
  const months = (orderNo: string) =>
    t.container.database.db
      .selectFrom('vip_allowances')
      .select(['period', 'period_start'])
      .where('order_no', '=', orderNo)
      .orderBy('period')
      .execute();
  /** Several workers and readers at once: two processes' passes twice each, three reads. */
  const race = async (member: Member) => {
    await awake(member);
    await Promise.all([
      one.allowance.grantDue(),
      two.allowance.grantDue(),
      vipInfo(member),
      one.allowance.grantDue(),
      two.allowance.grantDue(),
      vipInfo(member),
      vipInfo(member),
    ]);
  };

  /**
   * An SVIP month (350 通用 + 5 视频) beginning at `at`, `k` months having been credited: just
   * before it nothing more is granted while passes and reads race; at its start, once.
   */
  const acrossMonthStart = async (
    member: Member & { user: { id: string } },
    at: number,
    k: number,
  ) => {
    clock.advance(at - clock.now().getTime() - 1000);
    await race(member);
    expect(await balance(member.user.id, 1)).toBe(350 * k);
    clock.advance(1000);
    await race(member);
    expect(await balance(member.user.id, 1)).toBe(350 * (k + 1));
    expect(await balance(member.user.id, 4)).toBe(5 * (k + 1));
  };

  it('getVipInfo answers {isVip, level, expiresAt, perks} for a member and for nobody', async () => {
    const member = await smsLogin(t);
    expect(await vipInfo(member)).toMatchObject({
      isVip: false,
      level: 'none',
      expiresAt: null,
      perks: { priorityQueue: false, training: false, monthlyTickets: {}, nextAllowanceAt: null },
    });
  });

  it('a year plan grants its allowance in each of its 12 months exactly once', async () => {
    const member = await smsLogin(t);
    const { user, token } = member;
    const start = clock.now().getTime();
    const orderNo = await buyAndPay(token, 'vip-year');
    // The first month at payment.
    expect(await balance(user.id, 1)).toBe(350);
    expect(await balance(user.id, 4)).toBe(5);
    const info = await vipInfo(member);
    expect(info).toMatchObject({
      isVip: true,
      level: 'svip',
      tier: 'svip',
      expiresAt: new Date(start + 365 * DAY).toISOString(),
      perks: {
        priorityQueue: true,
        monthlyTickets: { '1': 350, '4': 5 },
        nextAllowanceAt: new Date(periodStartMs(start, 365, 1)).toISOString(),
      },
    });
    expect(await one.allowance.grantDue()).toBe(0);
    for (let k = 1; k < 12; k++) await acrossMonthStart(member, periodStartMs(start, 365, k), k);
    clock.advance(60 * DAY);
    await race(member);
    expect(await balance(user.id, 1)).toBe(4200);
    expect(await balance(user.id, 4)).toBe(60);
    expect((await months(orderNo)).map((m) => m.period)).toEqual([...Array(12).keys()]);
    const ledger = await t.container.database.db
      .selectFrom('ticket_ledger')
      .select(['ticket_type', 'delta'])
      .where('user_id', '=', user.id)
      .where('reason', '=', 'vip_allowance')
      .where('ref', '=', orderNo)
      .execute();
    expect(ledger).toHaveLength(24);
    expect((await vipInfo(member)).perks).toMatchObject({
      monthlyTickets: {},
      nextAllowanceAt: null,
    });
  });

  it('a plan bought during a membership starts its month when its days begin; reading grants it', async () => {
    const member = await smsLogin(t);
    const { user, token } = member;
    const start = clock.now().getTime();
    const first = await buyAndPay(token, 'vip-month');
    const second = await buyAndPay(token, 'vip-month');
    expect(await balance(user.id)).toBe(300);
    expect((await vipInfo(member)).perks).toEqual({
      priorityQueue: true,
      training: true,
      monthlyTickets: { '1': 300 },
      nextAllowanceAt: new Date(start + 30 * DAY).toISOString(),
    });
    clock.advance(30 * DAY);
    // No worker pass: the member's own reads grant the month, once.
    await awake(member);
    await Promise.all([vipInfo(member), vipInfo(member), vipInfo(member)]);
    expect(await balance(user.id)).toBe(600);
    expect(await months(first)).toHaveLength(1);
    expect((await months(second))[0]!.period_start).toBe(new Date(start + 30 * DAY).toISOString());
    expect((await vipInfo(member)).perks.nextAllowanceAt).toBeNull();
    clock.advance(30 * DAY);
    await awake(member);
    expect((await vipInfo(member)).isVip).toBe(false);
  });

  it('a refund takes back what the months granted (unspent) and stops the months to come', async () => {
    const member = await smsLogin(t);
    const { user, token } = member;
    const orderNo = await buyAndPay(token, 'vip-quarter');
    clock.advance(30 * DAY);
    await race(member);
    expect(await balance(user.id)).toBe(700);
    await createTicketsRepository(t.container.database.db).holdTickets(
      user.id,
      1,
      100,
      'spent',
      clock.now().toISOString(),
    );
    const adminToken = (
      await t.app.inject({ method: 'POST', url: '/api/user/manage/login', payload: ROOT })
    ).json().data.token as string;
    const refund = await t.app.inject({
      method: 'POST',
      url: `/api/user/manage/order/${orderNo}/refund`,
      headers: { satoken: adminToken },
      payload: { reason: '用户申请' },
    });
    expect(refund.statusCode, refund.body).toBe(200);
    expect(refund.json().data).toMatchObject({ ticketsTaken: { '1': 600 }, vipDaysTaken: 60 });
    expect(await balance(user.id)).toBe(0);
    clock.advance(30 * DAY);
    await race(member);
    expect(await balance(user.id)).toBe(0);
    expect(await months(orderNo)).toHaveLength(2);
  });

  /** The admin console's VIP grant (permission users.vip), signed in afresh (fake months pass). */
  const grantVip = async (userId: string, tier: 'vip' | 'svip', days: number) => {
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/user/manage/user/${userId}/vip`,
      headers: { satoken: await adminToken(t, ROOT) },
      payload: { tier, days, reason: '活动补偿' },
    });
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data as { vipTier: string; vipUntil: string };
  };
  const grantsOf = (userId: string) =>
    t.container.database.db
      .selectFrom('vip_grants')
      .selectAll()
      .where('user_id', '=', userId)
      .orderBy('vip_from')
      .execute();
  const grantMonthsOf = (grantId: string) =>
    t.container.database.db
      .selectFrom('vip_grant_allowances')
      .select(['period', 'period_start'])
      .where('grant_id', '=', grantId)
      .orderBy('period')
      .execute();

  it('VIP granted by an admin gets the monthly allowance: each month once, racing workers and reads', async () => {
    const member = await smsLogin(t);
    const { user } = member;
    const start = clock.now().getTime();
    const after = await grantVip(user.id, 'svip', 90);
    expect(after).toMatchObject({
      vipTier: 'svip',
      vipUntil: new Date(start + 90 * DAY).toISOString(),
    });
    // The tier's plan allowance (SVIP: the year plan's 350 通用 + 5 视频), the first month at once.
    expect(await balance(user.id, 1)).toBe(350);
    expect(await balance(user.id, 4)).toBe(5);
    const [grant] = await grantsOf(user.id);
    expect(grant).toMatchObject({ tier: 'svip', vip_days: 90, reason: '活动补偿' });
    expect(JSON.parse(grant!.grants)).toEqual({ '1': 350, '4': 5 });
    expect((await vipInfo(member)).perks).toEqual({
      priorityQueue: true,
      training: true,
      monthlyTickets: { '1': 350, '4': 5 },
      nextAllowanceAt: new Date(periodStartMs(start, 90, 1)).toISOString(),
    });
    const audit = await t.container.database.db
      .selectFrom('admin_audit_log')
      .select('after_json')
      .where('action', '=', 'user.vip.grant')
      .where('target', '=', `user:${user.id}`)
      .executeTakeFirstOrThrow();
    expect(JSON.parse(String(audit.after_json))).toMatchObject({
      grantId: grant!.id,
      monthlyTickets: { '1': 350, '4': 5 },
      monthsCredited: 1,
    });
    for (let k = 1; k < 3; k++) await acrossMonthStart(member, periodStartMs(start, 90, k), k);
    clock.advance(40 * DAY);
    await race(member);
    expect(await balance(user.id, 1)).toBe(1050);
    expect((await grantMonthsOf(grant!.id)).map((m) => m.period)).toEqual([0, 1, 2]);
    const ledger = await t.container.database.db
      .selectFrom('ticket_ledger')
      .select('delta')
      .where('user_id', '=', user.id)
      .where('reason', '=', 'vip_allowance')
      .where('ref', '=', grant!.id)
      .execute();
    expect(ledger).toHaveLength(6);
    expect((await vipInfo(member)).perks).toMatchObject({
      monthlyTickets: {},
      nextAllowanceAt: null,
    });
  });

  it("concurrent admin grants and a bought plan queue their days; every grant's months start with its days", async () => {
    const member = await smsLogin(t);
    const { user, token } = member;
    const start = clock.now().getTime();
    const orderNo = await buyAndPay(token, 'vip-month');
    expect(await balance(user.id)).toBe(300);
    // Three grants at once: none loses another's days; only months that have begun are credited.
    await Promise.all([
      grantVip(user.id, 'vip', 30),
      grantVip(user.id, 'vip', 30),
      grantVip(user.id, 'vip', 30),
    ]);
    const grants = await grantsOf(user.id);
    expect(grants.map((g) => Date.parse(g.vip_from) - start)).toEqual([
      30 * DAY,
      60 * DAY,
      90 * DAY,
    ]);
    expect((await vipInfo(member)).expiresAt).toBe(new Date(start + 120 * DAY).toISOString());
    expect(await balance(user.id)).toBe(300);
    for (let k = 1; k <= 3; k++) {
      clock.advance(start + k * 30 * DAY - clock.now().getTime());
      await race(member);
      expect(await balance(user.id)).toBe(300 * (k + 1));
      expect(await grantMonthsOf(grants[k - 1]!.id)).toEqual([
        { period: 0, period_start: new Date(start + k * 30 * DAY).toISOString() },
      ]);
    }
    expect(await months(orderNo)).toHaveLength(1);
    clock.advance(30 * DAY);
    await race(member);
    expect(await balance(user.id)).toBe(1200);
    expect((await vipInfo(member)).isVip).toBe(false);
  });
});
