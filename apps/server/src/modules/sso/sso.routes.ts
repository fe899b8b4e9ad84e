import {
  casServiceResponseSchema,
  casServiceTicketBodySchema,
  casServiceValidateQuerySchema,
  casTicketGrantSchema,
  envelopeSchema,
  ok,
} from '@huijing/contracts';
import type { CasServiceResponse } from '@huijing/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../../http/app-error';
import type { AuthGuards } from '../auth/authenticate';
import { userOf } from '../auth/authenticate';
import type { SsoService } from './sso.service';

/** `base` is the prefix the plugin is registered under (locations are built from it). */
export type SsoRoutesOptions = { sso: SsoService; guards: AuthGuards; base: string };

const failure = (code: string, description: string): CasServiceResponse => ({
  serviceResponse: { authenticationFailure: { code, description } },
});

/**
 * /api/cas/v1 — the ticket endpoints of the CAS REST protocol. The spec's auth wrapper posts
 * form-encoded bodies by default and JSON when asked, so both are accepted here.
 */
export const ssoRoutes: FastifyPluginAsyncZod<SsoRoutesOptions> = async (app, opts) => {
  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string', bodyLimit: 8 * 1024 },
    (_request, body, done) => {
      done(null, Object.fromEntries(new URLSearchParams(body as string)));
    },
  );

  app.post(
    '/tickets',
    {
      onRequest: opts.guards.requireUser,
      schema: { response: { 201: envelopeSchema(casTicketGrantSchema) } },
    },
    async (request, reply) => {
      const { userId, sessionId } = userOf(request);
      const { tgt } = await opts.sso.grant(userId, sessionId);
      const location = `${opts.base}/tickets/${tgt}`;
      reply.code(201).header('location', location);
      return ok({ url: location, status: 201, location }, '已创建登录凭证');
    },
  );

  // Possession of the TGT is the credential here, as in CAS; the answer is the bare ticket.
  app.post(
    '/tickets/:tgt',
    {
      attachValidation: true,
      schema: { params: z.object({ tgt: z.string().max(120) }), body: casServiceTicketBodySchema },
    },
    async (request, reply) => {
      if (request.validationError) throw new AppError('VALIDATION_FAILED');
      const st = await opts.sso.issueServiceTicket(request.params.tgt, request.body.service);
      return reply.type('text/plain; charset=utf-8').send(st);
    },
  );

  // Ending single sign-on needs the owner's own session: another user's TGT is "not found".
  app.delete(
    '/tickets/:tgt',
    {
      onRequest: opts.guards.requireUser,
      schema: {
        params: z.object({ tgt: z.string().max(120) }),
        response: { 200: envelopeSchema(z.null()) },
      },
    },
    async (request) => {
      await opts.sso.revoke(request.params.tgt, userOf(request).userId);
      return ok(null, '已退出单点登录');
    },
  );

  app.get(
    '/serviceValidate',
    {
      attachValidation: true,
      schema: {
        querystring: casServiceValidateQuerySchema,
        response: { 200: casServiceResponseSchema },
      },
    },
    async (request): Promise<CasServiceResponse> => {
      if (request.validationError) return failure('INVALID_REQUEST', 'service 与 ticket 均为必填');
      if (!opts.sso.allows(request.query.service)) {
        return failure('INVALID_SERVICE', '该地址未获准使用单点登录');
      }
      const user = await opts.sso.validate(request.query.service, request.query.ticket);
      if (!user) return failure('INVALID_TICKET', '票据无效、已使用或已过期');
      return {
        serviceResponse: {
          authenticationSuccess: {
            user: user.userId,
            attributes: { nickname: user.nickname, userType: user.userType },
          },
        },
      };
    },
  );
};
