import { QueryClient } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { adminSessionStore } from '../../../lib/admin-session';
import { pageNavigation } from '../../../lib/page-navigation';
import { sessionKeys } from '../../../lib/session';
import { storageKeys } from '../../../lib/storage-keys';
import { fail, fakeApi, ok, resetFakeApi } from '../../../test/fake-api';
import { logout } from './logout';

afterEach(() => {
  resetFakeApi();
  vi.restoreAllMocks();
});

const seed = () => {
  for (const key of Object.values(storageKeys))
    localStorage.setItem(key, JSON.stringify(`v-${key}`));
};

const cleared = [
  'satoken',
  'loginToken',
  'redirectUrl',
  'userInfo',
  'userType',
  'loginPhone',
  'loginAccountId',
  'adminToken',
  'adminAccount',
  'personalCenterPage',
];

describe('logout (spec §4)', () => {
  it('runs the whole chain in order: ends single sign-on, invalidates, logs out', async () => {
    seed();
    const ticket = '/api/cas/v1/tickets/TGT-abcdefghijklmnopqrstuvwxyz012345';
    localStorage.setItem('redirectUrl', JSON.stringify(ticket));
    vi.spyOn(pageNavigation, 'assign').mockImplementation(() => undefined);
    const api = fakeApi({
      [`DELETE ${ticket.replace(/^\/api/, '')}`]: () => ok(null),
      'POST /logout/invalidateSession': () => ok(null),
      'GET /user/logout': () => ok(null),
    });
    await logout(new QueryClient());
    expect(api.calls.map((c) => `${c.method} ${c.path}`)).toEqual([
      `DELETE ${ticket.replace(/^\/api/, '')}`,
      'POST /logout/invalidateSession',
      'GET /user/logout',
    ]);
    expect(api.calls.every((c) => c.headers.satoken === 'v-satoken')).toBe(true);
    expect(localStorage.getItem('redirectUrl')).toBeNull();
    expect(localStorage.getItem('userInfo')).toBeNull();
  });

  it('invalidates the session, clears exactly the login keys and the user, and goes home', async () => {
    seed();
    const assign = vi.spyOn(pageNavigation, 'assign').mockImplementation(() => undefined);
    const api = fakeApi({
      'POST /logout/invalidateSession': () => ok(null),
      'GET /user/logout': () => ok(null),
    });
    const client = new QueryClient();
    client.setQueryData(sessionKeys.currentUser, { id: 'u1' });
    await logout(client);

    const calls = api.callsTo('POST', '/logout/invalidateSession');
    expect(calls).toHaveLength(1);
    expect(calls[0]?.headers.satoken).toBe('v-satoken');
    const left = Object.keys(localStorage).sort();
    const all = Object.values(storageKeys) as string[];
    expect(left).toEqual(all.filter((k) => !cleared.includes(k)).sort());
    expect(left).toEqual([
      'cookies',
      'defaultCollect',
      'guideDone',
      'inviteCode',
      'lingganUUID',
      'silencedNotices',
      'source',
      'subUUID',
      'uuid',
    ]);
    expect(client.getQueryData(sessionKeys.currentUser)).toBeNull();
    expect(adminSessionStore.getState().session).toBeNull();
    expect(assign).toHaveBeenCalledWith('/');
  });

  it('still signs out locally when the server cannot be reached', async () => {
    seed();
    const assign = vi.spyOn(pageNavigation, 'assign').mockImplementation(() => undefined);
    fakeApi({ 'POST /logout/invalidateSession': () => fail(503, 50300, '服务暂时不可用') });
    await logout(new QueryClient());
    expect(localStorage.getItem('satoken')).toBeNull();
    expect(assign).toHaveBeenCalledWith('/');
  });
});
