import { DAY } from '../../config/clock';
import { createAuditLog } from '../admin/audit.service';
import type { FeatureModuleFactory } from '../feature-module';
import { trackingAdminRoutes, trackingRoutes } from './tracking.routes';
import { createTrackingService } from './tracking.service';

/** Page views, key events and hot words (issue 19); see docs/tracking.md. */
export const trackingModule: FeatureModuleFactory = (core) => {
  const tracking = createTrackingService({ db: core.database.db, now: core.now });
  let timer: NodeJS.Timeout | undefined;
  return {
    name: 'tracking',
    services: tracking,
    routes: async (app) => {
      await app.register(trackingRoutes, {
        prefix: '/api',
        tracking,
        sessions: core.sessions,
        rateLimits: core.rateLimits,
      });
      await app.register(trackingAdminRoutes, {
        prefix: '/api/user/manage',
        tracking,
        guards: core.guards,
        audit: createAuditLog({ db: core.database.db, now: core.now, logger: core.logger }),
      });
    },
    startWorker: async () => {
      const prune = () =>
        tracking
          .prune()
          .catch((err: unknown) => core.logger.warn({ err }, 'tracking prune failed'));
      void prune();
      timer = setInterval(() => void prune(), DAY);
      timer.unref();
    },
    stop: async () => {
      clearInterval(timer);
    },
  };
};
