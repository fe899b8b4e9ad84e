import { DAY } from '../../config/clock';
import { createAuditLog } from '../admin/audit.service';
import type { FeatureModuleFactory } from '../feature-module';
import { trackingAdminRoutes, trackingRoutes } from './tracking.routes';
import { createTrackingService } from './tracking.service';
import '../orders/orders.schema';

/** Page views, key events and hot words (issue 19); see docs/tracking.md. */
export const trackingModule: FeatureModuleFactory = (core, modules) => {
  const db = core.database.db;
  // "Order paid" is read from the orders table (paid, later refunded included), never re-written.
  const paidOrders = modules.has('orders')
    ? async (since: string) =>
        Number(
          (
            await db
              .selectFrom('orders')
              .select((eb) => eb.fn.countAll<string | number>().as('n'))
              .where('paid_at', '>=', since)
              .where('status', 'in', ['paid', 'refunded'])
              .executeTakeFirst()
          )?.n ?? 0,
        )
    : undefined;
  const tracking = createTrackingService({ db, now: core.now, paidOrders });
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
