import { afterAll, beforeAll, expect, it } from 'vitest';
import { HOUR, MINUTE, SECOND } from '../src/config/clock';
import { buildTestApp, describeEachDatabase, expectError, fakeClock, smsLogin } from './helper';
import type { FakeClock, TestApp } from './helper';

const ROOT = { username: 'root', password: 'root-password-2026' };

describeEachDatabase('admin accounts', (target) => {
  let t: TestApp;
  let clock: FakeClock;
  let rootToken: string;
  beforeAll(async () => {
    clock = fakeClock();
    t = await buildTestApp({
      target,
      now: clock.now,
      env: { ADMIN_USERNAME: ROOT.username, ADMIN_PASSWORD: ROOT.password },
    });
    rootToken = (await login(ROOT.username, ROOT.password)).json().data.token;
  });
  afterAll(() => t.close());

  const login = (username: string, password: string, headers: Record<string, string> = {}) =>
    t.app.inject({
      method: 'POST',
      url: '/api/user/manage/login',
      payload: { username, password },
      headers,
    });
  const call = (method: 'GET' | 'POST' | 'DELETE', url: string, token?: string, payload?: object) =>
    t.app.inject({
      method,
      url: `/api/user/manage${url}`,
      headers: token ? { satoken: token } : {},
      ...(payload && { payload }),
    });
  let seq = 0;
  const createAdmin = async (role: 'super' | 'operator' = 'operator') => {
    const username = `ops${++seq}x`;
    const password = `password-${seq}-long-enough`;
    const res = await call('POST', '/account', rootToken, {
      username,
      password,
      displayName: `运营 ${seq}`,
      role,
    });
    expect(res.statusCode, res.body).toBe(200);
    const token = (await login(username, password)).json().data.token as string;
    return { id: res.json().data.accountId as string, username, password, token };
  };

  it('bootstraps the first super admin once and stores an argon2id hash', async () => {
    const row = await t.container.database.db
      .selectFrom('admin_accounts')
      .select(['role', 'password_hash'])
      .where('username', '=', ROOT.username)
      .executeTakeFirstOrThrow();
    expect(row.role).toBe('super');
    expect(row.password_hash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    expect(await t.container.prepareDatabase()).not.toHaveProperty('bootstrapAdmin');
  });

  it('logs in with username and password and returns an admin token', async () => {
    const res = await login(ROOT.username, ROOT.password);
    expect(res.json().data).toMatchObject({
      token: expect.stringMatching(/^hja_/),
      account: { username: 'root', role: 'super', disabled: false },
    });
    expectError(await login(ROOT.username, 'wrong-password!'), 'ADMIN_BAD_CREDENTIALS');
    expectError(await login('nobody-here', 'wrong-password!'), 'ADMIN_BAD_CREDENTIALS');
  });

  it('locks a username for 15 minutes after 5 failures, known or not', async () => {
    const ops = await createAdmin();
    for (const name of [ops.username, 'ghost-user']) {
      for (let i = 0; i < 4; i++)
        expectError(await login(name, 'bad-password!!'), 'ADMIN_BAD_CREDENTIALS');
      expectError(await login(name, 'bad-password!!'), 'ADMIN_LOCKED');
    }
    // Even the right password is refused while locked.
    expectError(await login(ops.username, ops.password), 'ADMIN_LOCKED');
    clock.advance(15 * MINUTE - SECOND);
    expectError(await login(ops.username, ops.password), 'ADMIN_LOCKED');
    clock.advance(SECOND);
    expect((await login(ops.username, ops.password)).statusCode).toBe(200);
  });

  it('forgets failures older than the window', async () => {
    const ops = await createAdmin();
    for (let i = 0; i < 4; i++) await login(ops.username, 'bad-password!!');
    clock.advance(16 * MINUTE);
    expectError(await login(ops.username, 'bad-password!!'), 'ADMIN_BAD_CREDENTIALS');
    expect((await login(ops.username, ops.password)).statusCode).toBe(200);
  });

  it('creates, reads, pages, searches, updates and deletes accounts', async () => {
    const a = await createAdmin();
    const got = await call('GET', `/account/${a.id}`, rootToken);
    expect(got.json().data).toMatchObject({
      accountId: a.id,
      username: a.username,
      role: 'operator',
    });
    expect(got.body).not.toMatch(/argon2|password/);

    const page = (await call('GET', '/page/account?page=1&pageSize=2', rootToken)).json().data;
    expect(page).toMatchObject({ page: 1, pageSize: 2 });
    expect(page.list).toHaveLength(2);
    expect(page.total).toBeGreaterThanOrEqual(2);
    const search = (
      await call('GET', `/page/account?keyword=${a.username.toUpperCase()}`, rootToken)
    ).json().data;
    expect(search.list.map((x: { accountId: string }) => x.accountId)).toEqual([a.id]);

    expectError(
      await call('POST', '/account', rootToken, {
        username: a.username,
        password: 'another-password',
        displayName: 'dup',
      }),
      'ADMIN_USERNAME_TAKEN',
    );
    expectError(
      await call('POST', '/account', rootToken, {
        username: 'short',
        password: 'short',
        displayName: 'x',
      }),
      'VALIDATION_FAILED',
    );

    const updated = await call('POST', `/account/${a.id}`, rootToken, {
      displayName: '新名字',
      role: 'super',
    });
    expect(updated.json().data).toMatchObject({ displayName: '新名字', role: 'super' });

    expect((await call('DELETE', `/account/${a.id}`, rootToken)).json()).toMatchObject({ code: 0 });
    expectError(await call('GET', `/account/${a.id}`, rootToken), 'RESOURCE_NOT_FOUND');
    expectError(await call('GET', '/page/account', a.token), 'SESSION_EXPIRED');
  });

  it('lets only a super admin manage accounts', async () => {
    const ops = await createAdmin('operator');
    const calls = [
      call('GET', '/page/account', ops.token),
      call('POST', '/account', ops.token, {
        username: 'sneaky1',
        password: 'x'.repeat(12),
        displayName: 'x',
      }),
      call('GET', `/account/${ops.id}`, ops.token),
      call('POST', `/account/${ops.id}`, ops.token, { role: 'super' }),
      call('DELETE', `/account/${ops.id}`, ops.token),
    ];
    for (const res of await Promise.all(calls)) expectError(res, 'ADMIN_ONLY_SUPER');
    // A promotion takes effect on the next request (the role is read per request).
    await call('POST', `/account/${ops.id}`, rootToken, { role: 'super' });
    expect((await call('GET', '/page/account', ops.token)).statusCode).toBe(200);
  });

  it('gives a normal user 403 on every /api/user/manage call', async () => {
    const { token } = await smsLogin(t);
    const ops = await createAdmin();
    const responses = [
      await login(ROOT.username, ROOT.password, { satoken: token }),
      await call('GET', '/page/account', token),
      await call('POST', '/account', token, {
        username: 'userhack',
        password: 'x'.repeat(12),
        displayName: 'x',
      }),
      await call('GET', `/account/${ops.id}`, token),
      await call('POST', `/account/${ops.id}`, token, { disabled: true }),
      await call('DELETE', `/account/${ops.id}`, token),
    ];
    for (const res of responses) expectError(res, 'FORBIDDEN');
    expectError(await call('GET', '/page/account'), 'UNAUTHORIZED');
  });

  it('never accepts a user token as an admin token or the reverse', async () => {
    const user = await smsLogin(t);
    // An admin token is no user session.
    expectError(
      await t.app.inject({ url: '/api/user/userInfo', headers: { satoken: rootToken } }),
      'UNAUTHORIZED',
    );
    expectError(
      await t.app.inject({ url: '/api/ai/totalTicket?type=1', headers: { satoken: rootToken } }),
      'UNAUTHORIZED',
    );
    // Even with the prefix swapped, the session kind is checked too.
    const swapped = `hja_${user.token.slice(4)}`;
    expectError(await call('GET', '/page/account', swapped), 'UNAUTHORIZED');
    const swappedBack = `hju_${rootToken.slice(4)}`;
    expectError(
      await t.app.inject({ url: '/api/user/userInfo', headers: { satoken: swappedBack } }),
      'UNAUTHORIZED',
    );
  });

  it('ends the sessions of a disabled admin and refuses their login', async () => {
    const ops = await createAdmin('super');
    await call('POST', `/account/${ops.id}`, rootToken, { disabled: true });
    expectError(await call('GET', '/page/account', ops.token), 'SESSION_EXPIRED');
    expectError(await login(ops.username, ops.password), 'ADMIN_BAD_CREDENTIALS');
    await call('POST', `/account/${ops.id}`, rootToken, { disabled: false });
    expect((await login(ops.username, ops.password)).statusCode).toBe(200);
  });

  it('keeps at least one enabled super admin', async () => {
    const extra = await createAdmin('super');
    // With two supers, one may step down.
    expect(
      (await call('POST', `/account/${extra.id}`, rootToken, { role: 'operator' })).statusCode,
    ).toBe(200);
    const supers = (await call('GET', '/page/account?pageSize=100', rootToken))
      .json()
      .data.list.filter(
        (a: { role: string; disabled: boolean }) => a.role === 'super' && !a.disabled,
      );
    for (const s of supers.filter((x: { username: string }) => x.username !== ROOT.username)) {
      await call('POST', `/account/${s.accountId}`, rootToken, { role: 'operator' });
    }
    const rootId = (await call('GET', `/page/account?keyword=${ROOT.username}`, rootToken)).json()
      .data.list[0].accountId as string;
    expectError(
      await call('POST', `/account/${rootId}`, rootToken, { role: 'operator' }),
      'ADMIN_LAST_SUPER',
    );
    expectError(
      await call('POST', `/account/${rootId}`, rootToken, { disabled: true }),
      'ADMIN_LAST_SUPER',
    );
    expectError(await call('DELETE', `/account/${rootId}`, rootToken), 'ADMIN_LAST_SUPER');
    expect((await call('GET', `/account/${rootId}`, rootToken)).json().data.role).toBe('super');
  });

  it('expires admin sessions after 12 hours', async () => {
    const ops = await createAdmin('super');
    clock.advance(12 * HOUR);
    expectError(await call('GET', '/page/account', ops.token), 'SESSION_EXPIRED');
    rootToken = (await login(ROOT.username, ROOT.password)).json().data.token;
  });
});
