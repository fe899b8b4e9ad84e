import type { FeatureModuleFactory } from '../feature-module';
import { projectsRoutes } from './projects.routes';
import { createProjectsService } from './projects.service';

/** Works projects: a designer's folders for a client's works (/api/works/projects*). */
export const worksProjectsModule: FeatureModuleFactory = (core) => {
  const projects = createProjectsService({ db: core.database.db, now: core.now });
  return {
    name: 'works-projects',
    routes: async (app) => {
      await app.register(projectsRoutes, { prefix: '/api/works', projects, guards: core.guards });
    },
    services: { projects },
  };
};
