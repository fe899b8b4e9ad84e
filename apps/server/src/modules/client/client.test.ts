import { afterAll, beforeAll, expect, it } from 'vitest';
import { buildTestApp, describeEachDatabase, expectError, smsLogin } from '../../../test/helper';
import type { TestApp } from '../../../test/helper';

const ROOT = { username: 'root', password: 'root-password-2026' };

const windows = {
  platform: 'windows',
  version: '1.4.2',
  url: 'https://dl.example.com/huijing-1.4.2.exe',
  releasedAt: '2026-03-01',
  sizeBytes: 88_000_000,
  notes: '批量渲染队列\n修复截图联动',
  requirements: 'Windows 10 及以上',
};
const mac = { platform: 'macos', version: '1.4.0', url: '/downloads/huijing-1.4.0.dmg' };

describeEachDatabase('client downloads (the client.downloads setting)', (target) => {
  let t: TestApp;
  let admin: string;
  beforeAll(async () => {
    t = await buildTestApp({
      target,
      env: { ADMIN_USERNAME: ROOT.username, ADMIN_PASSWORD: ROOT.password },
    });
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/user/manage/login',
      payload: ROOT,
    });
    admin = res.json().data.token as string;
  });
  afterAll(() => t.close());

  const publicList = async () =>
    (await t.app.inject({ method: 'GET', url: '/api/client/downloads' })).json().data as {
      releases: { platform: string; version: string }[];
    };
  const publish = (token: string | undefined, releases: unknown) =>
    t.app.inject({
      method: 'POST',
      url: '/api/user/manage/client/downloads',
      payload: { releases },
      headers: token ? { satoken: token } : {},
    });

  it('publishes nothing by default, then what an admin publishes (Windows first)', async () => {
    expect(await publicList()).toEqual({ releases: [] });
    const res = await publish(admin, [mac, windows]);
    expect(res.statusCode, res.body).toBe(200);
    const list = await publicList();
    expect(list.releases.map((r) => r.platform)).toEqual(['windows', 'macos']);
    expect(list.releases[0]).toEqual(windows);
    // Taking every build down is an empty list again.
    expect((await publish(admin, [])).statusCode).toBe(200);
    expect(await publicList()).toEqual({ releases: [] });
  });

  it('only admins publish; bad entries are refused with Chinese reasons', async () => {
    expectError(await publish(undefined, [windows]), 'UNAUTHORIZED');
    const { token } = await smsLogin(t);
    const asUser = await publish(token, [windows]);
    expect([401, 403]).toContain(asUser.statusCode);
    const twice = expectError(await publish(admin, [windows, windows]), 'VALIDATION_FAILED');
    expect(JSON.stringify(twice.data)).toContain('每个平台只能发布一个版本');
    const badUrl = expectError(
      await publish(admin, [{ ...mac, url: 'javascript:alert(1)' }]),
      'VALIDATION_FAILED',
    );
    expect(JSON.stringify(badUrl.data)).toContain('下载地址');
    expect(await publicList()).toEqual({ releases: [] });
  });
});
