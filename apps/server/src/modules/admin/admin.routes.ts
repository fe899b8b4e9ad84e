import {
  adminAccountCreateSchema,
  adminAccountIdParamsSchema,
  adminAccountPageSchema,
  adminAccountQuerySchema,
  adminAccountSchema,
  adminAccountUpdateSchema,
  adminLoginBodySchema,
  adminLoginResultSchema,
  envelopeSchema,
  ok,
} from '@huijing/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { sessionMeta } from '../auth/auth.routes';
import type { AuthGuards } from '../auth/authenticate';
import { sessionToken } from '../auth/authenticate';
import type { AdminService } from './admin.service';
import { requirePermission } from './permissions';

const accountEnvelope = envelopeSchema(adminAccountSchema);

/**
 * /api/user/manage/*. A user token is refused with 403 on every route here, the login included;
 * account management needs admins.manage (super admins only, in the permission matrix). The
 * account service writes each change's audit row in the change's transaction.
 */
export const adminRoutes: FastifyPluginAsyncZod<{
  admin: AdminService;
  guards: AuthGuards;
}> = async (app, { admin, guards }) => {
  const superOnly = { onRequest: requirePermission(guards, 'admins.manage') };

  app.post(
    '/login',
    {
      onRequest: async (request) => guards.rejectUserToken(sessionToken(request)),
      schema: {
        body: adminLoginBodySchema,
        response: { 200: envelopeSchema(adminLoginResultSchema) },
      },
    },
    async (request) => {
      const meta = { ip: request.ip, requestId: request.id };
      try {
        const result = await admin.login(
          request.body.username,
          request.body.password,
          sessionMeta(request),
          { reqId: request.id },
        );
        const { accountId, username, role } = result.account;
        await admin.audit.audited(
          { actor: { id: accountId, username }, role, ...meta },
          'admin.login',
          async () => ({ value: null, target: `admin:${accountId}` }),
        );
        return ok(result, '登录成功');
      } catch (err) {
        await admin.audit.audited(
          { actor: null, role: null, ...meta },
          'admin.login.failed',
          async () => ({
            value: null,
            target: `username:${request.body.username.slice(0, 64)}`,
          }),
        );
        throw err;
      }
    },
  );

  app.get(
    '/page/account',
    {
      ...superOnly,
      schema: {
        querystring: adminAccountQuerySchema,
        response: { 200: envelopeSchema(adminAccountPageSchema) },
      },
    },
    async (request) => ok(await admin.list(request.query)),
  );

  app.post(
    '/account',
    {
      ...superOnly,
      schema: { body: adminAccountCreateSchema, response: { 200: accountEnvelope } },
    },
    async (request) => ok(await admin.create(request, request.body), '已创建'),
  );

  app.get(
    '/account/:accountId',
    {
      ...superOnly,
      schema: { params: adminAccountIdParamsSchema, response: { 200: accountEnvelope } },
    },
    async (request) => ok(await admin.get(request.params.accountId)),
  );

  app.post(
    '/account/:accountId',
    {
      ...superOnly,
      schema: {
        params: adminAccountIdParamsSchema,
        body: adminAccountUpdateSchema,
        response: { 200: accountEnvelope },
      },
    },
    async (request) =>
      ok(await admin.update(request, request.params.accountId, request.body), '已保存'),
  );

  app.delete(
    '/account/:accountId',
    {
      ...superOnly,
      schema: { params: adminAccountIdParamsSchema, response: { 200: envelopeSchema(z.null()) } },
    },
    async (request) => {
      await admin.remove(request, request.params.accountId);
      return ok(null, '已删除');
    },
  );
};
