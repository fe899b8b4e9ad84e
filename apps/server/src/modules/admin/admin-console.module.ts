import type { FeatureModuleFactory } from '../feature-module';
import { moduleServices } from '../feature-module';
import type { OrdersModuleServices } from '../orders/orders.module';
import { createAuditLog } from './audit.service';
import type { AuditLog } from './audit.service';
import { adminConsoleRoutes } from './admin-console.routes';
import { createAdminEnginesService } from './admin-engines.service';
import { createAdminOrdersRepository } from './admin-orders.repository';
import { adminOrdersRoutes } from './admin-orders.routes';
import { createAdminOrdersService } from './admin-orders.service';
import { createAdminProductsService } from './admin-products.service';
import { createAdminSettings } from './admin-settings.service';
import type { AdminSettingsStore } from './admin-settings.service';
import { createAdminStatsService } from './admin-stats.service';
import { createAdminTasksService } from './admin-tasks.service';
import { createAdminUsersService } from './admin-users.service';
import { requirePermission } from './permissions';
import type { AdminPermission } from './permissions';

/** What the admin console module exposes to others (`moduleServices(modules, 'admin-console')`). */
export type AdminConsoleServices = {
  audit: AuditLog;
  settings: AdminSettingsStore;
  requirePermission: (permission: AdminPermission) => ReturnType<typeof requirePermission>;
};

/**
 * The admin console: the permission matrix, the audit log and the endpoints of the
 * users, tasks, engines, statistics and settings screens under /api/user/manage. Registered
 * last: it reads what the other areas expose. Modules listed before it use `core.admin.audit`
 * (or build their own with `createAuditLog({ db: core.database.db, now: core.now })`: it is
 * stateless) and `requirePermission(core.guards, 'orders.refund')` from ./permissions.
 */
export const adminConsoleModule: FeatureModuleFactory = (core, modules) => {
  const audit = createAuditLog({ db: core.database.db, now: core.now, logger: core.logger });
  const settings = createAdminSettings({
    db: core.database.db,
    signupDefault: core.env.signupTickets,
  });
  // Orders appear in user details and revenue in statistics when the commerce module is installed.
  const commerce = moduleServices<OrdersModuleServices>(modules, 'orders');
  const orders = commerce ? createAdminOrdersRepository(core.database.db) : undefined;
  const services: AdminConsoleServices = {
    audit,
    settings,
    requirePermission: (permission) => requirePermission(core.guards, permission),
  };
  return {
    name: 'admin-console',
    services,
    routes: async (app) => {
      await app.register(adminConsoleRoutes, {
        prefix: '/api/user/manage',
        core,
        audit,
        settings,
        users: createAdminUsersService({
          core,
          audit,
          settings,
          ordersOf: orders?.ofUser,
          vipGrant: commerce?.allowance.recordGrant,
        }),
        tasks: createAdminTasksService({ core, audit }),
        engines: createAdminEnginesService({ core, audit }),
        stats: createAdminStatsService({ core, paidOrders: orders?.paid }),
      });
      if (commerce && orders) {
        await app.register(adminOrdersRoutes, {
          prefix: '/api/user/manage',
          guards: core.guards,
          orders: createAdminOrdersService({ core, repo: orders, commerce, audit, settings }),
          products: createAdminProductsService({ core, audit }),
        });
      }
    },
  };
};
