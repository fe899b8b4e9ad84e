import { describe, expect, it } from 'vitest';
import { createSafeStorage, storage, storageKeys } from './storage-keys';

describe('storage keys', () => {
  it('names every key of spec §3', () => {
    expect(storageKeys).toMatchObject({
      satoken: 'satoken',
      cookies: 'cookies',
      subUUID: 'subUUID',
      lingganUUID: 'lingganUUID',
      source: 'source',
      loginPhone: 'loginPhone',
      inviteCode: 'inviteCode',
      userType: 'userType',
      userInfo: 'userInfo',
      defaultCollect: 'defaultCollect',
      loginAccountId: 'loginAccountId',
    });
    expect(storageKeys.redirect).toBeTruthy();
    expect(storageKeys.loginToken).toBeTruthy();
    expect(storageKeys.personalCenterPage).toBeTruthy();
    expect(new Set(Object.values(storageKeys)).size).toBe(Object.values(storageKeys).length);
  });
});

describe('safe storage', () => {
  it('round-trips JSON values', () => {
    storage.set(storageKeys.source, { keyWord: '效果图', unit: 'u1' });
    expect(storage.get(storageKeys.source)).toEqual({ keyWord: '效果图', unit: 'u1' });
    storage.set(storageKeys.satoken, 'abc');
    expect(window.localStorage.getItem('satoken')).toBe('"abc"');
    expect(storage.get(storageKeys.satoken)).toBe('abc');
    storage.remove(storageKeys.satoken);
    expect(storage.get(storageKeys.satoken)).toBeUndefined();
  });

  it('reads plain strings written by other code', () => {
    window.localStorage.setItem('loginPhone', '13800000000x');
    expect(storage.get(storageKeys.loginPhone)).toBe('13800000000x');
  });

  it('tolerates blocked storage', () => {
    const throwing = {
      getItem: () => {
        throw new Error('SecurityError');
      },
      setItem: () => {
        throw new Error('QuotaExceededError');
      },
      removeItem: () => {
        throw new Error('SecurityError');
      },
    } as unknown as Storage;
    const blocked = createSafeStorage(() => throwing);
    expect(blocked.get(storageKeys.userInfo)).toBeUndefined();
    expect(blocked.set(storageKeys.userInfo, { a: 1 })).toBe(false);
    expect(() => blocked.remove(storageKeys.userInfo)).not.toThrow();
    const missing = createSafeStorage(() => {
      throw new Error('denied');
    });
    expect(missing.get(storageKeys.satoken)).toBeUndefined();
    expect(missing.set(storageKeys.satoken, 'x')).toBe(false);
  });
});
