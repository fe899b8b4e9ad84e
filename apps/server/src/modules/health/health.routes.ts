import {
  envelopeSchema,
  errorCatalogue,
  healthSchema,
  ok,
  publicHealthSchema,
} from '@huijing/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AuthGuards } from '../auth/authenticate';
import type { HealthService } from './health.service';

const publicEnvelope = envelopeSchema(publicHealthSchema);
const detailEnvelope = envelopeSchema(healthSchema);

/**
 * /api/health for load balancers and anyone: ok | degraded (200) or down (503), nothing about the
 * setup. /api/user/manage/health for admins: every component, same status code rule.
 */
export const healthRoutes: FastifyPluginAsyncZod<{
  health: HealthService;
  guards: AuthGuards;
}> = async (app, { health, guards }) => {
  /** Load balancers read the status code: down is 503 with the report as data. */
  const downBody = <T>(report: T, requestId: string) => {
    const entry = errorCatalogue.SERVICE_UNAVAILABLE;
    return { success: false, code: entry.code, message: entry.message, data: report, requestId };
  };

  app.get(
    '/health',
    { schema: { response: { 200: publicEnvelope, 503: publicEnvelope } } },
    async (request, reply) => {
      const report = await health.check();
      if (report.status !== 'down') return ok(report);
      return reply.code(503).send(downBody(report, request.id));
    },
  );

  app.get(
    '/user/manage/health',
    {
      onRequest: guards.requireAdmin,
      schema: { response: { 200: detailEnvelope, 503: detailEnvelope } },
    },
    async (request, reply) => {
      const report = await health.details();
      if (report.status !== 'down') return ok(report);
      return reply.code(503).send(downBody(report, request.id));
    },
  );
};
