import { createAuditLog } from '../admin/audit.service';
import type { FeatureModuleFactory } from '../feature-module';
import { supportAdminRoutes, supportRoutes } from './support.routes';
import { createSupportService } from './support.service';

/** Contact, feedback and the browser extension's release; see docs/help-and-sso.md. */
export const supportModule: FeatureModuleFactory = (core) => {
  const support = createSupportService({ db: core.database.db, files: core.files, now: core.now });
  return {
    name: 'support',
    services: support,
    routes: async (app) => {
      await app.register(supportRoutes, {
        prefix: '/api/support',
        support,
        guards: core.guards,
        sessions: core.sessions,
        rateLimits: core.rateLimits,
      });
      await app.register(supportAdminRoutes, {
        prefix: '/api/user/manage',
        support,
        guards: core.guards,
        audit: createAuditLog({ db: core.database.db, now: core.now, logger: core.logger }),
      });
    },
  };
};
