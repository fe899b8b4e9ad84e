import type { FeatureModuleFactory } from '../feature-module';
import { queueEstimateRoutes } from './first-hour.routes';
import { createQueueEstimateService } from './queue-estimate.service';

/** The designer's first hour (issue 18): queue estimates now; works projects join here. */
export const firstHourModule: FeatureModuleFactory = (core) => {
  const estimates = createQueueEstimateService({
    db: core.database.db,
    router: core.router,
    concurrency: {
      local: core.env.TASK_CONCURRENCY_LOCAL,
      remote: core.env.TASK_CONCURRENCY_REMOTE,
    },
  });
  return {
    name: 'first-hour',
    routes: async (app) => {
      await app.register(queueEstimateRoutes, { prefix: '/api/ai', estimates });
    },
    services: { estimates },
  };
};
