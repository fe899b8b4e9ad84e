import { roleCan } from '@huijing/contracts';
import type { AdminPermission, ErrorKey } from '@huijing/contracts';
import type { FastifyRequest } from 'fastify';
import { AppError } from '../../http/app-error';
import type { AuthGuards } from '../auth/authenticate';

export type { AdminPermission } from '@huijing/contracts';

/** Refusals with a more specific message than ADMIN_PERMISSION_DENIED. */
const deniedAs: Partial<Record<AdminPermission, ErrorKey>> = {
  'admins.manage': 'ADMIN_ONLY_SUPER',
};

/**
 * The onRequest hook for an admin endpoint: signs the admin in (user tokens get 403, no token
 * 401) and then checks the one permission matrix (`rolePermissions` in contracts). Use it on
 * every admin route: `{ onRequest: requirePermission(guards, 'orders.refund') }`.
 */
export const requirePermission =
  (guards: Pick<AuthGuards, 'requireAdmin'>, permission: AdminPermission) =>
  async (request: FastifyRequest): Promise<void> => {
    await guards.requireAdmin(request);
    if (!roleCan(request.adminAuth?.role, permission)) {
      throw new AppError(deniedAs[permission] ?? 'ADMIN_PERMISSION_DENIED');
    }
  };

/** Guards whose requireAdmin also checks one permission, for routes written against requireAdmin. */
export const adminGuards = (guards: AuthGuards, permission: AdminPermission): AuthGuards => ({
  ...guards,
  requireAdmin: requirePermission(guards, permission),
});
