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
export type AccessName = (typeof accessNames)[number];

/** Keys map to booleans or to functions of the route (spec §6). */
export type AccessMap = Partial<Record<string, boolean | ((path?: string) => boolean)>>;

export interface AccessInput {
  user?: { isTestUser: boolean } | null;
  admin?: { role: 'super' | 'operator' } | null;
}

export const computeAccess = ({ user, admin }: AccessInput): Record<AccessName, boolean> => ({
  public: true,
  isSignedIn: Boolean(user),
  canSeeTestTools: Boolean(user?.isTestUser),
  canAdmin: Boolean(admin),
  canManageAdmins: admin?.role === 'super',
});

/** Which sign-in an access key presupposes: the guard offers that sign-in when it is missing. */
export const accessRealm: Record<AccessName, 'none' | 'user' | 'admin'> = {
  public: 'none',
  isSignedIn: 'user',
  canSeeTestTools: 'user',
  canAdmin: 'admin',
  canManageAdmins: 'admin',
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
