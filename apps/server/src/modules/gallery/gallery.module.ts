import type { FeatureModuleFactory } from '../feature-module';
import { createCollectionsService } from './collections.service';
import { galleryRoutes } from './gallery.routes';
import { createGalleryService } from './gallery.service';

/** The community gallery (issue 14): publishing, the waterfall, favourites, collections. */
export const galleryModule: FeatureModuleFactory = (core) => {
  const gallery = createGalleryService({
    db: core.database.db,
    files: core.files,
    storage: core.storage,
    now: core.now,
    logger: core.logger,
  });
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
        guards: core.guards,
      });
    },
    services: { gallery, collections },
  };
};
