import { envelopeSchema, errorCatalogue, healthSchema, ok } from '@huijing/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { HealthService } from './health.service';

const healthEnvelopeSchema = envelopeSchema(healthSchema);

export const healthRoutes: FastifyPluginAsyncZod<{ health: HealthService }> = async (
  app,
  { health },
) => {
  app.get(
    '/health',
    { schema: { response: { 200: healthEnvelopeSchema, 503: healthEnvelopeSchema } } },
    async (request, reply) => {
      const report = await health.check();
      if (report.status === 'ok') return ok(report);
      // Load balancers read the status code: degraded is 503 with the same report as data.
      const entry = errorCatalogue.SERVICE_UNAVAILABLE;
      return reply.code(entry.status).send({
        success: false,
        code: entry.code,
        message: entry.message,
        data: report,
        requestId: request.id,
      });
    },
  );
};
