import sharp from 'sharp';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { DAY, SECOND } from '../src/config/clock';
import {
  buildTestApp,
  describeEachDatabase,
  expectError,
  fakeClock,
  lastCodeFor,
  smsLogin,
  uniqueIp,
  uniquePhone,
} from './helper';
import type { FakeClock, TestApp } from './helper';

describeEachDatabase('the signed-in user', (target) => {
  let t: TestApp;
  let clock: FakeClock;
  beforeAll(async () => {
    clock = fakeClock();
    t = await buildTestApp({ target, now: clock.now });
  });
  afterAll(() => t.close());

  const get = (url: string, token?: string) =>
    t.app.inject({ url, headers: token ? { satoken: token } : {} });
  const post = (url: string, token: string, payload: unknown) =>
    t.app.inject({ method: 'POST', url, headers: { satoken: token }, payload: payload as object });

  /** A WeChat-created account (no phone), signed in. */
  const wechatUser = async () => {
    const { user } = await t.container.users.findOrCreateByOpenid(`openid-${uniquePhone()}`);
    return t.container.login.startSession(user, true, {});
  };

  it('returns userInfo with the phone masked', async () => {
    const { token, phone, user } = await smsLogin(t);
    const res = await get('/api/user/userInfo', token);
    expect(res.json().data).toEqual({
      id: user.id,
      nickname: `绘境用户${phone.slice(-4)}`,
      avatarUrl: null,
      phone: `${phone.slice(0, 3)}****${phone.slice(7)}`,
      userType: 'personal',
      isTestUser: false,
      profession: null,
      interests: [],
      wechatBound: false,
      needsInterests: true,
      createdAt: clock.now().toISOString(),
    });
  });

  it('answers 401 on every user call without a session', async () => {
    for (const url of [
      '/api/user/userInfo',
      '/api/user/getVipInfo',
      '/api/ai/totalTicket?type=1',
    ]) {
      expectError(await get(url), 'UNAUTHORIZED');
    }
    for (const url of ['/api/user/v1/user/edit', '/api/user/v1/user/bindPhone']) {
      expectError(await t.app.inject({ method: 'POST', url, payload: {} }), 'UNAUTHORIZED');
    }
  });

  it('validates the ticket type', async () => {
    const { token } = await smsLogin(t);
    expectError(await get('/api/ai/totalTicket?type=5', token), 'VALIDATION_FAILED');
    expectError(await get('/api/ai/totalTicket', token), 'VALIDATION_FAILED');
  });

  it('reports VIP tier, expiry and benefits from the settings', async () => {
    const { token, user } = await smsLogin(t);
    expect((await get('/api/user/getVipInfo', token)).json().data).toEqual({
      isVip: false,
      level: 'none',
      tier: 'none',
      tierName: '普通用户',
      expiresAt: null,
      perks: { priorityQueue: false, training: false, monthlyTickets: {}, nextAllowanceAt: null },
      benefits: ['注册赠送渲染次数', '标准排队'],
    });
    const until = new Date(clock.now().getTime() + 10 * DAY).toISOString();
    await t.container.users.setVip(user.id, 'svip', until);
    const vip = (await get('/api/user/getVipInfo', token)).json().data;
    expect(vip).toMatchObject({
      isVip: true,
      tier: 'svip',
      tierName: 'SVIP 会员',
      expiresAt: until,
    });
    expect(vip.benefits).toContain('专属客服');
    clock.advance(10 * DAY);
    expect((await get('/api/user/getVipInfo', token)).json().data.tier).toBe('none');
  });

  it('edits nickname, profession, type and interests', async () => {
    const { token } = await smsLogin(t);
    const res = await post('/api/user/v1/user/edit', token, {
      nickname: ' 小绘 ',
      profession: '室内设计师',
      userType: 'designer',
      interests: ['家装', '建筑'],
    });
    expect(res.json().data).toMatchObject({
      nickname: '小绘',
      profession: '室内设计师',
      userType: 'designer',
      interests: ['家装', '建筑'],
      needsInterests: false,
    });
    expectError(await post('/api/user/v1/user/edit', token, { nickname: '' }), 'VALIDATION_FAILED');
  });

  it('re-encodes an uploaded avatar to WebP of at most 512×512 and serves it', async () => {
    const { token } = await smsLogin(t);
    const png = await sharp({
      create: { width: 1200, height: 800, channels: 3, background: '#c0ffee' },
    })
      .png()
      .toBuffer();
    const res = await post('/api/user/v1/user/edit', token, {
      avatar: `data:image/png;base64,${png.toString('base64')}`,
    });
    const url = res.json().data.avatarUrl as string;
    expect(url).toMatch(/^\/api\/user\/avatar\/[A-Za-z0-9_-]+\.webp$/);
    const image = await t.app.inject({ url });
    expect(image.statusCode).toBe(200);
    expect(image.headers['content-type']).toBe('image/webp');
    const meta = await sharp(image.rawPayload).metadata();
    expect(meta).toMatchObject({ format: 'webp', width: 512, height: 341 });
    expectError(
      await t.app.inject({ url: '/api/user/avatar/..%2F..%2Fetc.webp' }),
      'RESOURCE_NOT_FOUND',
    );
  });

  it('refuses an avatar that is not really a JPEG, PNG or WebP', async () => {
    const { token } = await smsLogin(t);
    const fake = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script/></svg>');
    for (const avatar of [
      `data:image/png;base64,${fake.toString('base64')}`,
      'data:image/gif;base64,R0lGODlhAQABAAAAACw=',
      'not a data url',
    ]) {
      expectError(await post('/api/user/v1/user/edit', token, { avatar }), 'AVATAR_INVALID');
    }
  });

  const sendBindCode = async (phone: string) => {
    clock.advance(61 * SECOND);
    await t.app.inject({
      method: 'POST',
      url: '/api/user/p1/sms/send',
      payload: { phoneNo: phone, purpose: 'bindPhone' },
      remoteAddress: uniqueIp(),
    });
    return lastCodeFor(t.dataDir, phone, 'bindPhone');
  };

  it('binds a verified phone to a WeChat-created account', async () => {
    const { token, user } = await wechatUser();
    expect(user).toMatchObject({ phone: null, wechatBound: true });
    const phone = uniquePhone();
    const code = await sendBindCode(phone);
    expectError(
      await post('/api/user/v1/user/bindPhone', token, {
        phoneNo: phone,
        verifyCode: '000000' === code ? '111111' : '000000',
      }),
      'CODE_INVALID',
    );
    const res = await post('/api/user/v1/user/bindPhone', token, {
      phoneNo: phone,
      verifyCode: code,
    });
    expect(res.json().data.phone).toBe(`${phone.slice(0, 3)}****${phone.slice(7)}`);
    // The phone now signs in to the same account.
    clock.advance(61 * SECOND);
    expect((await smsLogin(t, phone)).user.id).toBe(user.id);
  });

  it('refuses a phone that belongs to another account, and a second phone', async () => {
    const taken = await smsLogin(t);
    const { token } = await wechatUser();
    const code = await sendBindCode(taken.phone);
    expectError(
      await post('/api/user/v1/user/bindPhone', token, { phoneNo: taken.phone, verifyCode: code }),
      'PHONE_TAKEN',
    );
    const phone = uniquePhone();
    const own = await sendBindCode(phone);
    expectError(
      await post('/api/user/v1/user/bindPhone', taken.token, { phoneNo: phone, verifyCode: own }),
      'PHONE_ALREADY_BOUND',
    );
    // A login code does not bind a phone (purpose binding).
    const login = await smsLogin(t);
    expect(login.isNewUser).toBe(true);
  });
});

describeEachDatabase('test login', (target) => {
  it('signs in a flagged test user only when TEST_LOGIN=on', async () => {
    const on = await buildTestApp({ target, env: { TEST_LOGIN: 'on' } });
    try {
      const first = (await on.app.inject({ url: '/api/test/testlogin' })).json().data;
      expect(first).toMatchObject({
        isNewUser: true,
        user: { isTestUser: true, nickname: '测试用户' },
      });
      const again = (await on.app.inject({ url: '/api/test/testlogin' })).json().data;
      expect(again).toMatchObject({ isNewUser: false, user: { id: first.user.id } });
      const me = await on.app.inject({
        url: '/api/user/userInfo',
        headers: { satoken: again.token },
      });
      expect(me.json().data.isTestUser).toBe(true);
      expect(await on.container.tickets.balance(first.user.id, 3)).toBe(20);
    } finally {
      await on.close();
    }
    const off = await buildTestApp({ target });
    try {
      expectError(await off.app.inject({ url: '/api/test/testlogin' }), 'NOT_FOUND');
    } finally {
      await off.close();
    }
  });
});

describeEachDatabase('face verification (simulator)', (target) => {
  it('starts a check, lets the simulator settle it once, and shows the result to its owner only', async () => {
    const clock = fakeClock();
    const t = await buildTestApp({ target, now: clock.now });
    try {
      const owner = await smsLogin(t);
      const stranger = await smsLogin(t);
      const started = await t.app.inject({
        method: 'POST',
        url: '/api/user/face/start',
        headers: { satoken: owner.token },
      });
      const { verifyId, url } = started.json().data;
      expect(url).toBe(`/api/user/face/simulator?verifyId=${verifyId}`);
      const result = (token: string) =>
        t.app.inject({
          url: `/api/user/face/result?verifyId=${verifyId}`,
          headers: { satoken: token },
        });
      expect((await result(owner.token)).json().data).toEqual({ status: 'pending' });
      expectError(await result(stranger.token), 'RESOURCE_NOT_FOUND');
      expect((await t.app.inject({ url })).body).toContain('通过');
      const settle = (value: string) =>
        t.app.inject({
          method: 'POST',
          url: '/api/user/face/simulator',
          headers: { 'content-type': 'application/x-www-form-urlencoded' },
          payload: `verifyId=${verifyId}&result=${value}`,
        });
      expect((await settle('passed')).body).toContain('已提交');
      expect((await settle('failed')).body).toContain('核验已结束');
      expect((await result(owner.token)).json().data).toEqual({ status: 'passed' });

      const late = (
        await t.app.inject({
          method: 'POST',
          url: '/api/user/face/start',
          headers: { satoken: owner.token },
        })
      ).json().data;
      clock.advance(10 * 60 * SECOND);
      const lateResult = await t.app.inject({
        url: `/api/user/face/result?verifyId=${late.verifyId}`,
        headers: { satoken: owner.token },
      });
      expect(lateResult.json().data).toEqual({ status: 'expired' });
      expectError(
        await t.app.inject({ method: 'POST', url: '/api/user/face/start' }),
        'UNAUTHORIZED',
      );
    } finally {
      await t.close();
    }
  });
});
