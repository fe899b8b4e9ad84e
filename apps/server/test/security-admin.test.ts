import { afterAll, beforeAll, expect, it } from 'vitest';
import { ADMIN_LOCKOUT } from '../src/modules/admin/admin.service';
import { buildTestApp, describeEachDatabase, expectError, uniqueIp } from './helper';
import type { TestApp } from './helper';

// Security review findings 5 and 7: each test replays the attack and shows it fails.
const ROOT = { username: 'root', password: 'root-password-2026' };

describeEachDatabase('admin accounts under attack', (target) => {
  let t: TestApp;
  let rootToken: string;
  beforeAll(async () => {
    t = await buildTestApp({
      target,
      env: { ADMIN_USERNAME: ROOT.username, ADMIN_PASSWORD: ROOT.password },
    });
    rootToken = (await login(ROOT.username, ROOT.password, uniqueIp())).json().data.token;
  });
  afterAll(() => t.close());

  const login = (username: string, password: string, ip: string) =>
    t.app.inject({
      method: 'POST',
      url: '/api/user/manage/login',
      payload: { username, password },
      remoteAddress: ip,
    });
  const call = (method: 'GET' | 'POST' | 'DELETE', url: string, payload?: object) =>
    t.app.inject({
      method,
      url: `/api/user/manage${url}`,
      headers: { satoken: rootToken },
      ...(payload && { payload }),
    });
  let seq = 0;
  const createAdmin = async (role: 'super' | 'operator', username = `sec${++seq}x`) => {
    const password = `password-${seq}-long-enough`;
    const res = await call('POST', '/account', {
      username,
      password,
      displayName: `管理员 ${seq}`,
      role,
    });
    expect(res.statusCode, res.body).toBe(200);
    return { id: res.json().data.accountId as string, username, password };
  };
  const activeSupers = async () =>
    (
      await t.container.database.db
        .selectFrom('admin_accounts')
        .select('id')
        .where('role', '=', 'super')
        .where('disabled_at', 'is', null)
        .execute()
    ).length;

  it('100 parallel wrong passwords: at most 5 are checked and the account ends locked', async () => {
    const ops = await createAdmin('operator');
    const results = await Promise.all(
      Array.from({ length: 100 }, () => login(ops.username, 'wrong-password!!', uniqueIp())),
    );
    const codes = results.map((r) => (r.json() as { code: number }).code);
    // Only the first maxFailures attempts ever reach the password check.
    expect(codes.filter((c) => c === 40102).length).toBeLessThan(ADMIN_LOCKOUT.maxFailures);
    expect(codes.filter((c) => c === 42300).length).toBeGreaterThan(
      100 - ADMIN_LOCKOUT.maxFailures,
    );
    // The right password is refused afterwards: the account is locked.
    expectError(await login(ops.username, ops.password, uniqueIp()), 'ADMIN_LOCKED');
  });

  it('counts failures per address too: a spray of usernames from one host locks that host', async () => {
    const ops = await createAdmin('operator');
    const ip = uniqueIp();
    await Promise.all(
      Array.from({ length: ADMIN_LOCKOUT.maxFailuresPerIp }, (_, i) =>
        login(`nobody${i}`, 'wrong-password!!', ip),
      ),
    );
    expectError(await login(ops.username, ops.password, ip), 'ADMIN_LOCKED');
    // Another address is not affected, and a success there does not unlock the sprayer.
    expect((await login(ops.username, ops.password, uniqueIp())).statusCode).toBe(200);
    expectError(await login('nobody-else', 'wrong-password!!', ip), 'ADMIN_LOCKED');
  });

  it('two parallel changes can never disable or delete the last super admins', async () => {
    // Disable: root and a second super disable each other's account at the same moment.
    const second = await createAdmin('super');
    const rootId = (await call('GET', '/page/account?keyword=root')).json().data.list[0]
      .accountId as string;
    const [a, b] = await Promise.all([
      call('POST', `/account/${rootId}`, { disabled: true }),
      call('POST', `/account/${second.id}`, { disabled: true }),
    ]);
    expect([a.statusCode, b.statusCode].sort()).toEqual([200, 409]);
    expect(await activeSupers()).toBe(1);
  });

  it('two parallel deletes can never remove the last super admins', async () => {
    const token = await freshRoot();
    const [x, y] = [await createAdminAs(token, 'super'), await createAdminAs(token, 'super')];
    // Leave exactly x and y as the enabled supers: disable the acting root last, through x.
    const xToken = (await login(x.username, x.password, uniqueIp())).json().data.token as string;
    const ids = (
      await t.container.database.db
        .selectFrom('admin_accounts')
        .select('id')
        .where('role', '=', 'super')
        .where('disabled_at', 'is', null)
        .where('id', 'not in', [x.id, y.id])
        .execute()
    ).map((r) => r.id);
    for (const id of ids) {
      const res = await asAdmin(xToken, 'POST', `/account/${id}`, { disabled: true });
      expect(res.statusCode, res.body).toBe(200);
    }
    const [a, b] = await Promise.all([
      asAdmin(xToken, 'DELETE', `/account/${x.id}`),
      asAdmin(xToken, 'DELETE', `/account/${y.id}`),
    ]);
    expect([a.statusCode, b.statusCode].sort()).toEqual([200, 409]);
    expect(await activeSupers()).toBe(1);
  });

  const asAdmin = (token: string, method: 'POST' | 'DELETE', url: string, payload?: object) =>
    t.app.inject({
      method,
      url: `/api/user/manage${url}`,
      headers: { satoken: token },
      ...(payload && { payload }),
    });
  const createAdminAs = async (token: string, role: 'super' | 'operator') => {
    const username = `sec${++seq}x`;
    const password = `password-${seq}-long-enough`;
    const res = await asAdmin(token, 'POST', '/account', {
      username,
      password,
      displayName: `管理员 ${seq}`,
      role,
    });
    expect(res.statusCode, res.body).toBe(200);
    return { id: res.json().data.accountId as string, username, password };
  };
  /** A super admin token that still works after the previous test disabled one of the two. */
  const freshRoot = async () => {
    const row = await t.container.database.db
      .selectFrom('admin_accounts')
      .select('username')
      .where('role', '=', 'super')
      .where('disabled_at', 'is', null)
      .executeTakeFirstOrThrow();
    const password = row.username === ROOT.username ? ROOT.password : undefined;
    if (password) return (await login(row.username, password, uniqueIp())).json().data.token;
    const seqOf = Number(/sec(\d+)x/.exec(row.username)?.[1]);
    return (await login(row.username, `password-${seqOf}-long-enough`, uniqueIp())).json().data
      .token as string;
  };

  it('admin usernames are unique whatever their letter case', async () => {
    const token = await freshRoot();
    const first = await createAdminAs(token, 'operator');
    const clash = await asAdmin(token, 'POST', '/account', {
      username: first.username.toUpperCase(),
      password: 'another-long-password',
      displayName: '冒名者',
      role: 'super',
    });
    expectError(clash, 'ADMIN_USERNAME_TAKEN');
    // Signing in with another case finds the same account.
    const res = await login(first.username.toUpperCase(), first.password, uniqueIp());
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.account.username).toBe(first.username);
  });
});
