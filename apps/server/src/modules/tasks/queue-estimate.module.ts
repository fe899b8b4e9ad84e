import type { FeatureModuleFactory } from '../feature-module';
import { queueEstimateRoutes } from './queue-estimate.routes';
import { createQueueEstimateService } from './queue-estimate.service';

/** The queue estimate: how long a tool's run takes here (/api/ai/queueEstimate). */
export const queueEstimateModule: FeatureModuleFactory = (core) => {
  const estimates = createQueueEstimateService({
    db: core.database.db,
    router: core.router,
    concurrency: {
      local: core.env.TASK_CONCURRENCY_LOCAL,
      remote: core.env.TASK_CONCURRENCY_REMOTE,
    },
    providerLimit: (engineId) => core.slots.of(engineId)?.limit,
  });
  return {
    name: 'queue-estimate',
    routes: async (app) => {
      await app.register(queueEstimateRoutes, { prefix: '/api/ai', estimates });
    },
    services: { estimates },
  };
};
