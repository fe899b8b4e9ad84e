import type { AdminRole } from './auth';

// ---------------------------------------------------------------- roles and permissions (spec §6)

/**
 * Every admin permission, by area. Server routes name one of these (requirePermission); the web
 * hides what the signed-in role lacks from the same table, so the two never disagree.
 */
export const adminPermissions = [
  'users.read',
  'users.tickets',
  'users.disable',
  'users.vip',
  'orders.read',
  'orders.refund',
  'orders.reconcile',
  'products.write',
  'moderation.review',
  'tasks.read',
  'tasks.manage',
  'engines.read',
  'engines.manage',
  'stats.read',
  'settings.read',
  'settings.write',
  'audit.read',
  'admins.manage',
  'catalog.write',
  'client.write',
  'support.reply',
] as const;
export type AdminPermission = (typeof adminPermissions)[number];

/**
 * The one permission matrix. super holds everything; operator runs users, ticket adjustments (up
 * to the configured limit), moderation, tasks and content; finance runs orders, refunds and
 * reconciliation, and reads users so a payment can be traced to its buyer.
 */
export const rolePermissions: Record<AdminRole, readonly AdminPermission[]> = {
  super: adminPermissions,
  operator: [
    'users.read',
    'users.tickets',
    'users.disable',
    'users.vip',
    'moderation.review',
    'tasks.read',
    'tasks.manage',
    'engines.read',
    'stats.read',
    'settings.read',
    'catalog.write',
    'client.write',
    'support.reply',
  ],
  finance: ['users.read', 'orders.read', 'orders.refund', 'orders.reconcile', 'stats.read'],
};

export const roleCan = (role: AdminRole | undefined | null, permission: AdminPermission) =>
  role ? rolePermissions[role].includes(permission) : false;
