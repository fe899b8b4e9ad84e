import {
  adminMeSchema,
  auditPageSchema,
  auditQuerySchema,
  envelopeSchema,
  ok,
  rolePermissions,
} from '@huijing/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { CoreContainer } from '../../container';
import { AppError } from '../../http/app-error';
import { adminOf } from '../auth/authenticate';
import type { AuditLog } from './audit.service';
import { requirePermission } from './permissions';

/**
 * /api/user/manage/*: the signed-in admin's permissions and the audit log (read only: there is
 * no update or delete route for it, on purpose).
 */
export const adminConsoleRoutes: FastifyPluginAsyncZod<{
  core: CoreContainer;
  audit: AuditLog;
}> = async (app, { core, audit }) => {
  const { guards } = core;

  app.get(
    '/me',
    {
      onRequest: guards.requireAdmin,
      schema: { response: { 200: envelopeSchema(adminMeSchema) } },
    },
    async (request) => {
      const auth = adminOf(request);
      const account = await core.admin.findForAuth(auth.adminId);
      if (!account) throw new AppError('UNAUTHORIZED');
      return ok({
        accountId: account.id,
        username: account.username,
        displayName: account.displayName,
        role: account.role,
        permissions: [...rolePermissions[account.role]],
      });
    },
  );

  app.get(
    '/page/audit',
    {
      onRequest: requirePermission(guards, 'audit.read'),
      schema: { querystring: auditQuerySchema, response: { 200: envelopeSchema(auditPageSchema) } },
    },
    async (request) => ok(await audit.list(request.query)),
  );
};
