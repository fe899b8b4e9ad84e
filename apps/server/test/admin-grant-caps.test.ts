import { afterAll, beforeAll, expect, it } from 'vitest';
import { DAY } from '../src/config/clock';
import { ADMIN_GRANT_CAPS } from '../src/modules/admin/admin-users.service';
import { createAdmin, manageCall, ROOT, rootEnv } from './admin-fixtures';
import {
  adminToken,
  buildTestApp,
  describeEachDatabase,
  expectError,
  fakeClock,
  smsLogin,
} from './helper';
import type { FakeClock, TestApp } from './helper';

/**
 * Admin grants have limits that add up (docs/admin-console.md): per operator and per user over
 * 24 hours, checked inside the grant's transaction, so ten parallel grants cannot all pass.
 */
describeEachDatabase('admin grant caps', (target) => {
  let t: TestApp;
  let clock: FakeClock;
  let call: ReturnType<typeof manageCall>;
  beforeAll(async () => {
    clock = fakeClock();
    t = await buildTestApp({ target, now: clock.now, env: { ...rootEnv, SIGNUP_TICKETS: '1:0' } });
    call = manageCall(t);
  });
  afterAll(async () => {
    await t?.close();
  });

  const root = () => adminToken(t, ROOT);
  const operator = async () => createAdmin(t, await root(), 'operator');
  const give = (token: string, userId: string, delta: number) =>
    call('POST', `/user/${userId}/tickets`, token, { type: 1, delta, reason: '活动补偿' });
  const grantVip = (token: string, userId: string, days: number, tier = 'vip') =>
    call('POST', `/user/${userId}/vip`, token, { tier, days, reason: '合作赠送' });
  const balance = (userId: string) => t.container.tickets.balance(userId, 1);
  const statuses = (rs: { statusCode: number }[]) => rs.map((r) => r.statusCode).sort();

  it('ten parallel grants of 100 to one user: only the per-user cap goes through', async () => {
    const op = await operator();
    const { user } = await smsLogin(t);
    const all = await Promise.all(Array.from({ length: 10 }, () => give(op.token, user.id, 100)));
    const cap = ADMIN_GRANT_CAPS.ticketsPerUserDay;
    expect(statuses(all)).toEqual([
      ...Array(cap / 100).fill(200),
      ...Array(10 - cap / 100).fill(403),
    ]);
    expect(await balance(user.id)).toBe(cap);
    const refused = all.find((r) => r.statusCode === 403)!;
    const body = expectError(refused, 'ADMIN_DAILY_LIMIT');
    expect(body.message).toContain('该用户 24 小时内最多获管理员发放 200 次');
    // Another operator cannot top it up either; removals are not capped.
    expectError(await give((await operator()).token, user.id, 1), 'ADMIN_DAILY_LIMIT');
    expect((await give(op.token, user.id, -50)).statusCode).toBe(200);
    expectError(await give(op.token, user.id, 1), 'ADMIN_DAILY_LIMIT');
    // 24 hours later the window has moved on.
    clock.advance(DAY + 1000);
    const again = await adminToken(t, op);
    expect((await give(again, user.id, 100)).statusCode).toBe(200);
    expect(await balance(user.id)).toBe(cap - 50 + 100);
  });

  it("ten parallel grants to ten users: only the operator's own cap goes through", async () => {
    const op = await operator();
    const users = await Promise.all(Array.from({ length: 10 }, () => smsLogin(t)));
    const all = await Promise.all(users.map(({ user }) => give(op.token, user.id, 100)));
    const cap = ADMIN_GRANT_CAPS.ticketsPerAdminDay;
    expect(statuses(all).filter((s) => s === 200)).toHaveLength(cap / 100);
    const refused = all.filter((r) => r.statusCode === 403);
    expect(refused).toHaveLength(10 - cap / 100);
    expect(expectError(refused[0]!, 'ADMIN_DAILY_LIMIT').message).toContain(
      '你 24 小时内最多发放 500 次',
    );
    let total = 0;
    for (const { user } of users) total += await balance(user.id);
    expect(total).toBe(cap);
  });

  it('a super admin is not capped, nor counted against operators', async () => {
    const token = await root();
    const { user } = await smsLogin(t);
    const all = await Promise.all(Array.from({ length: 10 }, () => give(token, user.id, 100)));
    expect(statuses(all)).toEqual(Array(10).fill(200));
    expect(await balance(user.id)).toBe(1000);
    // What a super admin gave does not use up the operators' allowance for the user.
    expect((await give((await operator()).token, user.id, 100)).statusCode).toBe(200);
  });

  it('VIP days per grant by role, and per user over 24 hours under parallel grants', async () => {
    const op = await operator();
    const { user } = await smsLogin(t);
    const tooLong = expectError(await grantVip(op.token, user.id, 3650), 'ADMIN_VIP_DAYS_LIMIT');
    expect(tooLong.message).toContain('单次最多赠送 31 天会员');
    expectError(await grantVip(op.token, user.id, 32), 'ADMIN_VIP_DAYS_LIMIT');
    expectError(await grantVip(await root(), user.id, 367), 'ADMIN_VIP_DAYS_LIMIT');
    const all = await Promise.all(
      Array.from({ length: 10 }, () => grantVip(op.token, user.id, 31)),
    );
    expect(statuses(all)).toEqual([200, 200, ...Array(8).fill(403)]);
    expectError(
      all.find((r) => r.statusCode === 403)!,
      'ADMIN_DAILY_LIMIT',
    );
    const grants = await t.container.database.db
      .selectFrom('vip_grants')
      .select('vip_days')
      .where('user_id', '=', user.id)
      .execute();
    expect(grants.map((g) => Number(g.vip_days))).toEqual([31, 31]);
    const row = await t.container.database.db
      .selectFrom('users')
      .select('vip_until')
      .where('id', '=', user.id)
      .executeTakeFirstOrThrow();
    expect(row.vip_until).toBe(new Date(clock.now().getTime() + 62 * DAY).toISOString());
    // A super admin grants up to a year at once.
    expect((await grantVip(await root(), user.id, 366, 'svip')).statusCode).toBe(200);
  });

  it("an operator's VIP days over 24 hours are capped across users", async () => {
    const op = await operator();
    const users = await Promise.all(Array.from({ length: 5 }, () => smsLogin(t)));
    const all = await Promise.all(users.map(({ user }) => grantVip(op.token, user.id, 31)));
    expect(statuses(all)).toEqual([200, 200, 200, 403, 403]);
    expect(
      expectError(
        all.find((r) => r.statusCode === 403)!,
        'ADMIN_DAILY_LIMIT',
      ).message,
    ).toContain('你 24 小时内最多赠送 93 天会员');
  });
});
