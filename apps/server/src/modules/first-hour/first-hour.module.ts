import type { FeatureModuleFactory } from '../feature-module';
import { queueEstimateRoutes } from './first-hour.routes';
import { projectsRoutes } from './projects.routes';
import { createProjectsService } from './projects.service';
import { createQueueEstimateService } from './queue-estimate.service';

/** The designer's first hour (issue 18): queue estimates and works projects. */
export const firstHourModule: FeatureModuleFactory = (core) => {
  const estimates = createQueueEstimateService({
    db: core.database.db,
    router: core.router,
    concurrency: {
      local: core.env.TASK_CONCURRENCY_LOCAL,
      remote: core.env.TASK_CONCURRENCY_REMOTE,
    },
    providerLimit: (engineId) => core.slots.of(engineId)?.limit,
  });
  const projects = createProjectsService({ db: core.database.db, now: core.now });
  return {
    name: 'first-hour',
    routes: async (app) => {
      await app.register(queueEstimateRoutes, { prefix: '/api/ai', estimates });
      await app.register(projectsRoutes, { prefix: '/api/works', projects, guards: core.guards });
    },
    services: { estimates, projects },
  };
};
