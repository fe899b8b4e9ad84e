import type { FeatureModuleFactory } from '../feature-module';
import { createAuditLog } from './audit.service';
import type { AuditLog } from './audit.service';
import { adminConsoleRoutes } from './admin-console.routes';
import { requirePermission } from './permissions';
import type { AdminPermission } from './permissions';

/** What the admin console module exposes to others (`moduleServices(modules, 'admin-console')`). */
export type AdminConsoleServices = {
  audit: AuditLog;
  requirePermission: (permission: AdminPermission) => ReturnType<typeof requirePermission>;
};

/**
 * The admin console (issue 16): the permission matrix, the audit log and the screens' endpoints
 * under /api/user/manage. Registered last: it reads what the other areas expose. Modules listed
 * before it build their own audit log with
 * `createAuditLog({ db: core.database.db, now: core.now, logger: core.logger })` (it is stateless)
 * or use `core.admin.audit`.
 */
export const adminConsoleModule: FeatureModuleFactory = (core) => {
  const audit = createAuditLog({ db: core.database.db, now: core.now, logger: core.logger });
  const services: AdminConsoleServices = {
    audit,
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
      });
    },
  };
};
