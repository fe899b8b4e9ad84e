import {
  envelopeSchema,
  feedbackAnswerBodySchema,
  feedbackBodySchema,
  feedbackPageSchema,
  ok,
  pageQuerySchema,
  supportInfoSchema,
} from '@huijing/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../../http/app-error';
import type { RateLimits } from '../../http/rate-limit';
import { rethrowValidation } from '../../http/validation';
import type { AuthGuards } from '../auth/authenticate';
import { adminOf, sessionToken, userOf } from '../auth/authenticate';
import type { SessionsService } from '../auth/sessions.service';
import type { AuditLog } from '../admin/audit.service';
import { requirePermission } from '../admin/permissions';
import type { SupportService } from './support.service';

export type SupportRoutesOptions = {
  support: SupportService;
  guards: AuthGuards;
  sessions: SessionsService;
  rateLimits: RateLimits;
};

/** /api/support: what the contact and extension modals show, and the feedback form. */
export const supportRoutes: FastifyPluginAsyncZod<SupportRoutesOptions> = async (app, opts) => {
  const perSender = opts.rateLimits.perKey('feedback', 5, 'FEEDBACK_TOO_FREQUENT');

  app.get('/info', { schema: { response: { 200: envelopeSchema(supportInfoSchema) } } }, async () =>
    ok(await opts.support.info()),
  );

  // Guests may write too (a designer who cannot sign in needs help most); signed in, the
  // message is theirs and its answer shows in their list.
  app.post(
    '/feedback',
    {
      attachValidation: true,
      schema: {
        body: feedbackBodySchema,
        response: { 200: envelopeSchema(z.object({ id: z.string() })) },
      },
    },
    async (request) => {
      rethrowValidation(request, {});
      const token = sessionToken(request);
      const lookup = token ? await opts.sessions.resolve('user', token) : undefined;
      const userId = lookup?.ok ? lookup.session.subjectId : undefined;
      await perSender(userId ?? `ip:${request.ip}`);
      return ok(await opts.support.send(userId, request.body), '已收到你的反馈，我们会尽快回复');
    },
  );

  app.get(
    '/feedback/mine',
    {
      onRequest: opts.guards.requireUser,
      schema: {
        querystring: pageQuerySchema,
        response: { 200: envelopeSchema(feedbackPageSchema) },
      },
    },
    async (request) =>
      ok(
        await opts.support.mine(userOf(request).userId, request.query.page, request.query.pageSize),
      ),
  );
};

export type SupportAdminRoutesOptions = {
  support: SupportService;
  guards: AuthGuards;
  audit: AuditLog;
};

/** /api/user/manage: contact settings, the extension release, feedback messages and answers. */
export const supportAdminRoutes: FastifyPluginAsyncZod<SupportAdminRoutesOptions> = async (
  app,
  opts,
) => {
  app.post(
    '/support/info',
    {
      onRequest: requirePermission(opts.guards, 'settings.write'),
      attachValidation: true,
      schema: { body: supportInfoSchema, response: { 200: envelopeSchema(supportInfoSchema) } },
    },
    async (request) => {
      rethrowValidation(request, {});
      const after = await opts.audit.audited(request, 'support.info.update', async (trx) => {
        const change = await opts.support.setInfo(request.body, trx);
        return { value: change.after, target: 'support.info', ...change };
      });
      return ok(after, '已保存');
    },
  );

  app.get(
    '/page/feedback',
    {
      onRequest: requirePermission(opts.guards, 'support.reply'),
      schema: {
        querystring: pageQuerySchema.extend({ status: z.enum(['open', 'answered']).optional() }),
        response: { 200: envelopeSchema(feedbackPageSchema) },
      },
    },
    async (request) =>
      ok(
        await opts.support.adminPage(
          { status: request.query.status },
          request.query.page,
          request.query.pageSize,
        ),
      ),
  );

  app.post(
    '/feedback/:id/answer',
    {
      onRequest: requirePermission(opts.guards, 'support.reply'),
      attachValidation: true,
      schema: {
        params: z.object({ id: z.string().max(64) }),
        body: feedbackAnswerBodySchema,
        response: { 200: envelopeSchema(z.null()) },
      },
    },
    async (request) => {
      if (request.validationError) {
        throw new AppError('VALIDATION_FAILED', { message: '请填写回复内容' });
      }
      await opts.audit.audited(request, 'feedback.answer', async (trx) => {
        const change = await opts.support.answer(
          request.params.id,
          adminOf(request).adminId,
          request.body.answer,
          trx,
        );
        return { value: null, target: `feedback:${request.params.id}`, ...change };
      });
      return ok(null, '已回复');
    },
  );
};
