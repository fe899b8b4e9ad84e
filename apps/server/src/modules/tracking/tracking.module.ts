import { DAY } from '../../config/clock';
import { createAuditLog } from '../admin/audit.service';
import type { FeatureModuleFactory } from '../feature-module';
import { trackingAdminRoutes, trackingRoutes } from './tracking.routes';
import { createTrackingService } from './tracking.service';
import '../gallery/gallery.schema';
import '../orders/orders.schema';

/** Page views, key events and hot words (issue 19); see docs/tracking.md. */
export const trackingModule: FeatureModuleFactory = (core, modules) => {
  const db = core.database.db;
  const count = async (query: {
    executeTakeFirst: () => Promise<{ n: string | number } | undefined>;
  }) => Number((await query.executeTakeFirst())?.n ?? 0);
  const derivedEvents: Record<string, (since: string) => Promise<number>> = {};
  // "Order paid" is read from the orders table (paid, later refunded included), never re-written.
  if (modules.has('orders')) {
    derivedEvents.order_paid = (since) =>
      count(
        db
          .selectFrom('orders')
          .select((eb) => eb.fn.countAll<string | number>().as('n'))
          .where('paid_at', '>=', since)
          .where('status', 'in', ['paid', 'refunded']),
      );
  }
  // "Picture published": the first time a gallery picture became public (published_at).
  if (modules.has('gallery')) {
    derivedEvents.picture_published = (since) =>
      count(
        db
          .selectFrom('gallery_images')
          .select((eb) => eb.fn.countAll<string | number>().as('n'))
          .where('published_at', '>=', since),
      );
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
