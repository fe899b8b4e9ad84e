import type { FeatureModuleFactory } from '../feature-module';
import { ssoRoutes } from './sso.routes';
import { allowedServicesOf } from './sso.config';
import { createSsoService } from './sso.service';

const PREFIX = '/api/cas/v1';

/** Single sign-on for sibling sites; see docs/help-and-sso.md. */
export const ssoModule: FeatureModuleFactory = (core) => {
  const sso = createSsoService({
    db: core.database.db,
    now: core.now,
    allowedServices: allowedServicesOf(core.env),
  });
  let timer: NodeJS.Timeout | undefined;
  return {
    name: 'sso',
    services: sso,
    routes: async (app) => {
      await app.register(ssoRoutes, { prefix: PREFIX, sso, guards: core.guards, base: PREFIX });
    },
    startWorker: async () => {
      const prune = () =>
        sso.prune().catch((err: unknown) => core.logger.warn({ err }, 'sso prune failed'));
      void prune();
      timer = setInterval(() => void prune(), 6 * 60 * 60 * 1000);
      timer.unref();
    },
    stop: async () => {
      clearInterval(timer);
    },
  };
};
