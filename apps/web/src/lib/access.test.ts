import { describe, expect, it } from 'vitest';
import { computeAccess, filterMenu, isAccessible, type MenuNode } from './access';

describe('computeAccess', () => {
  it('grants nothing but public pages to a signed-out visitor', () => {
    const access = computeAccess({});
    expect(Object.entries(access).filter(([, allowed]) => allowed)).toEqual([['public', true]]);
    // Every admin permission of the matrix has its own key, and each is off.
    expect(access['admin:orders.refund']).toBe(false);
    expect(access.canAdmin).toBe(false);
  });

  it('derives user and admin permissions independently', () => {
    const user = computeAccess({ user: { isTestUser: true } });
    expect(user.isSignedIn && user.canSeeTestTools).toBe(true);
    expect(user.canAdmin).toBe(false);
    expect(computeAccess({ user: { isTestUser: false } }).canSeeTestTools).toBe(false);
    const operator = computeAccess({ admin: { role: 'operator' } });
    expect([operator.canAdmin, operator.canManageAdmins, operator.isSignedIn]).toEqual([
      true,
      false,
      false,
    ]);
    expect(computeAccess({ admin: { role: 'super' } }).canManageAdmins).toBe(true);
  });
});

describe('isAccessible (spec §3)', () => {
  const access = { a: true, b: false, c: (path?: string) => path === '/ok' };

  it('is inaccessible when the permission is false, missing or the name absent', () => {
    expect(isAccessible(access, 'a')).toBe(true);
    expect(isAccessible(access, 'b')).toBe(false);
    expect(isAccessible(access, 'nope')).toBe(false);
    expect(isAccessible(access, undefined)).toBe(false);
  });

  it('calls function permissions with the path', () => {
    expect(isAccessible(access, 'c', '/ok')).toBe(true);
    expect(isAccessible(access, 'c', '/other')).toBe(false);
  });
});

describe('filterMenu', () => {
  const menu: MenuNode[] = [
    { key: 'home', access: 'public' },
    {
      key: 'admin',
      children: [
        { key: 'accounts', access: 'canAdmin' },
        { key: 'settings', access: 'canManageAdmins' },
      ],
    },
    { key: 'mine', access: 'isSignedIn' },
    { key: 'orphan' },
  ];

  it('hides a parent when all of its children are hidden', () => {
    const keys = filterMenu(menu, computeAccess({})).map((m) => m.key);
    expect(keys).toEqual(['home']);
  });

  it('keeps a parent with only its visible children', () => {
    const [, admin] = filterMenu(menu, computeAccess({ admin: { role: 'operator' } }));
    expect(admin?.key).toBe('admin');
    expect(admin?.children?.map((c) => c.key)).toEqual(['accounts']);
  });

  it('hides a parent whose own permission fails even if children pass', () => {
    const guarded: MenuNode[] = [{ key: 'p', access: 'b', children: [{ key: 'x', access: 'a' }] }];
    expect(filterMenu(guarded, { a: true, b: false })).toEqual([]);
  });
});
