/**
 * The types-only seam below the areas: what the composition root (container.ts) builds, what an
 * area's module may take from it, and the app type routes register on. Areas import these
 * types from here, never from container.ts or app.ts, so no import runs back up from an area to
 * the root that builds it.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyBaseLogger, FastifyInstance, RawServerDefault } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Kysely } from 'kysely';
import type { Logger } from 'pino';
import type { Clock } from '../config/clock';
import type { Env } from '../config/env';
import type { Role } from '../config/role';
import type { DatabaseHandle } from '../db/kysely';
import type { Database } from '../db/schema';
import type { EngineRouter } from '../engines/engine-router';
import type { ProviderSlots } from '../engines/provider-slots';
import type { RateLimits } from '../http/rate-limit';
import type { AdminService } from '../modules/admin/admin.service';
import type { AssistantService } from '../modules/assistant/assistant.service';
import type { ImageEditService } from '../modules/assistant/image-edit.service';
import type { AuthGuards } from '../modules/auth/authenticate';
import type { CaptchaService } from '../modules/auth/captcha.service';
import type { LoginService } from '../modules/auth/login.service';
import type { SessionsService } from '../modules/auth/sessions.service';
import type { SmsService } from '../modules/auth/sms.service';
import type { CatalogService } from '../modules/catalog/catalog.service';
import type { ClientService } from '../modules/client/client.service';
import type { FaceService } from '../modules/face/face.service';
import type { HealthService } from '../modules/health/health.service';
import type { PromptsService } from '../modules/prompts/prompts.service';
import type { SettingsRepository } from '../modules/settings/settings.repository';
import type { SharesService } from '../modules/shares/shares.service';
import type { ClickMaskService } from '../modules/tasks/click-mask.service';
import type { TaskEventBus } from '../modules/tasks/task-events';
import type { TaskStreamHub } from '../modules/tasks/task-stream';
import type { TasksService } from '../modules/tasks/tasks.service';
import type { TaskWorker } from '../modules/tasks/tasks.worker';
import type { TicketsService } from '../modules/tickets/tickets.service';
import type { FilesService } from '../modules/uploads/files.service';
import type { AvatarStore } from '../modules/users/avatar.store';
import type { UsersService } from '../modules/users/users.service';
import type { WechatService } from '../modules/wechat/wechat.service';
import type { WorksService } from '../modules/works/works.service';
import type { LlmProvider } from '../providers/llm/llm';
import type { SmsProvider } from '../providers/sms';
import type { StoragePort } from '../providers/storage';
import type { QueuePort } from '../queue/queue.port';

/** The Fastify instance every area registers its routes on (zod schemas as the type provider). */
export type App = FastifyInstance<
  RawServerDefault,
  IncomingMessage,
  ServerResponse<IncomingMessage>,
  FastifyBaseLogger,
  ZodTypeProvider
>;

/**
 * A product area that registers itself (ARCHITECTURE rule 14): the container builds the shared
 * parts, then calls each factory in `modules/index.ts` in order; app.ts registers each module's
 * routes, the worker role starts its background work, close() stops it. A module's admin
 * endpoints live in the module, behind the one permission matrix.
 */
export type FeatureModule = {
  name: string;
  /** Registers the module's routes with their own prefixes (under /api). */
  routes?: (app: App) => Promise<void>;
  /** Idempotent default rows, run on every boot after the core seeds; returns what it added. */
  seed?: (db: Kysely<Database>) => Promise<string[]>;
  /** Background work on worker-capable roles (reconcilers, dispatchers, pruning). */
  startWorker?: () => Promise<void>;
  /** Stops background work; called before the queue and the database close. */
  stop?: () => Promise<void>;
  /** What other modules may use; read it with `moduleServices`. */
  services?: unknown;
};

/** Earlier modules by name: a factory may use what a module listed before it exposes. */
export type ModuleLookup = ReadonlyMap<string, FeatureModule>;

export type FeatureModuleFactory = (core: CoreContainer, modules: ModuleLookup) => FeatureModule;

/** What container.ts builds: every long-lived dependency, handed to whoever needs it. */
export type Container = {
  env: Env;
  role: Role;
  logger: Logger;
  database: DatabaseHandle;
  queue: QueuePort;
  settings: SettingsRepository;
  health: HealthService;
  now: Clock;
  smsProvider: SmsProvider;
  /** OpenAI-compatible chat per model choice (assistant, prompt tools). */
  llm: LlmProvider;
  assistant: AssistantService;
  imageEdits: ImageEditService;
  sessions: SessionsService;
  guards: AuthGuards;
  captcha: CaptchaService;
  sms: SmsService;
  tickets: TicketsService;
  avatars: AvatarStore;
  users: UsersService;
  login: LoginService;
  wechat: WechatService;
  admin: AdminService;
  face: FaceService;
  catalog: CatalogService;
  storage: StoragePort;
  files: FilesService;
  router: EngineRouter;
  tasks: TasksService;
  /** Task changes between processes (Redis pub/sub, or in memory on one process). */
  taskEvents: TaskEventBus;
  /** This process's task event streams (GET /api/ai/taskEvents). */
  taskStreams: TaskStreamHub;
  shares: SharesService;
  clickMask: ClickMaskService;
  worker: TaskWorker;
  /** Hosted providers' concurrent-task limits (engines/provider-slots.ts). */
  slots: ProviderSlots;
  works: WorksService;
  client: ClientService;
  prompts: PromptsService;
  /**
   * Request limits: one Redis count shared by every API process when REDIS_URL is set, this
   * process's memory otherwise (the single-process SQLite setup).
   */
  rateLimits: RateLimits;
  /** The self-registering product areas (modules/index.ts), built after the core parts. */
  features: FeatureModule[];
  /**
   * Migrations, idempotent seeds, then the first super admin from ADMIN_USERNAME/ADMIN_PASSWORD
   * when that username does not exist yet; run on every boot.
   */
  prepareDatabase: () => Promise<{
    migrated: string[];
    seeded: string[];
    bootstrapAdmin?: string;
  }>;
  /** Starts the task worker (lanes per engine, recovery sweep); only worker-capable roles call it. */
  startWorker: () => Promise<void>;
  /** Queue first (lets running jobs finish, which may still write), then the database. */
  close: () => Promise<void>;
};

/** What a feature module's factory receives: every core part, before the modules exist. */
export type CoreContainer = Omit<
  Container,
  'features' | 'prepareDatabase' | 'startWorker' | 'close'
> & {
  /** The application secret (APP_SECRET, or one generated once and kept in the database). */
  appSecret: () => Promise<string>;
};
