import { z } from 'zod';
import { parseAreaEnv } from '../../config/area-env';
import type { FeatureModuleFactory } from '../feature-module';
import { createCaseProjectsService } from './case-projects.service';
import { createCasesService } from './cases.service';
import { createCollectionsService } from './collections.service';
import { galleryAdminRoutes } from './gallery-admin.routes';
import { galleryRoutes } from './gallery.routes';
import { createGalleryService } from './gallery.service';
import { createNsfwChecker } from './nsfw-check';

const galleryEnvSchema = z.object({
  /** The automatic nsfwjs check at publish (off only for development machines without it). */
  GALLERY_NSFW_CHECK: z.enum(['on', 'off']).default('on'),
  GALLERY_NSFW_TIMEOUT_MS: z.coerce.number().int().min(1000).max(600_000).default(60_000),
});

/** The community gallery: publishing, the waterfall, favourites, collections. */
export const galleryModule: FeatureModuleFactory = (core) => {
  const env = parseAreaEnv(core.env, galleryEnvSchema);
  const nsfw =
    env.GALLERY_NSFW_CHECK === 'on'
      ? createNsfwChecker({ logger: core.logger, timeoutMs: env.GALLERY_NSFW_TIMEOUT_MS })
      : undefined;
  const cases = createCasesService({ db: core.database.db, now: core.now });
  const gallery = createGalleryService({
    moderate: nsfw?.check,
    ensureCase: (userId, name) => cases.ensure(core.database.db, userId, name),
    caseOfProject: (userId, projectId) => cases.ensureForProject(userId, projectId),
    db: core.database.db,
    files: core.files,
    storage: core.storage,
    now: core.now,
    logger: core.logger,
  });
  const caseProjects = createCaseProjectsService({ db: core.database.db, gallery, cases });
  const collections = createCollectionsService({
    db: core.database.db,
    gallery: gallery.repo,
    now: core.now,
  });
  return {
    name: 'gallery',
    routes: async (app) => {
      await app.register(galleryRoutes, {
        prefix: '/api/image',
        gallery,
        collections,
        cases,
        caseProjects,
        guards: core.guards,
        rateLimits: core.rateLimits,
      });
      await app.register(galleryAdminRoutes, {
        prefix: '/api/user/manage/gallery',
        gallery,
        guards: core.guards,
        audit: core.admin.audit,
      });
    },
    stop: async () => {
      await nsfw?.stop();
    },
    services: { gallery, collections, cases },
  };
};
