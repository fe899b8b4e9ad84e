import type { EngineId } from '../../engines/engine';
import type { FeatureModuleFactory } from '../feature-module';
import { vocabularyFrom } from '../tasks/prompt-compose';
import { createSampleMaker } from './samples.maker';
import { createAuditLog } from '../admin/audit.service';
import { createSamplesRunner, samplesAdminRoutes, type SamplesRunner } from './samples.admin';
import { samplesRoutes } from './samples.routes';
import {
  bundledDir,
  createSamplesCatalog,
  dirSink,
  storageSink,
  type SampleSink,
} from './samples.store';

/** Example pictures per style, room type and tool: `npm run samples` and their API. */
export const samplesModule: FeatureModuleFactory = (core) => {
  const made = storageSink(core.storage);
  const shipped = dirSink(bundledDir());
  const catalog = createSamplesCatalog({ made, shipped });
  const openAiModel =
    core.env.OPENAI_IMAGES_MODEL ?? (core.env.OPENAI_IMAGES_BASE_URL ? 'gpt-image-1' : undefined);
  const models: Partial<Record<EngineId, string>> = openAiModel
    ? { 'openai-images': openAiModel }
    : {};
  const maker = (sink: SampleSink = made) =>
    createSampleMaker({
      router: core.router,
      sink,
      classifyTree: async () => (await core.catalog.classifyTree()).data,
      vocabulary: async () =>
        vocabularyFrom(
          (await core.catalog.classifyTree()).data,
          (await core.catalog.materialLibrary()).data,
        ),
      models,
      now: () => core.now(),
    });
  const runner = createSamplesRunner({
    maker: () => maker(),
    catalog,
    now: () => core.now(),
    logger: core.logger,
  });
  const audit = createAuditLog({ db: core.database.db, now: core.now, logger: core.logger });
  return {
    name: 'samples',
    routes: async (app) => {
      await app.register(samplesRoutes, { prefix: '/api/ai', catalog });
      await app.register(samplesAdminRoutes, {
        prefix: '/api/user/manage',
        guards: core.guards,
        audit,
        runner,
        catalog,
      });
    },
    services: { catalog, maker, shipped, made, runner } satisfies SamplesServices,
  };
};
export type SamplesServices = {
  catalog: ReturnType<typeof createSamplesCatalog>;
  maker: (sink?: SampleSink) => ReturnType<typeof createSampleMaker>;
  shipped: SampleSink;
  made: SampleSink;
  runner: SamplesRunner;
};
