import { z } from 'zod';
import { parseAreaEnv } from '../../config/area-env';
import { runsJobs } from '../../config/role';
import { ComfyUiClient } from '../../engines/comfyui/comfyui.client';
import type { FeatureModuleFactory } from '../feature-module';
import { createTaskWorker, laneOf } from '../tasks/tasks.worker';
import { createCaptionWriter } from './captions';
import { seedTrainDomains } from './domain-presets';
import { createModelsRepository } from './models.repository';
import { modelsRoutes } from './models.routes';
import { createModelsService } from './models.service';
import { createSquareService } from './square.service';
import { createTrainAvailability } from './train-availability';
import { createTrainingEngine, TRAIN_ENGINE_ID } from './training.engine';
import { AppError } from '../../http/app-error';
import { createAuditLog } from '../admin/audit.service';
import { modelsAdminRoutes } from './models-admin.routes';

/** The area's own settings (docs/training.md lists them). */
const modelsEnvSchema = z.object({
  MODEL_TRAIN_PRICE: z.coerce.number().int().min(0).max(100_000).default(30),
  MODEL_TRAIN_TICKET_TYPE: z.coerce.number().int().min(1).max(4).default(1),
  MODEL_TRAIN_MIN_IMAGES: z.coerce.number().int().min(1).max(200).default(10),
  MODEL_TRAIN_MAX_IMAGES: z.coerce.number().int().min(1).max(200).default(50),
  MODEL_TRAIN_MIN_SIDE: z.coerce.number().int().min(64).max(4096).default(512),
  MODEL_TRAIN_CONCURRENCY: z.coerce.number().int().min(1).max(16).default(1),
  MODEL_TRAIN_TIMEOUT_MINUTES: z.coerce
    .number()
    .int()
    .min(1)
    .max(24 * 60)
    .default(240),
  /**
   * Which configured language model writes captions (it must accept pictures); unset: Qwen-VL on
   * the DashScope key when there is one, else none.
   */
  MODEL_CAPTION_LLM: z.enum(['gemini', 'gpt', 'qwen']).optional(),
});

export type ModelsServices = {
  models: ReturnType<typeof createModelsService>;
  square: ReturnType<typeof createSquareService>;
};

/**
 * Model training and the model square. A training is a task in the shared tasks table
 * on its own lane (`task:comfyui-train`, MODEL_TRAIN_CONCURRENCY at a time) run by a task worker
 * of this module, so holds, captures, releases, leases and crash recovery are the tasks'.
 */
export const createModelsModule: FeatureModuleFactory = (core) => {
  const env = parseAreaEnv(core.env, modelsEnvSchema);
  if (env.MODEL_TRAIN_MIN_IMAGES > env.MODEL_TRAIN_MAX_IMAGES)
    throw new Error('MODEL_TRAIN_MIN_IMAGES must not exceed MODEL_TRAIN_MAX_IMAGES');
  const { db } = core.database;
  const repo = createModelsRepository(db);
  // Training runs on the first ComfyUI of COMFYUI_URL (renders with its LoRAs prefer it too).
  const trainingUrl = core.env.comfyUiUrls[0];
  const client = trainingUrl
    ? new ComfyUiClient({ baseUrl: trainingUrl, auth: core.env.COMFYUI_AUTH })
    : undefined;
  const engine = client
    ? createTrainingEngine({
        client,
        workflowsDir: core.env.COMFYUI_WORKFLOWS_DIR,
        timeoutMs: env.MODEL_TRAIN_TIMEOUT_MINUTES * 60_000,
        storage: core.storage,
        files: core.files,
        repo,
        now: core.now,
      })
    : undefined;
  // A training's changes reach its owner's event streams as `training` events (docs/tasks.md,
  // "Task events"): the wake-up names the task, the stream re-reads the model's detail as the owner.
  const publish = (userId: string, taskId: string) =>
    core.taskEvents.publish({ userId, topic: 'training', id: taskId });
  const worker = createTaskWorker({
    db,
    queue: core.queue,
    engines: engine ? [engine] : [],
    files: core.files,
    now: core.now,
    logger: core.logger.child({ area: 'training' }),
    dataDir: core.env.DATA_DIR,
    leaseMs: core.env.TASK_LEASE_MS,
    sweepMs: core.env.TASK_SWEEP_MS,
    concurrency: () => env.MODEL_TRAIN_CONCURRENCY,
    // Lane moves are not sent: a training's detail carries no place in the queue.
    notify: (change) => {
      if ('taskId' in change) publish(change.userId, change.taskId);
    },
  });
  const handsJobsOver = runsJobs(core.role) || core.queue.driver !== 'in-process';
  const models = createModelsService({
    db,
    repo,
    files: core.files,
    storage: core.storage,
    now: core.now,
    logger: core.logger,
    settings: {
      price: env.MODEL_TRAIN_PRICE,
      ticketType: env.MODEL_TRAIN_TICKET_TYPE as 1 | 2 | 3 | 4,
      minImages: env.MODEL_TRAIN_MIN_IMAGES,
      maxImages: env.MODEL_TRAIN_MAX_IMAGES,
      minShortSide: env.MODEL_TRAIN_MIN_SIDE,
    },
    availability: createTrainAvailability({
      client,
      workflowsDir: core.env.COMFYUI_WORKFLOWS_DIR,
      warn: (detail) => core.logger.warn({ detail }, 'model training unavailable'),
    }),
    captions: createCaptionWriter({
      llm: core.llm,
      model: env.MODEL_CAPTION_LLM ?? 'qwen',
      storage: core.storage,
      logger: core.logger,
    }),
    wake: async (taskId) => {
      if (handsJobsOver)
        await core.queue.enqueue(laneOf(TRAIN_ENGINE_ID), { taskId }, { jobId: taskId });
    },
    abortLocal: worker.abortLocal,
    isVip: (userId) => core.users.isVip(userId),
    notify: publish,
  });
  core.taskStreams.registerTopic('training', {
    read: (userId, taskId) => models.streamTraining(userId, taskId),
    snapshot: (userId, since) => models.streamSnapshot(userId, since),
  });
  const square = createSquareService({ repo, files: core.files, models });

  // Render tools' loraId: only the user's own finished models or published ones, and only on
  // ComfyUI (the other engines cannot load a LoRA); the engine gets the file name and trigger.
  core.tasks.useParamCheck(async ({ userId, tool, params }) => {
    const loraId = params.loraId;
    if (typeof loraId !== 'string' || loraId === '') return params;
    const route = await core.router.resolve(tool.capability);
    if (route.engine?.id !== 'comfyui')
      throw new AppError('MODEL_NOT_USABLE', {
        message: '当前渲染引擎不支持自定义模型，请取消选择模型后重试',
      });
    const lora = await models.resolveForRender(userId, loraId);
    return { ...params, loraName: lora.loraName, loraTrigger: lora.triggerWord };
  });
  let started = false;
  return {
    name: 'models',
    routes: async (app) => {
      await app.register(modelsRoutes, {
        prefix: '/api/model',
        models,
        square,
        guards: core.guards,
      });
      await app.register(modelsAdminRoutes, {
        prefix: '/api/user/manage/models',
        db,
        models,
        audit: createAuditLog({ db, now: core.now, logger: core.logger }),
        guards: core.guards,
        now: core.now,
        notify: publish,
      });
    },
    seed: (database) => seedTrainDomains(database, core.now().toISOString()),
    startWorker: async () => {
      if (!engine) return;
      started = true;
      await worker.start();
    },
    stop: async () => {
      if (started) await worker.stop();
    },
    services: { models, square } satisfies ModelsServices,
  };
};
