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

const accountEnvelope = envelopeSchema(adminAccountSchema);

/**
 * /api/user/manage/*. A user token is refused with 403 on every route here, the login included;
 * account management is for super admins only (operators get ADMIN_ONLY_SUPER).
 */
export const adminRoutes: FastifyPluginAsyncZod<{
  admin: AdminService;
  guards: AuthGuards;
}> = async (app, { admin, guards }) => {
  const superOnly = { onRequest: guards.requireSuperAdmin };

  app.post(
    '/login',
    {
      onRequest: async (request) => guards.rejectUserToken(sessionToken(request)),
      schema: {
        body: adminLoginBodySchema,
        response: { 200: envelopeSchema(adminLoginResultSchema) },
      },
    },
    async (request) =>
      ok(
        await admin.login(request.body.username, request.body.password, sessionMeta(request)),
        '登录成功',
      ),
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
    async (request) => ok(await admin.create(request.body), '已创建'),
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
    async (request) => ok(await admin.update(request.params.accountId, request.body), '已保存'),
  );

  app.delete(
    '/account/:accountId',
    {
      ...superOnly,
      schema: { params: adminAccountIdParamsSchema, response: { 200: envelopeSchema(z.null()) } },
    },
    async (request) => {
      await admin.remove(request.params.accountId);
      return ok(null, '已删除');
    },
  );
};
