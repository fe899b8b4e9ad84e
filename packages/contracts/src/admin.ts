import { z } from 'zod';
import { adminRoleSchema } from './auth';
import type { AdminRole } from './auth';
import { isoDateSchema, pageSchema } from './common';
import { adminPermissions } from './admin-permissions';

// ---------------------------------------------------------------- roles and permissions (spec §6)

// The matrix itself is plain data in admin-permissions.ts (no zod), so the web's first load can
// check access without loading schema code.
export {
  adminPermissions,
  rolePermissions,
  roleCan,
  type AdminPermission,
} from './admin-permissions';
export const adminPermissionSchema = z.enum(adminPermissions);

export const adminRoleNames: Record<AdminRole, string> = {
  super: '超级管理员',
  operator: '运营',
  finance: '财务',
};

// ---------------------------------------------------------------- audit log

export const auditEntrySchema = z.object({
  id: z.string(),
  at: isoDateSchema,
  actorId: z.string().nullable(),
  actorUsername: z.string().nullable(),
  role: z.string().nullable(),
  /** Dotted verb, e.g. user.tickets.adjust, admin.login, order.refund. */
  action: z.string(),
  /** What was acted on, e.g. user:abc, order:123. */
  target: z.string().nullable(),
  before: z.unknown().nullable(),
  after: z.unknown().nullable(),
  reason: z.string().nullable(),
  ip: z.string().nullable(),
  requestId: z.string().nullable(),
});
export type AuditEntry = z.infer<typeof auditEntrySchema>;

export const auditQuerySchema = z.object({
  current: z.coerce.number().int().min(1).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(20),
  actor: z.string().trim().max(64).optional(),
  action: z.string().trim().max(64).optional(),
  target: z.string().trim().max(128).optional(),
  from: z.string().trim().max(40).optional(),
  to: z.string().trim().max(40).optional(),
});
export type AuditQuery = z.infer<typeof auditQuerySchema>;
export const auditPageSchema = pageSchema(auditEntrySchema);

/** The signed-in admin's own role and permissions (the web's access map reads it). */
export const adminMeSchema = z.object({
  accountId: z.string(),
  username: z.string(),
  displayName: z.string(),
  role: adminRoleSchema,
  permissions: z.array(adminPermissionSchema),
});
export type AdminMe = z.infer<typeof adminMeSchema>;

/** A reason every destructive admin action carries (shown in the audit log). */
export const adminReasonSchema = z
  .string()
  .trim()
  .min(2, '请填写操作原因（至少 2 个字）')
  .max(200, '原因最多 200 字');
