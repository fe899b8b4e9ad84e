import { afterAll, beforeAll, expect, it } from 'vitest';
import {
  adminToken as loginAdmin,
  rootAdminEnv,
  buildTestApp,
  describeEachDatabase,
  expectError,
  smsLogin,
} from './helper';
import type { TestApp } from './helper';
import { upload } from './task-fixtures';

describeEachDatabase('contact, extension and feedback', (target) => {
  let t: TestApp;
  let adminToken: string;
  beforeAll(async () => {
    t = await buildTestApp({
      target,
      env: rootAdminEnv,
    });
    adminToken = await loginAdmin(t);
  });
  afterAll(() => t.close());

  const info = async () =>
    (await t.app.inject({ method: 'GET', url: '/api/support/info' })).json().data;
  const admin = (method: 'GET' | 'POST', url: string, payload?: object, token = adminToken) =>
    t.app.inject({
      method,
      url: `/api/user/manage${url}`,
      headers: { satoken: token },
      ...(payload && { payload }),
    });
  const feedback = (payload: object, token?: string) =>
    t.app.inject({
      method: 'POST',
      url: '/api/support/feedback',
      payload,
      headers: token ? { satoken: token } : {},
    });

  it('shows working hours and "coming soon" for the extension until an operator sets them', async () => {
    const first = await info();
    expect(first.contact.hours).not.toBe('');
    expect(first.extension.url).toBe('');

    const next = {
      contact: {
        wechatQrUrl: '/brand/kefu.png',
        wechatId: 'huijing-kefu',
        phone: '400-000-0000',
        email: 'help@huijing.example',
        hours: '每天 9:00–21:00',
      },
      extension: { url: 'https://example.com/huijing.crx', version: '1.0.0', store: 'Chrome' },
    };
    const { token } = await smsLogin(t);
    expectError(await admin('POST', '/support/info', next, token), 'FORBIDDEN');
    expect((await admin('POST', '/support/info', next)).statusCode).toBe(200);
    expect(await info()).toEqual(next);

    const evil = { ...next, extension: { ...next.extension, url: '//evil.example/x.crx' } };
    expect((await admin('POST', '/support/info', evil)).statusCode).toBe(400);
    expect((await info()).extension.url).toBe(next.extension.url);
  });

  it('takes feedback from guests and users; only the sender’s own upload may be its screenshot', async () => {
    const a = await smsLogin(t);
    const b = await smsLogin(t);
    const shot = await upload(t, a.token);
    const guest = await feedback({
      category: 'account',
      text: '收不到验证码，怎么办？',
      contact: '微信 abc',
    });
    expect(guest.statusCode, guest.body).toBe(200);

    expectError(
      await feedback({ category: 'bug', text: '别人的截图不能用', screenshot: shot.url }, b.token),
      'FEEDBACK_SCREENSHOT_INVALID',
    );
    const mine = await feedback(
      { category: 'result', text: '渲染结果墙面发灰', screenshot: shot.url, page: '/indoorRender' },
      a.token,
    );
    expect(mine.statusCode, mine.body).toBe(200);
    expect((await feedback({ category: 'bug', text: '短' }, a.token)).statusCode).toBe(400);
    expect((await feedback({ category: 'nope', text: '类型不对的反馈' }, a.token)).statusCode).toBe(
      400,
    );

    const list = await admin('GET', '/page/feedback?status=open');
    expect(list.statusCode, list.body).toBe(200);
    const items = list.json().data.list as {
      id: string;
      text: string;
      screenshotUrl: string | null;
      user: { id: string } | null;
    }[];
    const fromA = items.find((i) => i.text === '渲染结果墙面发灰')!;
    expect(fromA.user?.id).toBe(a.user.id);
    expect(fromA.screenshotUrl).toMatch(/^\/api\/files\//);
    expect(items.find((i) => i.text === '收不到验证码，怎么办？')?.user).toBeNull();

    expect((await admin('POST', `/feedback/${fromA.id}/answer`, { answer: '' })).statusCode).toBe(
      400,
    );
    expect(
      (await admin('POST', `/feedback/${fromA.id}/answer`, { answer: '已修复，请重试' }))
        .statusCode,
    ).toBe(200);
    expectError(
      await admin('POST', '/feedback/nope/answer', { answer: 'x' }),
      'FEEDBACK_NOT_FOUND',
    );

    const seen = await t.app.inject({
      method: 'GET',
      url: '/api/support/feedback/mine',
      headers: { satoken: a.token },
    });
    expect(seen.json().data.list[0]).toMatchObject({
      status: 'answered',
      answer: '已修复，请重试',
    });
    const others = await t.app.inject({
      method: 'GET',
      url: '/api/support/feedback/mine',
      headers: { satoken: b.token },
    });
    expect(others.json().data.total).toBe(0);
  });

  it('limits one sender to 5 messages a minute', async () => {
    const { token } = await smsLogin(t);
    for (let i = 0; i < 5; i++) {
      expect(
        (await feedback({ category: 'other', text: `第 ${i} 条建议内容` }, token)).statusCode,
      ).toBe(200);
    }
    expectError(
      await feedback({ category: 'other', text: '第六条建议内容' }, token),
      'FEEDBACK_TOO_FREQUENT',
    );
  });
});
