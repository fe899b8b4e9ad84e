import {
  envelopeSchema,
  hotWordsQuerySchema,
  hotWordsSchema,
  ok,
  pinnedWordsSchema,
  trackBatchSchema,
  trackSummaryQuerySchema,
  trackSummarySchema,
} from '@huijing/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../../http/app-error';
import type { RateLimits } from '../../http/rate-limit';
import type { AuthGuards } from '../auth/authenticate';
import type { SessionsService } from '../auth/sessions.service';
import type { AuditLog } from '../admin/audit.service';
import { requirePermission } from '../admin/permissions';
import type { TrackingService } from './tracking.service';

export type TrackingRoutesOptions = {
  tracking: TrackingService;
  sessions: SessionsService;
  rateLimits: RateLimits;
};

/** POST /api/track (beacons) and GET /api/search/hotWords. */
export const trackingRoutes: FastifyPluginAsyncZod<TrackingRoutesOptions> = async (app, opts) => {
  // navigator.sendBeacon posts a string as text/plain; the body is the same JSON.
  app.addContentTypeParser(
    'text/plain',
    { parseAs: 'string', bodyLimit: 64 * 1024 },
    (_r, body, done) => {
      try {
        done(null, JSON.parse(body as string));
      } catch {
        done(new AppError('MALFORMED_JSON'), undefined);
      }
    },
  );
  const perDevice = opts.rateLimits.perKey('track', 60, 'TRACK_TOO_FREQUENT');

  app.post(
    '/track',
    {
      bodyLimit: 64 * 1024,
      attachValidation: true,
      schema: {
        body: trackBatchSchema,
        response: { 200: envelopeSchema(z.object({ accepted: z.number().int() })) },
      },
    },
    async (request) => {
      if (request.validationError) throw new AppError('VALIDATION_FAILED');
      await perDevice(request.ip);
      const { token } = request.body;
      const lookup = token ? await opts.sessions.resolve('user', token) : undefined;
      const userId = lookup?.ok ? lookup.session.subjectId : undefined;
      const accepted = await opts.tracking.record(request.body, userId);
      return ok({ accepted });
    },
  );

  app.get(
    '/search/hotWords',
    {
      schema: {
        querystring: hotWordsQuerySchema,
        response: { 200: envelopeSchema(hotWordsSchema) },
      },
    },
    async (request) => ok({ words: await opts.tracking.hotWords(request.query.scope) }),
  );
};

export type TrackingAdminRoutesOptions = {
  tracking: TrackingService;
  guards: AuthGuards;
  audit: AuditLog;
};

/** /api/user/manage: page views and funnels for the statistics, pinned hot words. */
export const trackingAdminRoutes: FastifyPluginAsyncZod<TrackingAdminRoutesOptions> = async (
  app,
  opts,
) => {
  app.get(
    '/track/summary',
    {
      onRequest: requirePermission(opts.guards, 'stats.read'),
      schema: {
        querystring: trackSummaryQuerySchema,
        response: { 200: envelopeSchema(trackSummarySchema) },
      },
    },
    async (request) => ok(await opts.tracking.summary(request.query.days)),
  );
  app.get(
    '/search/pinned',
    {
      onRequest: requirePermission(opts.guards, 'settings.read'),
      schema: { response: { 200: envelopeSchema(pinnedWordsSchema) } },
    },
    async () => ok(await opts.tracking.pinned()),
  );
  app.post(
    '/search/pinned',
    {
      onRequest: requirePermission(opts.guards, 'settings.write'),
      schema: { body: pinnedWordsSchema, response: { 200: envelopeSchema(pinnedWordsSchema) } },
    },
    async (request) => {
      const before = await opts.tracking.pinned();
      await opts.audit.audited(request, 'search.pinned.update', async (trx) => {
        await opts.tracking.setPinned(request.body, trx);
        return { value: null, target: 'search.pinnedWords', before, after: request.body };
      });
      return ok(await opts.tracking.pinned(), '已保存');
    },
  );
};
