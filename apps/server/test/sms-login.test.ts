import { errorCatalogue } from '@huijing/contracts';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { MINUTE, SECOND } from '../src/config/clock';
import {
  buildTestApp,
  describeEachDatabase,
  expectError,
  fakeClock,
  lastCodeFor,
  readOutbox,
  smsLogin,
  uniqueIp,
  uniquePhone,
} from './helper';
import type { FakeClock, TestApp } from './helper';

describeEachDatabase('SMS sign-in', (target) => {
  let t: TestApp;
  let clock: FakeClock;
  beforeAll(async () => {
    clock = fakeClock();
    t = await buildTestApp({ target, now: clock.now });
  });
  afterAll(() => t.close());

  const send = (phoneNo: string, ip = uniqueIp(), extra: Record<string, unknown> = {}) =>
    t.app.inject({
      method: 'POST',
      url: '/api/user/p1/sms/send',
      payload: { phoneNo, ...extra },
      remoteAddress: ip,
    });
  const login = (phoneNo: string, verifyCode: string, extra: Record<string, unknown> = {}) =>
    t.app.inject({
      method: 'POST',
      url: '/api/user/p1/sms/login',
      payload: { phoneNo, verifyCode, ...extra },
      remoteAddress: uniqueIp(),
    });
  const wrongCode = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, '0');

  it('sends a 6-digit code to the outbox and says when to resend', async () => {
    const phone = uniquePhone();
    const res = await send(`+86 ${phone.slice(0, 3)} ${phone.slice(3, 7)} ${phone.slice(7)}`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      success: true,
      code: 0,
      message: '发送成功',
      data: { resendAfterSeconds: 60 },
    });
    const line = (await readOutbox(t.dataDir)).find((l) => l.phone === phone);
    expect(line).toMatchObject({ phone, purpose: 'login', at: clock.now().toISOString() });
    expect(line?.code).toMatch(/^\d{6}$/);
  });

  it.each(['12800138000', '1380013800', '+1 4155550100', 'abc', ''])(
    'refuses the non-mainland number %j with a Chinese message',
    async (phoneNo) => {
      const body = expectError(await send(phoneNo), 'PHONE_INVALID');
      expect(body.message).toMatch(/手机号/);
    },
  );

  it('answers the same whether or not the phone has an account', async () => {
    const registered = (await smsLogin(t)).phone;
    clock.advance(61 * SECOND);
    const a = (await send(registered)).json();
    const b = (await send(uniquePhone())).json();
    delete a.requestId;
    delete b.requestId;
    expect(a).toEqual(b);
  });

  it('creates the user on first login with source, invite code and signup tickets', async () => {
    const source = { keyWord: '效果图', plan: 'p1', source: 'baidu', unit: 'u7' };
    const first = await smsLogin(t, uniquePhone(), { source, inviteCode: 'INV42', type: 2 });
    expect(first.isNewUser).toBe(true);
    expect(first.user.phone).toMatch(/^1\d{2}\*{4}\d{4}$/);
    expect(await t.container.users.signupAttribution(first.user.id)).toEqual({
      source,
      inviteCode: 'INV42',
    });
    const balances: number[] = [];
    for (const type of [1, 2, 3, 4]) {
      const res = await t.app.inject({
        url: `/api/ai/totalTicket?type=${type}`,
        headers: { satoken: first.token },
      });
      expect(res.statusCode).toBe(200);
      balances.push(res.json().data);
    }
    expect(balances).toEqual([10, 3, 20, 1]);

    clock.advance(61 * SECOND);
    const again = await smsLogin(t, first.phone, { source: { keyWord: 'other' } });
    expect(again.isNewUser).toBe(false);
    expect(again.user.id).toBe(first.user.id);
    expect(again.token).not.toBe(first.token);
    // Attribution is kept as first seen and the grant is not repeated.
    expect((await t.container.users.signupAttribution(first.user.id))?.source).toEqual(source);
    expect(await t.container.tickets.balance(first.user.id, 1)).toBe(10);
  });

  it('kills the code after 5 wrong tries', async () => {
    const phone = uniquePhone();
    await send(phone);
    const code = await lastCodeFor(t.dataDir, phone);
    for (let i = 1; i <= 4; i++) {
      const body = expectError(await login(phone, wrongCode(code)), 'CODE_INVALID');
      expect(body.data).toEqual({ attemptsLeft: 5 - i });
    }
    expectError(await login(phone, wrongCode(code)), 'CODE_EXHAUSTED');
    expectError(await login(phone, code), 'CODE_INVALID');
  });

  it('accepts a code for 5 minutes only', async () => {
    const phone = uniquePhone();
    await send(phone);
    const code = await lastCodeFor(t.dataDir, phone);
    clock.advance(5 * MINUTE);
    expectError(await login(phone, code), 'CODE_INVALID');
  });

  it('accepts a code just before it expires, and only once', async () => {
    const phone = uniquePhone();
    await send(phone);
    const code = await lastCodeFor(t.dataDir, phone);
    clock.advance(5 * MINUTE - SECOND);
    expect((await login(phone, code)).statusCode).toBe(200);
    expectError(await login(phone, code), 'CODE_INVALID');
  });

  it('binds a code to its phone and purpose', async () => {
    const phone = uniquePhone();
    await send(phone, uniqueIp(), { purpose: 'bindPhone' });
    const code = await lastCodeFor(t.dataDir, phone, 'bindPhone');
    expectError(await login(phone, code), 'CODE_INVALID');
    expectError(await login(uniquePhone(), code), 'CODE_INVALID');
  });

  it('replaces an earlier code with a newer one', async () => {
    const phone = uniquePhone();
    await send(phone);
    const first = await lastCodeFor(t.dataDir, phone);
    clock.advance(61 * SECOND);
    await send(phone);
    const second = await lastCodeFor(t.dataDir, phone);
    if (first !== second) expectError(await login(phone, first), 'CODE_INVALID');
    expect((await login(phone, second)).statusCode).toBe(200);
  });

  it('refuses a resend within 60 seconds and allows it after', async () => {
    const phone = uniquePhone();
    expect((await send(phone)).statusCode).toBe(200);
    clock.advance(59 * SECOND);
    const body = expectError(await send(phone), 'SMS_TOO_FREQUENT');
    expect(body.data).toEqual({ resendAfterSeconds: 1 });
    clock.advance(SECOND);
    expect((await send(phone)).statusCode).toBe(200);
  });

  it('refuses the 6th send within an hour', async () => {
    const phone = uniquePhone();
    for (let i = 0; i < 5; i++) {
      expect((await send(phone)).statusCode).toBe(200);
      clock.advance(61 * SECOND);
    }
    expectError(await send(phone), 'SMS_HOURLY_LIMIT');
    clock.advance(60 * MINUTE - 5 * 61 * SECOND + SECOND);
    expect((await send(phone)).statusCode).toBe(200);
  });

  it('refuses the 11th send within a day', async () => {
    const phone = uniquePhone();
    for (let hour = 0; hour < 2; hour++) {
      for (let i = 0; i < 5; i++) {
        expect((await send(phone)).statusCode).toBe(200);
        clock.advance(61 * SECOND);
      }
      clock.advance(60 * MINUTE);
    }
    expectError(await send(phone), 'SMS_DAILY_LIMIT');
    clock.advance(24 * 60 * MINUTE);
    expect((await send(phone)).statusCode).toBe(200);
  });

  it('requires the agreement and keeps the code usable when it is missing', async () => {
    const phone = uniquePhone();
    await send(phone);
    const code = await lastCodeFor(t.dataDir, phone);
    expectError(await login(phone, code, { agreement: false }), 'AGREEMENT_REQUIRED');
    expect((await login(phone, code)).statusCode).toBe(200);
  });

  it('explains a malformed code in Chinese', async () => {
    const body = expectError(await login(uniquePhone(), '12ab'), 'CODE_INVALID');
    expect(body.message).toBe('请输入 6 位数字验证码');
  });

  it('gives exactly one session to 200 concurrent logins with the same code', async () => {
    const phone = uniquePhone();
    await send(phone);
    const code = await lastCodeFor(t.dataDir, phone);
    const results = await Promise.all(Array.from({ length: 200 }, () => login(phone, code)));
    const okCount = results.filter((r) => r.statusCode === 200).length;
    expect(okCount).toBe(1);
    for (const r of results.filter((x) => x.statusCode !== 200)) expectError(r, 'CODE_INVALID');
    const userId = results.find((r) => r.statusCode === 200)!.json().data.user.id as string;
    expect(await t.container.sessions.countActive('user', userId)).toBe(1);
  });
});

describeEachDatabase('SMS limits per address and provider failures', (target) => {
  it('refuses an address past its hourly limit', async () => {
    const t = await buildTestApp({
      target,
      env: { SMS_IP_HOURLY_LIMIT: '3', SMS_IP_CAPTCHA_AFTER: '10' },
    });
    try {
      const send = () =>
        t.app.inject({
          method: 'POST',
          url: '/api/user/p1/sms/send',
          payload: { phoneNo: uniquePhone() },
          remoteAddress: '203.0.113.9',
        });
      for (let i = 0; i < 3; i++) expect((await send()).statusCode).toBe(200);
      const body = expectError(await send(), 'SMS_IP_LIMIT');
      expect(body.message).toBe(errorCatalogue.SMS_IP_LIMIT.message);
    } finally {
      await t.close();
    }
  });

  it('answers 502 when the provider fails and leaves no usable code', async () => {
    let lastCode = '';
    const t = await buildTestApp({
      target,
      smsProvider: {
        name: 'aliyun',
        send: async ({ code }) => {
          lastCode = code;
          throw new Error(`isv.BUSINESS_LIMIT_CONTROL for code ${code}`);
        },
      },
    });
    try {
      const phone = uniquePhone();
      const sent = await t.app.inject({
        method: 'POST',
        url: '/api/user/p1/sms/send',
        payload: { phoneNo: phone },
      });
      expectError(sent, 'SMS_SEND_FAILED');
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/user/p1/sms/login',
        payload: { phoneNo: phone, verifyCode: lastCode },
      });
      expectError(res, 'CODE_INVALID');
    } finally {
      await t.close();
    }
  });
});
