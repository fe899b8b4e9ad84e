import path from 'node:path';
import type { Logger } from 'pino';
import { createRateLimits } from './http/rate-limit';
import { HOUR, systemClock } from './config/clock';
import type { Clock } from './config/clock';
import type { Env } from './config/env';
import { createLogger } from './config/logger';
import type { Role } from './config/role';
import { pruneExpired } from './db/housekeeping';
import { sweepOrphanFiles } from './modules/uploads/orphan-files';
import { createDatabase } from './db/kysely';
import { migrateToLatest } from './db/migrate';
import { seedDefaults } from './db/seeds/index';
import { createEngineStatus } from './engines/engine-status';
import { createAdminService } from './modules/admin/admin.service';
import { createAuthGuards } from './modules/auth/authenticate';
import { createCaptchaRepository } from './modules/auth/captcha.repository';
import { createCaptchaService } from './modules/auth/captcha.service';
import { createLoginService } from './modules/auth/login.service';
import { randomToken } from './db/ids';
import { createSessionsRepository } from './modules/auth/sessions.repository';
import { createSessionsService } from './modules/auth/sessions.service';
import { createRedisSessionBus, localSessionBus } from './modules/auth/session-bus';
import { createSmsCodesRepository } from './modules/auth/sms-codes.repository';
import { createSmsService } from './modules/auth/sms.service';
import { createFaceRepository } from './modules/face/face.repository';
import { createFaceService } from './modules/face/face.service';
import { createCatalogRepository } from './modules/catalog/catalog.repository';
import { createCatalogService } from './modules/catalog/catalog.service';
import { createHealthService } from './modules/health/health.service';
import { createSettingsRepository } from './modules/settings/settings.repository';
import { createTicketsService } from './modules/tickets/tickets.service';
import { createAvatarStore } from './modules/users/avatar.store';
import { createUsersService } from './modules/users/users.service';
import { createWechatService } from './modules/wechat/wechat.service';
import { createWxScenesRepository } from './modules/wechat/wx-scenes.repository';
import { createSmsProvider } from './providers/sms';
import type { LlmProvider } from './providers/llm/llm';
import { createOpenAiLlm } from './providers/llm/openai-llm';
import { createAssistantService } from './modules/assistant/assistant.service';
import { createImageEditService } from './modules/assistant/image-edit.service';
import { createWechatQrProvider } from './providers/wechat';
import type { SmsProvider } from './providers/sms';
import { createStorage } from './providers/storage';
import type { StoragePort } from './providers/storage';
import { createClickMaskService } from './modules/tasks/click-mask.service';
import { createFilesRepository } from './modules/uploads/files.repository';
import { createFilesService } from './modules/uploads/files.service';
import { createComfyUiEngine } from './engines/comfyui/comfyui.engine';
import type { Engine } from './engines/engine';
import { createEngineRouter } from './engines/engine-router';
import { guardStructure } from './engines/structure-guard';
import { createLocalEngine } from './engines/local/local-engine';
import { createOpenAiImagesEngine } from './engines/openai/openai-images.engine';
import { createDashScopeEngine } from './engines/dashscope/dashscope.engine';
import { createArkEngine } from './engines/ark/ark.engine';
import { createLocalSlots, createRedisSlots } from './engines/provider-slots';
import type { ProviderCallSink } from './engines/provider-calls';
import { createProviderCallsRepository } from './modules/tasks/provider-calls.repository';
import {
  createProviderCallSink,
  hostedPricesEnvSchema,
  priceTable,
} from './modules/tasks/provider-prices';
import { createTasksService } from './modules/tasks/tasks.service';
import { createSharesService } from './modules/shares/shares.service';
import { createTaskWorker } from './modules/tasks/tasks.worker';
import { createRedisTaskEventBus, localTaskEventBus } from './modules/tasks/task-events';
import { createTaskStreamHub, taskStreamEnvSchema } from './modules/tasks/task-stream';
import {
  sweepWorkerTraces,
  WORKER_TRACES_SWEEP_MS,
  workerTracesEnvSchema,
} from './modules/tasks/worker-traces';
import { parseAreaEnv } from './config/area-env';
import { createPromptComposer, vocabularyFrom } from './modules/tasks/prompt-compose';
import type { PromptVocabulary } from './modules/tasks/prompt-compose';
import { runsJobs, servesHttp } from './config/role';
import { checkSimulators } from './config/simulators';
import { BullMqQueue, redactRedisUrl } from './queue/bullmq.queue';
import { InProcessQueue } from './queue/in-process.queue';
import type { QueuePort } from './queue/queue.port';
import { appVersion } from './version';
import type { Container, CoreContainer } from './core/deps';
import type { FeatureModule } from './modules/feature-module';
import { featureModules } from './modules/index';
import { createWorksService } from './modules/works/works.service';
import { createClientService } from './modules/client/client.service';
import { createPromptsService, PROMPTS_PER_MINUTE } from './modules/prompts/prompts.service';

export type ContainerOptions = {
  role?: Role;
  logger?: Logger;
  /** The clock every service reads; tests pass a fake one. */
  now?: Clock;
  /** Replaces the configured SMS channel (tests of provider failures). */
  smsProvider?: SmsProvider;
  /** Replaces the configured language models. */
  llm?: LlmProvider;
  /** Replaces the transport (tests pass a BullMQ queue with a unique prefix). */
  queue?: QueuePort;
  /**
   * Replaces the configured engines (tests pass fakes of the engine port, or hosted engines
   * built around the container's cost sink).
   */
  engines?: Engine[] | ((recordCall: ProviderCallSink) => Engine[]);
  /** Replaces the configured file storage (tests pass one over a disk that fills up). */
  storage?: StoragePort;
};

/**
 * The built-in local engine always; remote engines when their URLs are configured. The
 * generative ones are held to their tools' promise to keep the space (structure-guard.ts),
 * scored in the local engine's CPU pool; the hosted ones report each provider call to
 * `recordCall` (the cost rows).
 */
const configuredEngines = (env: Env, recordCall: ProviderCallSink): Engine[] => {
  const local = createLocalEngine();
  const generative: Engine[] = [
    ...(env.comfyUiUrls.length > 0
      ? [
          createComfyUiEngine({
            baseUrl: env.comfyUiUrls,
            auth: env.COMFYUI_AUTH,
            workflowsDir: env.COMFYUI_WORKFLOWS_DIR,
          }),
        ]
      : []),
    ...(env.OPENAI_IMAGES_BASE_URL
      ? [
          createOpenAiImagesEngine({
            baseUrl: env.OPENAI_IMAGES_BASE_URL,
            // Self-hosted compatible servers often need no key.
            apiKey: env.OPENAI_IMAGES_API_KEY ?? '',
            model: env.OPENAI_IMAGES_MODEL ?? 'gpt-image-1',
          }),
        ]
      : []),
    ...(env.dashscope ? [createDashScopeEngine({ ...env.dashscope, recordCall })] : []),
    ...(env.ark ? [createArkEngine({ ...env.ark, recordCall })] : []),
  ];
  return [local, ...generative.map((e) => guardStructure(e, { score: local.structureScore }))];
};

export const createContainer = (env: Env, options: ContainerOptions = {}): Container => {
  const role = options.role ?? 'all';
  const logger = options.logger ?? createLogger(env);
  // Refuses simulators reachable from other machines; names the ones that are on (security).
  const simulatorsBanner = servesHttp(role) ? checkSimulators(env) : undefined;
  if (simulatorsBanner) logger.warn(simulatorsBanner);
  // Logged once per incident (a burst of broken connections is one outage), never thrown.
  let lastConnectionError = 0;
  const database = createDatabase(env.database, (err) => {
    const at = Date.now();
    if (at - lastConnectionError > 30_000) {
      logger.error({ err }, 'database connection lost; failed queries answer 503 until it is back');
    }
    lastConnectionError = at;
  });
  const onError = (err: unknown, job: { id: string; name: string }) =>
    logger.error({ err, jobId: job.id, job: job.name }, 'job failed');
  const queue: QueuePort =
    options.queue ??
    (env.REDIS_URL
      ? new BullMqQueue({
          url: env.REDIS_URL,
          prefix: env.REDIS_PREFIX,
          onError,
          // One clear line per outage (at boot too), never a stack per retry.
          onConnectionLost: (err, where) =>
            logger.error(
              { redis: redactRedisUrl(env.REDIS_URL!), reason: err.message, connection: where },
              'Redis unreachable: health answers 503; new tasks wait in the database until it is back',
            ),
          onConnectionRestored: (where) =>
            logger.info({ connection: where }, 'Redis reachable again'),
        })
      : new InProcessQueue({ onError }));
  const settings = createSettingsRepository(database.db, logger);
  const health = createHealthService({
    role,
    version: appVersion,
    startedAt: Date.now(),
    database,
    queue,
    // The router and the worker are built further down; health only asks once serving.
    engines: () => engineStatus(),
    liveWorkers: () => worker.liveWorkers(),
    pendingHandOffs: () => worker.pendingHandOffs(),
    // With S3 and PostgreSQL nothing that grows is kept in DATA_DIR.
    disk:
      env.storage.driver === 'local' || env.database.dialect === 'sqlite'
        ? { dir: env.DATA_DIR, minFreeBytes: env.DATA_DIR_MIN_FREE_BYTES }
        : undefined,
  });

  const now = options.now ?? systemClock;
  const { db } = database;

  // APP_SECRET when configured; otherwise one generated on first use and kept in the database,
  // so a zero-configuration install still has a stable, private secret shared by every node.
  let secret: Promise<string> | undefined;
  const appSecret = () =>
    (secret ??= env.APP_SECRET
      ? Promise.resolve(env.APP_SECRET)
      : settings.ensureSecret('secret.app', () => randomToken(32)));

  const smsProvider = options.smsProvider ?? createSmsProvider(env, { logger, now });
  const llm =
    options.llm ?? createOpenAiLlm({ targets: env.llm, idleTimeoutMs: env.LLM_IDLE_TIMEOUT_MS });
  // Several API processes share Redis: an ended session leaves every process's cache at once.
  const sessionBus = env.REDIS_URL
    ? createRedisSessionBus(env.REDIS_URL, logger, env.REDIS_PREFIX)
    : localSessionBus();
  const sessions = createSessionsService({
    repo: createSessionsRepository(db),
    now,
    bus: sessionBus,
  });
  const captcha = createCaptchaService({
    repo: createCaptchaRepository(db),
    secret: appSecret,
    ...env.captcha,
    now,
  });
  const sms = createSmsService({
    repo: createSmsCodesRepository(db),
    provider: smsProvider,
    captcha,
    secret: appSecret,
    ipCaptchaAfter: env.smsIpCaptchaAfter,
    ipHourlyLimit: env.smsIpHourlyLimit,
    now,
    logger,
  });
  const tickets = createTicketsService({ db, signupTickets: env.signupTickets });
  const avatars = createAvatarStore({ dataDir: env.DATA_DIR });
  const users = createUsersService({
    db,
    tickets,
    settings,
    avatars,
    revokeSessions: (userId, reason) => sessions.revokeAll('user', userId, reason),
    now,
    logger,
  });
  const login = createLoginService({ users, sessions, sms });
  const wechat = createWechatService({
    repo: createWxScenesRepository(db),
    qr: createWechatQrProvider(env, { now }),
    users,
    login,
    now,
    logger,
    secret: appSecret,
  });
  const admin = createAdminService({ db, dialect: database.dialect, sessions, now, logger });
  const face = createFaceService({
    repo: createFaceRepository(db),
    now,
    simulator: env.simulators.enabled,
  });
  const catalog = createCatalogService({
    repo: createCatalogRepository(db),
    now,
    audit: admin.audit,
  });
  // Catalogue names by id for prompts and the works page's settings, rebuilt when a snapshot changes.
  let vocabularyMemo: { tree: unknown; library: unknown; value: PromptVocabulary } | undefined;
  const vocabulary = async (): Promise<PromptVocabulary> => {
    const [tree, library] = [
      (await catalog.classifyTree()).data,
      (await catalog.materialLibrary()).data,
    ];
    if (vocabularyMemo?.tree !== tree || vocabularyMemo.library !== library) {
      vocabularyMemo = { tree, library, value: vocabularyFrom(tree, library) };
    }
    return vocabularyMemo.value;
  };
  const storage = options.storage ?? createStorage(env);
  const files = createFilesService({
    repo: createFilesRepository(db),
    storage,
    secret: appSecret,
    now,
    maxPixels: env.UPLOAD_MAX_PIXELS,
    thumbDir: path.join(env.DATA_DIR, 'cache', 'thumbs'),
    isVip: (userId) => users.isVip(userId),
  });
  // Every task change (worker claims, progress, results, cancels) wakes the owner's event streams.
  const taskEvents = env.REDIS_URL
    ? createRedisTaskEventBus(env.REDIS_URL, logger, env.REDIS_PREFIX)
    : localTaskEventBus();
  const recordCall = createProviderCallSink({
    repo: createProviderCallsRepository(db),
    prices: priceTable(parseAreaEnv(env, hostedPricesEnvSchema).HOSTED_PRICES),
    now,
    onError: (err, call) => logger.error({ err, call }, 'provider call not recorded'),
  });
  const router = createEngineRouter({
    engines:
      typeof options.engines === 'function'
        ? options.engines(recordCall)
        : (options.engines ?? configuredEngines(env, recordCall)),
    db,
  });
  // The providers' concurrent-task limits, held across every worker when they share Redis.
  const slotLimits = { dashscope: env.dashscope?.concurrency, ark: env.ark?.concurrency };
  const slots =
    env.REDIS_URL && Object.values(slotLimits).some(Boolean)
      ? createRedisSlots({
          url: env.REDIS_URL,
          prefix: env.REDIS_PREFIX,
          limits: slotLimits,
          logger,
        })
      : createLocalSlots(slotLimits);
  const engineStatus = createEngineStatus(router.engines);
  const worker = createTaskWorker({
    db,
    queue,
    engines: router.engines,
    files,
    now,
    logger,
    dataDir: env.DATA_DIR,
    leaseMs: env.TASK_LEASE_MS,
    sweepMs: env.TASK_SWEEP_MS,
    // A remote engine with several servers (COMFYUI_URL list) runs that many at once per server;
    // a hosted provider's lane takes up to its limit, which the slots share between workers.
    concurrency: (engine) =>
      engine.id === 'local'
        ? env.TASK_CONCURRENCY_LOCAL
        : (slots.of(engine.id)?.limit ??
          env.TASK_CONCURRENCY_REMOTE * (engine.backends?.().length || 1)),
    slots,
    composePrompt: createPromptComposer({ vocabulary }),
    notify: taskEvents.publish,
    fallbacks: router.fallbacks,
    busyWaitMs: env.TASK_BUSY_WAIT_MS,
  });
  // An API-only process on the in-process transport has nobody to hand jobs to: the workers
  // elsewhere find the committed rows with their sweep.
  const handsJobsOver = runsJobs(role) || queue.driver !== 'in-process';
  const tasks = createTasksService({
    db,
    router,
    files,
    now,
    wake: (engine, taskId) => (handsJobsOver ? worker.wake(engine, taskId) : Promise.resolve()),
    abortLocal: worker.abortLocal,
    onWakeError: (err, taskId) => logger.error({ err, taskId }, 'enqueue failed; sweep will retry'),
    userLaneCap: env.TASK_USER_LANE_CAP,
    notify: taskEvents.publish,
    vocabulary,
  });
  const streamEnv = parseAreaEnv(env, taskStreamEnvSchema);
  const taskStreams = createTaskStreamHub({
    source: tasks,
    bus: taskEvents,
    // Without Redis only a process that also runs the worker hears every change.
    available: () => taskEvents.live() && (Boolean(env.REDIS_URL) || runsJobs(role)),
    sessionActive: async (token) => (await sessions.resolve('user', token)).ok,
    onSessionInvalidated: sessions.onInvalidated,
    logger,
    options: {
      perUser: streamEnv.TASK_EVENTS_PER_USER,
      max: streamEnv.TASK_EVENTS_MAX,
      heartbeatMs: streamEnv.TASK_EVENTS_HEARTBEAT_MS,
      retryMs: 3_000,
    },
  });
  // Only processes serving HTTP listen (a worker only publishes: one Redis connection).
  if (servesHttp(role)) taskStreams.listen();
  if (servesHttp(role) && !runsJobs(role) && !env.REDIS_URL) {
    logger.info(
      'task events off: an API process without Redis does not hear the workers; pages poll',
    );
  }
  // Only processes serving HTTP count requests (a worker never opens this connection).
  const rateLimits = createRateLimits({
    redisUrl: servesHttp(role) ? env.REDIS_URL : undefined,
    prefix: env.REDIS_PREFIX,
    commandTimeoutMs: env.RATE_LIMIT_REDIS_TIMEOUT_MS,
    logger,
    now,
  });
  const assistantLimit = rateLimits.perKey(
    'assistant',
    env.ASSISTANT_QUESTIONS_PER_MINUTE,
    'ASSISTANT_TOO_FREQUENT',
  );
  const assistant = createAssistantService({
    db,
    llm,
    files,
    now,
    logger,
    ticketsPerQuestion: env.ASSISTANT_TICKETS_PER_QUESTION,
    admit: assistantLimit,
    // Twice the longest silence an answer may have: anything older has nobody finishing it.
    staleAfterMs: env.LLM_IDLE_TIMEOUT_MS * 2,
  });
  const imageEdits = createImageEditService({
    db,
    router,
    tasks,
    files,
    now,
    admit: assistantLimit,
    wake: (engine, taskId) => (handsJobsOver ? worker.wake(engine, taskId) : Promise.resolve()),
    onWakeError: (err, taskId) => logger.error({ err, taskId }, 'enqueue failed; sweep will retry'),
    notify: taskEvents.publish,
  });
  const guards = createAuthGuards({
    sessions,
    loadUser: (id) => users.findUser(id),
    loadAdmin: (id) => admin.findForAuth(id),
  });

  let closing: Promise<void> | undefined;
  let housekeeping: ReturnType<typeof setInterval> | undefined;
  let tracesSweep: ReturnType<typeof setInterval> | undefined;
  const { WORKER_STALE_AFTER_MS: staleAfterMs } = parseAreaEnv(env, workerTracesEnvSchema);
  let fileSweep: ReturnType<typeof setInterval> | undefined;
  const core: CoreContainer = {
    appSecret,
    env,
    role,
    logger,
    database,
    queue,
    settings,
    health,
    now,
    smsProvider,
    llm,
    assistant,
    imageEdits,
    sessions,
    guards,
    captcha,
    sms,
    tickets,
    avatars,
    users,
    login,
    wechat,
    admin,
    face,
    catalog,
    storage,
    files,
    router,
    tasks,
    taskEvents,
    taskStreams,
    shares: createSharesService({ db, files, tasks, now }),
    clickMask: createClickMaskService({
      router,
      files,
      dataDir: env.DATA_DIR,
      admit: rateLimits.perKey('click-mask', env.CLICK_MASK_PER_MINUTE, 'CLICK_MASK_TOO_FREQUENT'),
    }),
    worker,
    slots,
    works: createWorksService({ db, tasks, files }),
    client: createClientService({ settings, audit: admin.audit }),
    prompts: createPromptsService({
      llm,
      files,
      logger,
      admit: rateLimits.perKey('prompts', PROMPTS_PER_MINUTE, 'PROMPT_TOO_FREQUENT'),
    }),
    rateLimits,
  };
  const features: FeatureModule[] = [];
  const byName = new Map<string, FeatureModule>();
  for (const make of featureModules) {
    const feature = make(core, byName);
    features.push(feature);
    byName.set(feature.name, feature);
  }
  return {
    ...core,
    features,
    prepareDatabase: async () => {
      const migrated = await database.unbounded(migrateToLatest);
      const seeded = await seedDefaults(database.db);
      for (const feature of features) seeded.push(...((await feature.seed?.(database.db)) ?? []));
      const boot = env.bootstrapAdmin;
      const created = boot ? await admin.ensureBootstrapAdmin(boot.username, boot.password) : false;
      return { migrated, seeded, ...(created && boot && { bootstrapAdmin: boot.username }) };
    },
    startWorker: async () => {
      await worker.start();
      // Expired account rows are pruned by the worker roles, at start and then hourly.
      const prune = () =>
        pruneExpired(database.db, now).then(
          (removed) => logger.debug({ removed }, 'housekeeping'),
          (err: unknown) => logger.warn({ err }, 'housekeeping failed; retried next hour'),
        );
      void prune();
      housekeeping = setInterval(() => void prune(), HOUR);
      housekeeping.unref();
      const sweepTraces = () =>
        sweepWorkerTraces({ db: database.db, dataDir: env.DATA_DIR, now, staleAfterMs }).then(
          (removed) => logger.debug({ removed }, 'worker traces swept'),
          (err: unknown) => logger.warn({ err }, 'worker traces sweep failed; retried'),
        );
      void sweepTraces();
      tracesSweep = setInterval(() => void sweepTraces(), WORKER_TRACES_SWEEP_MS);
      tracesSweep.unref();
      // Stored files no row points at (a failed commit, a crash mid-write), a day after their write.
      const sweepFiles = () =>
        sweepOrphanFiles({ db: database.db, storage, now }).then(
          (swept) => logger[swept.removed > 0 ? 'info' : 'debug']({ swept }, 'orphaned files'),
          (err: unknown) => logger.warn({ err }, 'orphaned file sweep failed; retried next hour'),
        );
      void sweepFiles();
      fileSweep = setInterval(() => void sweepFiles(), HOUR);
      fileSweep.unref();
      for (const feature of features) await feature.startWorker?.();
      logger.info(
        { driver: queue.driver, engines: router.engines.map((e) => e.id) },
        'worker started',
      );
    },
    close: () =>
      (closing ??= (async () => {
        clearInterval(housekeeping);
        clearInterval(tracesSweep);
        clearInterval(fileSweep);
        for (const feature of [...features].reverse()) await feature.stop?.();
        await worker.stop();
        // Only the engines made here: engines a caller passed in are the caller's to close.
        if (!options.engines) await Promise.all(router.engines.map((e) => e.close?.()));
        await queue.close();
        await slots.close();
        taskStreams.closeAll();
        await taskEvents.close();
        await sessionBus.close();
        await database.close();
        rateLimits.close();
      })()),
  };
};
