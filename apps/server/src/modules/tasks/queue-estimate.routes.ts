import {
  envelopeSchema,
  ok,
  queueEstimateQuerySchema,
  queueEstimateSchema,
} from '@huijing/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { QueueEstimateService } from './queue-estimate.service';

/** /api/ai/queueEstimate: public (an aggregate of run times, nobody's data). */
export const queueEstimateRoutes: FastifyPluginAsyncZod<{
  estimates: QueueEstimateService;
}> = async (app, { estimates }) => {
  app.get(
    '/queueEstimate',
    {
      schema: {
        querystring: queueEstimateQuerySchema,
        response: { 200: envelopeSchema(queueEstimateSchema) },
      },
    },
    async (request) => ok(await estimates.estimate(request.query.toolId)),
  );
};
