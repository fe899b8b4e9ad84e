import { afterEach, describe, expect, it } from 'vitest';
import { fail, fakeApi, ok, resetFakeApi } from '../test/fake-api';
import { fetchCurrentUser } from './session';
import { storage, storageKeys } from './storage-keys';

const user = {
  id: 'u1',
  nickname: '设计师小林',
  avatarUrl: null,
  phone: '138****8000',
  userType: 'designer',
  isTestUser: false,
  profession: null,
  interests: [],
  wechatBound: false,
  needsInterests: false,
  createdAt: '2026-01-01T00:00:00.000Z',
};
const vip = {
  isVip: true,
  level: 'vip',
  tier: 'vip',
  tierName: 'VIP 会员',
  expiresAt: null,
  perks: {
    priorityQueue: true,
    training: true,
    monthlyTickets: { '1': 300 },
    nextAllowanceAt: null,
  },
  benefits: [],
};

afterEach(resetFakeApi);

describe('fetchCurrentUser (spec §4 startup)', () => {
  it('makes no request at all without a stored token', async () => {
    const api = fakeApi({});
    expect(await fetchCurrentUser()).toBeNull();
    expect(api.calls).toHaveLength(0);
  });

  it('merges userInfo and getVipInfo', async () => {
    storage.set(storageKeys.satoken, 'hju_x');
    const api = fakeApi({
      'GET /user/userInfo': () => ok(user),
      'GET /user/getVipInfo': () => ok(vip),
    });
    expect(await fetchCurrentUser()).toEqual({ ...user, vip });
    expect(api.calls.every((c) => c.headers.satoken === 'hju_x')).toBe(true);
  });

  it('drops a rejected token silently and stays signed out', async () => {
    storage.set(storageKeys.satoken, 'hju_old');
    const api = fakeApi({
      'GET /user/userInfo': () => fail(401, 40101, '登录已过期，请重新登录'),
      'GET /user/getVipInfo': () => fail(401, 40101, '登录已过期，请重新登录'),
    });
    expect(await fetchCurrentUser()).toBeNull();
    expect(storage.get(storageKeys.satoken)).toBeUndefined();
    expect(api.notes).not.toHaveBeenCalled();
  });

  it('keeps the token but no user when the server fails otherwise', async () => {
    storage.set(storageKeys.satoken, 'hju_x');
    fakeApi({
      'GET /user/userInfo': () => fail(500, 50000, '服务器开小差了'),
      'GET /user/getVipInfo': () => ok(vip),
    });
    expect(await fetchCurrentUser()).toBeNull();
    expect(storage.get(storageKeys.satoken)).toBe('hju_x');
  });
});
