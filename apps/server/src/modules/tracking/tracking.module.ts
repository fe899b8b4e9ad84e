import { DAY } from '../../config/clock';
import { createAuditLog } from '../admin/audit.service';
import type { FeatureModuleFactory } from '../feature-module';
import { trackingAdminRoutes, trackingRoutes } from './tracking.routes';
import { createTrackingRepository } from './tracking.repository';
import { createTrackingService } from './tracking.service';

/** Page views, key events and hot words; see docs/help-and-sso.md. */
export const trackingModule: FeatureModuleFactory = (core, modules) => {
  const db = core.database.db;
  const repo = createTrackingRepository(db);
  const derivedEvents: Record<string, (since: string) => Promise<number>> = {};
  // "Order paid" is read from the orders table (paid, later refunded included), never re-written.
  if (modules.has('orders')) derivedEvents.order_paid = (since) => repo.ordersPaidSince(since);
  // "Picture published": the first time a gallery picture became public (published_at).
  if (modules.has('gallery')) {
    derivedEvents.picture_published = (since) => repo.picturesPublishedSince(since);
  }
  const tracking = createTrackingService({ db, now: core.now, derivedEvents });
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
