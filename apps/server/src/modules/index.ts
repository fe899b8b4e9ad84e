import type { FeatureModuleFactory } from './feature-module';
// module imports (one line per area, in the order below)
import { metricsModule } from './metrics/metrics.module';
import { galleryModule } from './gallery/gallery.module';
import { createModelsModule } from './models/models.module';
// --
import { ordersModule } from './orders/orders.module';
import { ssoModule } from './sso/sso.module';
import { supportModule } from './support/support.module';
import { trackingModule } from './tracking/tracking.module';
import { adminConsoleModule } from './admin/admin-console.module';
import { firstHourModule } from './first-hour/first-hour.module';
import { samplesModule } from './samples/samples.module';

/**
 * The self-registering product areas, in dependency order (a module may use those above it).
 * One line each; the core areas (accounts, tasks, uploads, works, assistant) are still wired in
 * container.ts and app.ts directly.
 */
export const featureModules: FeatureModuleFactory[] = [
  // reliability (issue 12)
  metricsModule,
  // --
  // commerce: orders, payments, VIP (issue 13)
  ordersModule,
  // --
  // community: gallery (issue 14)
  galleryModule,
  // --
  // training and model square (issue 15)
  createModelsModule,
  // --
  // first hour: queue estimates, works projects, example pictures (issue 18)
  firstHourModule,
  samplesModule,
  // --
  // spec gaps: contact, SSO, tracking, hot words (issue 19)
  ssoModule,
  trackingModule,
  supportModule,
  // --
  // admin console: users, audit, tasks, engines, stats, settings (issue 16; last: it uses the others)
  adminConsoleModule,
  // --
];
