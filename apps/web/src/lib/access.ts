import { adminPermissions, roleCan } from '@huijing/contracts';
import type { AdminPermission, AdminRole } from '@huijing/contracts';

/**
 * Route access of spec §3: every route names an access key; a route is inaccessible when that
 * key's permission is false or missing; a menu parent is hidden when all its children are.
 */

export const accessNames = [
  'public',
  'isSignedIn',
  'canSeeTestTools',
  'canAdmin',
  'canManageAdmins',
] as const;
/** One access name per admin permission (the server's matrix in contracts, spec §6). */
export type AdminAccessName = `admin:${AdminPermission}`;
export const adminAccess = (permission: AdminPermission): AdminAccessName => `admin:${permission}`;
export type AccessName = (typeof accessNames)[number] | AdminAccessName;

/** Keys map to booleans or to functions of the route (spec §6). */
export type AccessMap = Partial<Record<string, boolean | ((path?: string) => boolean)>>;

export interface AccessInput {
  user?: { isTestUser: boolean } | null;
  admin?: { role: AdminRole } | null;
}

export const computeAccess = ({ user, admin }: AccessInput): Record<AccessName, boolean> => ({
  public: true,
  isSignedIn: Boolean(user),
  canSeeTestTools: Boolean(user?.isTestUser),
  canAdmin: Boolean(admin),
  canManageAdmins: roleCan(admin?.role, 'admins.manage'),
  ...(Object.fromEntries(
    adminPermissions.map((p) => [adminAccess(p), roleCan(admin?.role, p)]),
  ) as Record<AdminAccessName, boolean>),
});

/** Which sign-in an access key presupposes: the guard offers that sign-in when it is missing. */
export const accessRealm: Record<AccessName, 'none' | 'user' | 'admin'> = {
  public: 'none',
  isSignedIn: 'user',
  canSeeTestTools: 'user',
  canAdmin: 'admin',
  canManageAdmins: 'admin',
  ...(Object.fromEntries(adminPermissions.map((p) => [adminAccess(p), 'admin'])) as Record<
    AdminAccessName,
    'admin'
  >),
};

export const isAccessible = (
  access: AccessMap,
  name: string | undefined,
  path?: string,
): boolean => {
  if (!name) return false;
  const permission = access[name];
  if (typeof permission === 'function') return permission(path) === true;
  return permission === true;
};

export interface MenuNode {
  key: string;
  access?: string;
  path?: string;
  children?: MenuNode[];
}

/**
 * Keeps what the viewer may open. A leaf needs its own permission; a parent with children is
 * shown when at least one child survives (its own access, if named, must also pass).
 */
export const filterMenu = <T extends MenuNode>(items: readonly T[], access: AccessMap): T[] =>
  items.flatMap((item) => {
    if (item.children && item.children.length > 0) {
      if (item.access !== undefined && !isAccessible(access, item.access, item.path)) return [];
      const children = filterMenu(item.children, access);
      return children.length > 0 ? [{ ...item, children }] : [];
    }
    return isAccessible(access, item.access, item.path) ? [item] : [];
  });
