import type { FeatureModuleFactory } from './feature-module';
import { metricsModule } from './metrics/metrics.module';
import { galleryModule } from './gallery/gallery.module';
import { createModelsModule } from './models/models.module';
import { ordersModule } from './orders/orders.module';
import { ssoModule } from './sso/sso.module';
import { supportModule } from './support/support.module';
import { trackingModule } from './tracking/tracking.module';
import { adminConsoleModule } from './admin/admin-console.module';
import { queueEstimateModule } from './tasks/queue-estimate.module';
import { worksProjectsModule } from './works/projects.module';
import { samplesModule } from './samples/samples.module';

/**
 * The self-registering product areas, in dependency order (a module may use those above it).
 * One line each; the core areas (accounts, tasks, uploads, works, assistant) are still wired in
 * container.ts and app.ts directly.
 */
export const featureModules: FeatureModuleFactory[] = [
  // reliability
  metricsModule,
  // commerce: orders, payments, VIP
  ordersModule,
  // community: gallery
  galleryModule,
  // training and model square
  createModelsModule,
  // queue estimates, works projects, example pictures
  queueEstimateModule,
  worksProjectsModule,
  samplesModule,
  // contact, SSO, tracking, hot words
  ssoModule,
  trackingModule,
  supportModule,
  // admin console: users, audit, tasks, engines, stats, settings (last: it uses the others)
  adminConsoleModule,
];
