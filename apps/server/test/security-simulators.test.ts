import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EnvError, loadEnv } from '../src/config/env';
import { checkSimulators } from '../src/config/simulators';
import { WX_QR_PER_MINUTE } from '../src/modules/wechat/wechat.routes';
import { buildTestApp, captureLogs, expectError, makeTempDir, uniqueIp } from './helper';
import type { TestApp } from './helper';

// Security review finding 6 and the WeChat items of 7: each test replays the attack.
const ALIYUN = {
  SMS_PROVIDER: 'aliyun',
  ALIYUN_SMS_ACCESS_KEY_ID: 'id',
  ALIYUN_SMS_ACCESS_KEY_SECRET: 'secret',
  ALIYUN_SMS_SIGN_NAME: '绘境',
  ALIYUN_SMS_TEMPLATE_CODE: 'SMS_1',
};
const problemsOf = (source: Record<string, string>) => {
  try {
    checkSimulators(loadEnv(source, { cwd: '/srv' }));
    return [];
  } catch (err) {
    if (err instanceof EnvError) return err.problems;
    throw err;
  }
};

describe('development simulators', () => {
  it('are on in development and named by the boot banner', async () => {
    const env = loadEnv({}, { cwd: '/srv' });
    expect(env.simulators).toEqual({ enabled: true, forced: false });
    expect(env.wechat.provider).toBe('simulator');
    expect(checkSimulators(env)).toMatch(/SMS outbox.*WeChat QR simulator.*face verification/);
    const logs = captureLogs();
    const t = await buildTestApp({ logStream: logs.stream });
    await t.close();
    expect(logs.text()).toMatch(/development simulators ON/);
  });

  it('are off in production: the outbox refuses to boot, WeChat QR is off', () => {
    expect(problemsOf({ NODE_ENV: 'production' })).toEqual([
      expect.stringMatching(/^SMS_PROVIDER: set aliyun or tencent/),
    ]);
    expect(problemsOf({ NODE_ENV: 'production', ...ALIYUN, WECHAT_PROVIDER: 'simulator' })).toEqual(
      [expect.stringMatching(/^WECHAT_PROVIDER: set mp or off/)],
    );
    const env = loadEnv({ NODE_ENV: 'production', ...ALIYUN }, { cwd: '/srv' });
    expect(env.wechat.provider).toBe('off');
    expect(checkSimulators(env)).toBeUndefined();
    // Explicitly forced on, they run (on loopback).
    const forced = loadEnv({ NODE_ENV: 'production', SIMULATORS: 'on' }, { cwd: '/srv' });
    expect(forced.wechat.provider).toBe('simulator');
    expect(checkSimulators(forced)).toMatch(/SMS outbox/);
  });

  it('are refused at boot when the server listens beyond loopback, unless forced', async () => {
    for (const HOST of ['0.0.0.0', '::', '192.168.1.20']) {
      expect(problemsOf({ HOST })).toEqual([expect.stringMatching(/^SIMULATORS: .*HOST=/)]);
    }
    for (const HOST of ['127.0.0.1', '::1', 'localhost']) expect(problemsOf({ HOST })).toEqual([]);
    expect(problemsOf({ HOST: '0.0.0.0', SIMULATORS: 'force' })).toEqual([]);
    // Real providers only: nothing to refuse.
    expect(
      problemsOf({ HOST: '0.0.0.0', NODE_ENV: 'production', ...ALIYUN, WECHAT_PROVIDER: 'off' }),
    ).toEqual([]);
    // The container refuses to build for an HTTP role, before touching the database.
    const dataDir = await makeTempDir();
    await expect(buildTestApp({ dataDir, env: { HOST: '0.0.0.0' } })).rejects.toThrow(/SIMULATORS/);
  });

  it('refuse the test login and the payment sandbox beyond loopback, naming each variable', async () => {
    const production = {
      NODE_ENV: 'production',
      ...ALIYUN,
      TEST_LOGIN: 'on',
      PAYMENT_SANDBOX: 'on',
    };
    expect(problemsOf({ ...production, HOST: '0.0.0.0' })).toEqual([
      expect.stringMatching(/^TEST_LOGIN: test login .*HOST=0\.0\.0\.0.*TEST_LOGIN=off/),
      expect.stringMatching(
        /^PAYMENT_SANDBOX: payment sandbox .*HOST=0\.0\.0\.0.*PAYMENT_SANDBOX=off/,
      ),
    ]);
    expect(problemsOf({ ...production, HOST: '0.0.0.0', PAYMENT_SANDBOX: 'off' })).toEqual([
      expect.stringMatching(/^TEST_LOGIN: /),
    ]);
    expect(problemsOf({ ...production, HOST: '10.0.0.5', TEST_LOGIN: 'off' })).toEqual([
      expect.stringMatching(/^PAYMENT_SANDBOX: /),
    ]);
    expect(problemsOf({ ...production, HOST: '0.0.0.0', SIMULATORS: 'force' })).toEqual([]);
    const dataDir = await makeTempDir();
    await expect(
      buildTestApp({ dataDir, env: { ...production, HOST: '0.0.0.0' } }),
    ).rejects.toThrow(/TEST_LOGIN: .*PAYMENT_SANDBOX: /s);
    // On loopback (npm start, the browser flows) both keep working.
    for (const HOST of ['127.0.0.1', '::1', 'localhost']) {
      expect(problemsOf({ ...production, HOST })).toEqual([]);
    }
    const t = await buildTestApp({ env: { ...production, HOST: '127.0.0.1' } });
    try {
      expect((await t.app.inject({ url: '/api/test/testlogin' })).json().data.token).toBeTruthy();
    } finally {
      await t.close();
    }
  });

  describe('with the simulators off', () => {
    let t: TestApp;
    beforeAll(async () => {
      t = await buildTestApp({ env: { NODE_ENV: 'production', ...ALIYUN } });
    });
    afterAll(() => t.close());

    it('has no WeChat or face simulator pages and no WeChat QR login', async () => {
      expectError(await t.app.inject({ url: '/api/wx/simulator?sceneId=x' }), 'NOT_FOUND');
      expectError(
        await t.app.inject({ method: 'POST', url: '/api/wx/simulator/confirm', payload: {} }),
        'NOT_FOUND',
      );
      expectError(await t.app.inject({ url: '/api/user/face/simulator?verifyId=x' }), 'NOT_FOUND');
      expectError(await t.app.inject({ url: '/api/wx/getQRCode' }), 'WECHAT_UNAVAILABLE');
      const { user } = await t.container.users.findOrCreateTestUser();
      const token = await t.container.sessions.issue('user', user.id);
      expectError(
        await t.app.inject({
          method: 'POST',
          url: '/api/user/face/start',
          headers: { satoken: token },
        }),
        'FACE_UNAVAILABLE',
      );
    });
  });
});

describe('WeChat QR login hardening', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp({ env: { PUBLIC_BASE_URL: 'https://huijing.example.com/' } });
  });
  afterAll(() => t.close());

  const getQr = (headers: Record<string, string> = {}, remoteAddress = uniqueIp()) =>
    t.app.inject({ url: '/api/wx/getQRCode', headers, remoteAddress });
  const binderOf = (res: { headers: Record<string, unknown> }) =>
    String(res.headers['set-cookie']).split(';')[0]!;

  it('accepts only binder cookies it issued (no fixation)', async () => {
    // The attacker plants a binder of their choosing in the victim's browser…
    const planted = `hj_wx=${'A'.repeat(43)}`;
    const victim = await getQr({ cookie: planted });
    // …the server replaces it, and the planted value cannot poll the victim's scene.
    expect(binderOf(victim)).not.toBe(planted);
    const sceneId = victim.json().data.sceneId as string;
    const poll = (cookie: string) =>
      t.app.inject({ url: `/api/wx/cheakScan?sceneId=${sceneId}`, headers: { cookie } });
    expectError(await poll(planted), 'RESOURCE_NOT_FOUND');
    expect((await poll(binderOf(victim))).json().data.status).toBe('waiting');
    // A forged signature is no better than none.
    const [token] = binderOf(victim).slice('hj_wx='.length).split('.');
    expectError(await poll(`hj_wx=${token}.${'x'.repeat(43)}`), 'RESOURCE_NOT_FOUND');
    expect(binderOf(await getQr({ cookie: `hj_wx=${token}.forged` }))).not.toContain(token);
  });

  it('builds QR links from PUBLIC_BASE_URL, never from the Host header', async () => {
    const res = await getQr({ host: 'evil.example', 'x-forwarded-host': 'evil.example' });
    const { simulatorUrl, sceneId } = res.json().data;
    expect(simulatorUrl).toBe(`https://huijing.example.com/api/wx/simulator?sceneId=${sceneId}`);
  });

  it('rate-limits getQRCode per address with a Chinese message', async () => {
    const ip = uniqueIp();
    for (let i = 0; i < WX_QR_PER_MINUTE; i++) expect((await getQr({}, ip)).statusCode).toBe(200);
    const refused = expectError(await getQr({}, ip), 'WECHAT_QR_TOO_FREQUENT');
    expect(refused.message).toMatch(/频繁/);
    expect((await getQr({}, uniqueIp())).statusCode).toBe(200);
  });
});
