import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { MINUTE } from '../src/config/clock';
import { wechatSignature } from '../src/providers/wechat/wechat.provider';
import {
  buildTestApp,
  describeEachDatabase,
  expectError,
  fakeClock,
  smsLogin,
  uniqueIp,
} from './helper';
import type { FakeClock, TestApp } from './helper';

const cookieOf = (res: { headers: Record<string, unknown> }): string => {
  const raw = String(res.headers['set-cookie']);
  expect(raw).toMatch(/HttpOnly/);
  expect(raw).toMatch(/SameSite=Lax/);
  return raw.split(';')[0]!;
};

describeEachDatabase('WeChat QR login with the simulator', (target) => {
  let t: TestApp;
  let clock: FakeClock;
  beforeAll(async () => {
    clock = fakeClock();
    t = await buildTestApp({ target, now: clock.now });
  });
  afterAll(() => t.close());

  const newScene = async (cookie?: string) => {
    const res = await t.app.inject({
      url: '/api/wx/getQRCode',
      headers: cookie ? { cookie } : {},
      remoteAddress: uniqueIp(),
    });
    expect(res.statusCode).toBe(200);
    return { data: res.json().data, cookie: cookieOf(res) };
  };
  const poll = (sceneId: string, cookie?: string) =>
    t.app.inject({
      url: `/api/wx/cheakScan?sceneId=${sceneId}`,
      headers: cookie ? { cookie } : {},
    });
  /** Confirms as the account with that phone, or as a new test user when phone is empty. */
  const confirm = (sceneId: string, phone = '') =>
    t.app.inject({
      method: 'POST',
      url: '/api/wx/simulator/confirm',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({ sceneId, phone }).toString(),
    });

  it('walks waiting → scanned → confirmed (with a session, once) → expired', async () => {
    const { data, cookie } = await newScene();
    expect(data).toMatchObject({ provider: 'simulator' });
    expect(data.sceneId).toMatch(/^[A-Za-z0-9_-]{32}$/);
    expect(data.qrImage).toMatch(/^data:image\/png;base64,/);
    // A same-site path (PUBLIC_BASE_URL unset), never built from the Host header.
    expect(data.simulatorUrl).toBe(`/api/wx/simulator?sceneId=${data.sceneId}`);
    expect((await poll(data.sceneId, cookie)).json().data).toEqual({ status: 'waiting' });

    const page = await t.app.inject({ url: `/api/wx/simulator?sceneId=${data.sceneId}` });
    expect(page.headers['content-type']).toMatch(/text\/html/);
    expect(page.body).toContain('新建测试用户');
    expect(page.body).not.toMatch(/<script/i);
    expect((await poll(data.sceneId, cookie)).json().data).toEqual({ status: 'scanned' });

    const done = await confirm(data.sceneId);
    expect(done.body).toContain('已确认登录');
    const confirmed = (await poll(data.sceneId, cookie)).json().data;
    expect(confirmed.status).toBe('confirmed');
    expect(confirmed.login.user).toMatchObject({ wechatBound: true, phone: null });
    const me = await t.app.inject({
      url: '/api/user/userInfo',
      headers: { satoken: confirmed.login.token },
    });
    expect(me.json().data.id).toBe(confirmed.login.user.id);
    // The session is handed out once.
    expect((await poll(data.sceneId, cookie)).json().data).toEqual({ status: 'expired' });
    expect((await confirm(data.sceneId)).body).toContain('确认失败');
  });

  it('confirms as an existing user by phone number, and lists no accounts', async () => {
    const existing = await smsLogin(t);
    const { data, cookie } = await newScene();
    const page = await t.app.inject({ url: `/api/wx/simulator?sceneId=${data.sceneId}` });
    expect(page.body).not.toContain(existing.user.id);
    expect(page.body).not.toContain(existing.phone.slice(-4));
    expect((await confirm(data.sceneId, '13800000000')).body).toContain('没有使用这个手机号的账号');
    await confirm(data.sceneId, existing.phone);
    const res = (await poll(data.sceneId, cookie)).json().data;
    expect(res.login.user.id).toBe(existing.user.id);
  });

  it('binds a scene to the browser that asked for it', async () => {
    const mine = await newScene();
    const other = await newScene();
    expectError(await poll(mine.data.sceneId), 'RESOURCE_NOT_FOUND');
    expectError(await poll(mine.data.sceneId, other.cookie), 'RESOURCE_NOT_FOUND');
    expectError(await poll('not-a-real-scene-id', mine.cookie), 'RESOURCE_NOT_FOUND');
    // The same browser keeps its binder across QR refreshes.
    const again = await newScene(mine.cookie);
    expect(again.cookie).toBe(mine.cookie);
    expect((await poll(mine.data.sceneId, mine.cookie)).json().data.status).toBe('waiting');
  });

  it('expires a scene after 5 minutes', async () => {
    const { data, cookie } = await newScene();
    clock.advance(5 * MINUTE);
    expect((await poll(data.sceneId, cookie)).json().data).toEqual({ status: 'expired' });
    await confirm(data.sceneId);
    expect((await poll(data.sceneId, cookie)).json().data).toEqual({ status: 'expired' });
    const page = await t.app.inject({ url: `/api/wx/simulator?sceneId=${data.sceneId}` });
    expect(page.body).toContain('二维码已失效');
  });

  it('has no Official Account push endpoint', async () => {
    expectError(await t.app.inject({ url: '/api/wx/callback' }), 'NOT_FOUND');
  });
});

/** A local stand-in for api.weixin.qq.com speaking its JSON protocol. */
const fakeWechat = () => {
  const calls: Array<{ path: string; query: URLSearchParams; body: string }> = [];
  let tokenSeq = 0;
  const server = http.createServer((req, res) => {
    let body = '';
    req.on('data', (d: Buffer) => (body += d.toString()));
    req.on('end', () => {
      const url = new URL(req.url ?? '/', 'http://x');
      calls.push({ path: url.pathname, query: url.searchParams, body });
      res.setHeader('content-type', 'application/json');
      if (url.pathname === '/cgi-bin/token') {
        tokenSeq += 1;
        res.end(JSON.stringify({ access_token: `AT${tokenSeq}`, expires_in: 7200 }));
      } else if (url.pathname === '/cgi-bin/qrcode/create') {
        const scene = JSON.parse(body).action_info.scene.scene_str;
        res.end(
          JSON.stringify({
            ticket: `T-${scene}`,
            expire_seconds: 300,
            url: `http://weixin.qq.com/q/${scene}`,
          }),
        );
      } else {
        res.statusCode = 404;
        res.end('{}');
      }
    });
  });
  return {
    calls,
    start: () => new Promise<void>((r) => server.listen(0, '127.0.0.1', () => r())),
    base: () => `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    stop: () => new Promise<void>((r) => server.close(() => r())),
  };
};

describeEachDatabase('WeChat QR login with the Official Account (mp)', (target) => {
  const wx = fakeWechat();
  let t: TestApp;
  let clock: FakeClock;
  const TOKEN = 'push-token-123';
  beforeAll(async () => {
    await wx.start();
    clock = fakeClock();
    t = await buildTestApp({
      target,
      now: clock.now,
      env: {
        WECHAT_PROVIDER: 'mp',
        WECHAT_APP_ID: 'wx-app-id',
        WECHAT_APP_SECRET: 'wx-app-secret',
        WECHAT_TOKEN: TOKEN,
        WECHAT_API_BASE: wx.base(),
      },
    });
  });
  afterAll(async () => {
    await t.close();
    await wx.stop();
  });

  const signed = (nonce = 'n1', timestamp = String(Math.floor(clock.now().getTime() / 1000))) =>
    `signature=${wechatSignature(TOKEN, timestamp, nonce)}&timestamp=${timestamp}&nonce=${nonce}`;
  const push = (query: string, xml: string) =>
    t.app.inject({
      method: 'POST',
      url: `/api/wx/callback?${query}`,
      headers: { 'content-type': 'text/xml' },
      payload: xml,
    });
  const eventXml = (event: string, key: string, openid: string) =>
    `<xml><ToUserName><![CDATA[gh_1]]></ToUserName><FromUserName><![CDATA[${openid}]]></FromUserName>` +
    `<CreateTime>1</CreateTime><MsgType><![CDATA[event]]></MsgType><Event><![CDATA[${event}]]></Event>` +
    `<EventKey><![CDATA[${key}]]></EventKey><Ticket><![CDATA[T]]></Ticket></xml>`;

  const newScene = async () => {
    const res = await t.app.inject({ url: '/api/wx/getQRCode', remoteAddress: uniqueIp() });
    return { data: res.json().data, cookie: cookieOf(res) };
  };
  const poll = (sceneId: string, cookie: string) =>
    t.app.inject({ url: `/api/wx/cheakScan?sceneId=${sceneId}`, headers: { cookie } });

  it('asks WeChat for a temporary QR with the scene and caches the access token', async () => {
    const a = await newScene();
    const b = await newScene();
    expect(a.data.provider).toBe('mp');
    expect(a.data.simulatorUrl).toBeUndefined();
    expect(a.data.qrImage).toMatch(/^data:image\/png;base64,/);
    const tokenCalls = wx.calls.filter((c) => c.path === '/cgi-bin/token');
    expect(tokenCalls).toHaveLength(1);
    expect(Object.fromEntries(tokenCalls[0]!.query)).toEqual({
      grant_type: 'client_credential',
      appid: 'wx-app-id',
      secret: 'wx-app-secret',
    });
    const creates = wx.calls.filter((c) => c.path === '/cgi-bin/qrcode/create');
    expect(creates.map((c) => c.query.get('access_token'))).toEqual(['AT1', 'AT1']);
    expect(JSON.parse(creates[0]!.body)).toEqual({
      expire_seconds: 300,
      action_name: 'QR_STR_SCENE',
      action_info: { scene: { scene_str: a.data.sceneId } },
    });
    expect(JSON.parse(creates[1]!.body).action_info.scene.scene_str).toBe(b.data.sceneId);
  });

  it('answers the server check only with a valid signature', async () => {
    const good = await t.app.inject({ url: `/api/wx/callback?${signed()}&echostr=hello123` });
    expect(good.statusCode).toBe(200);
    expect(good.body).toBe('hello123');
    const bad = await t.app.inject({
      url: `/api/wx/callback?signature=deadbeef&timestamp=1&nonce=n&echostr=hello123`,
    });
    expectError(bad, 'FORBIDDEN');
  });

  it('confirms a scene on a signed SCAN push and creates the user by openid', async () => {
    const { data, cookie } = await newScene();
    const res = await push(signed(), eventXml('SCAN', data.sceneId, 'openid-A'));
    expect(res.body).toBe('success');
    const first = (await poll(data.sceneId, cookie)).json().data;
    expect(first.status).toBe('confirmed');
    expect(first.login.isNewUser).toBe(true);
    expect(first.login.user.wechatBound).toBe(true);

    // The same openid later finds the same user, here through subscribe's qrscene_ prefix.
    const next = await newScene();
    await push(signed('n2'), eventXml('subscribe', `qrscene_${next.data.sceneId}`, 'openid-A'));
    const second = (await poll(next.data.sceneId, next.cookie)).json().data;
    expect(second.login.user.id).toBe(first.login.user.id);
    expect(second.login.isNewUser).toBe(false);
  });

  it('ignores pushes with a bad signature or an old timestamp', async () => {
    const { data, cookie } = await newScene();
    const forged = `signature=${'0'.repeat(40)}&timestamp=${Math.floor(clock.now().getTime() / 1000)}&nonce=n`;
    expectError(await push(forged, eventXml('SCAN', data.sceneId, 'openid-B')), 'FORBIDDEN');
    const stale = signed('n3', String(Math.floor(clock.now().getTime() / 1000) - 600));
    expectError(await push(stale, eventXml('SCAN', data.sceneId, 'openid-B')), 'FORBIDDEN');
    expect((await poll(data.sceneId, cookie)).json().data).toEqual({ status: 'waiting' });
  });

  it('has no simulator', async () => {
    expectError(await t.app.inject({ url: '/api/wx/simulator?sceneId=x' }), 'NOT_FOUND');
  });
});
