import { afterAll, beforeAll, expect, it } from 'vitest';
import { DAY, SECOND } from '../src/config/clock';
import { sha256Hex } from '../src/modules/auth/secrets';
import {
  buildTestApp,
  captureLogs,
  describeEachDatabase,
  expectError,
  fakeClock,
  lastCodeFor,
  smsLogin,
  uniquePhone,
} from './helper';
import type { FakeClock, TestApp } from './helper';

describeEachDatabase('user sessions', (target) => {
  let t: TestApp;
  let clock: FakeClock;
  beforeAll(async () => {
    clock = fakeClock();
    t = await buildTestApp({ target, now: clock.now });
  });
  afterAll(() => t.close());

  const me = (token?: string, how: 'header' | 'query' = 'header') =>
    t.app.inject({
      url: how === 'query' && token ? `/api/user/userInfo?satoken=${token}` : '/api/user/userInfo',
      headers: how === 'header' && token ? { satoken: token } : {},
    });

  it('accepts the token from the satoken header, never from the query', async () => {
    const { token, user } = await smsLogin(t);
    expect(token).toMatch(/^hju_[A-Za-z0-9_-]{43}$/);
    expect((await me(token)).json().data.id).toBe(user.id);
    // A link (or an embedded image) with ?satoken= must not act as its owner on the API.
    expectError(await me(token, 'query'), 'UNAUTHORIZED');
    const other = await smsLogin(t);
    const both = await t.app.inject({
      url: `/api/user/userInfo?satoken=${other.token}`,
      headers: { satoken: token },
    });
    expect(both.json().data.id).toBe(user.id);
  });

  it('answers 401 without a token or with an unknown one', async () => {
    expectError(await me(), 'UNAUTHORIZED');
    expectError(await me('hju_not-a-real-token'), 'UNAUTHORIZED');
    expectError(await me('garbage'), 'UNAUTHORIZED');
  });

  it('stores only a hash of the token', async () => {
    const { token, user } = await smsLogin(t);
    const rows = await t.container.database.db
      .selectFrom('sessions')
      .select('token_hash')
      .where('subject_id', '=', user.id)
      .execute();
    expect(rows.map((r) => r.token_hash)).toEqual([sha256Hex(token)]);
  });

  it.each([
    ['GET', '/api/user/logout'],
    ['POST', '/api/logout/invalidateSession'],
  ] as const)('%s %s ends the session: the token is 401 on every node', async (method, url) => {
    const { token, phone } = await smsLogin(t);
    clock.advance(61 * SECOND);
    const other = await smsLogin(t, phone);
    const res = await t.app.inject({ method, url, headers: { satoken: token } });
    expect(res.json()).toMatchObject({ success: true, code: 0, data: null });
    expectError(await me(token), 'SESSION_EXPIRED');
    // A second server on the same database knows at once.
    const node2 = await buildTestApp({ target, dataDir: t.dataDir, now: clock.now });
    try {
      const res2 = await node2.app.inject({
        url: '/api/user/userInfo',
        headers: { satoken: token },
      });
      expectError(res2, 'SESSION_EXPIRED');
    } finally {
      await node2.app.close();
      await node2.container.close();
    }
    // The user's other device stays signed in; logging out again is harmless.
    expect((await me(other.token)).statusCode).toBe(200);
    expect((await t.app.inject({ method, url, headers: { satoken: token } })).statusCode).toBe(200);
  });

  it('expires a session after 30 days', async () => {
    const { token } = await smsLogin(t);
    clock.advance(30 * DAY - SECOND);
    expect((await me(token)).statusCode).toBe(200);
    clock.advance(SECOND);
    expectError(await me(token), 'SESSION_EXPIRED');
  });

  it('keeps 12 devices per user and signs out the oldest', async () => {
    // The first device signs in by SMS; the others through the same session service every
    // login path ends in (the SMS send limits would stop 13 SMS logins in one day).
    const first = await smsLogin(t);
    const user = await t.container.users.requireUser(first.user.id);
    const tokens = [first.token];
    for (let i = 0; i < 12; i++) {
      clock.advance(SECOND);
      tokens.push((await t.container.login.startSession(user, false, {})).token);
    }
    expect(new Set(tokens).size).toBe(13);
    expectError(await me(tokens[0]), 'SESSION_EXPIRED');
    for (const token of tokens.slice(1)) expect((await me(token)).statusCode).toBe(200);
  });

  it('a login always keeps its own session, even when earlier ones tie on the same instant', async () => {
    // The clock stands still: 20 logins share one created_at, and only their random ids differ.
    const first = await smsLogin(t);
    const user = await t.container.users.requireUser(first.user.id);
    for (let i = 0; i < 20; i++) {
      const { token } = await t.container.login.startSession(user, false, {});
      expect((await me(token)).statusCode).toBe(200);
    }
  });

  it('ends every session of a disabled user and refuses new logins', async () => {
    const first = await smsLogin(t);
    clock.advance(61 * SECOND);
    const second = await smsLogin(t, first.phone);
    await t.container.users.setDisabled(first.user.id, true);
    expectError(await me(first.token), 'SESSION_EXPIRED');
    expectError(await me(second.token), 'SESSION_EXPIRED');
    clock.advance(61 * SECOND);
    await t.app.inject({
      method: 'POST',
      url: '/api/user/p1/sms/send',
      payload: { phoneNo: first.phone },
    });
    const code = await lastCodeFor(t.dataDir, first.phone);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/user/p1/sms/login',
      payload: { phoneNo: first.phone, verifyCode: code },
    });
    expectError(res, 'ACCOUNT_DISABLED');
    await t.container.users.setDisabled(first.user.id, false);
    clock.advance(61 * SECOND);
    expect((await smsLogin(t, first.phone)).user.id).toBe(first.user.id);
  });
});

describeEachDatabase('nothing personal in the logs', (target) => {
  it('never logs the code, the token or the full phone through send, login and use', async () => {
    const logs = captureLogs();
    const t = await buildTestApp({ target, logStream: logs.stream });
    try {
      const phone = uniquePhone();
      const { token } = await smsLogin(t, phone);
      await t.app.inject({ url: `/api/user/userInfo?satoken=${token}` });
      await t.app.inject({ url: '/api/user/userInfo', headers: { satoken: token } });
      await t.app.inject({ url: '/api/user/logout', headers: { satoken: token } });
      const code = await lastCodeFor(t.dataDir, phone);
      const text = logs.text();
      expect(text).toContain('SMS code written to the outbox');
      expect(text).toContain(`${phone.slice(0, 3)}****${phone.slice(7)}`);
      expect(text).not.toContain(phone);
      expect(text).not.toContain(token);
      expect(text).not.toContain(token.slice(4));
      expect(text).not.toMatch(new RegExp(`(?<!\\d)${code}(?!\\d)`));
    } finally {
      await t.close();
    }
  });
});
