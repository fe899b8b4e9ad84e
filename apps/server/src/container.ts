import type { Logger } from 'pino';
import type { Env } from './config/env';
import { createLogger } from './config/logger';
import type { Role } from './config/role';
import { createDatabase } from './db/kysely';
import type { DatabaseHandle } from './db/kysely';
import { migrateToLatest } from './db/migrate';
import { seedDefaults } from './db/seeds/index';
import { engineStatuses } from './engines/engine-status';
import { createHealthService } from './modules/health/health.service';
import type { HealthService } from './modules/health/health.service';
import { createSettingsRepository } from './modules/settings/settings.repository';
import type { SettingsRepository } from './modules/settings/settings.repository';
import { InProcessQueue } from './queue/in-process.queue';
import type { QueuePort } from './queue/queue.port';
import { appVersion } from './version';

/**
 * The one composition root (ARCHITECTURE rule 5): every long-lived dependency is built here and
 * handed to whoever needs it. Tests build a real container on a temp database.
 */
export type Container = {
  env: Env;
  role: Role;
  logger: Logger;
  database: DatabaseHandle;
  queue: QueuePort;
  settings: SettingsRepository;
  health: HealthService;
  /** Migrations then idempotent seeds; run on every boot. */
  prepareDatabase: () => Promise<{ migrated: string[]; seeded: string[] }>;
  /** Registers job processors; only worker-capable roles call it. No job types exist yet. */
  startWorker: () => void;
  /** Queue first (lets running jobs finish, which may still write), then the database. */
  close: () => Promise<void>;
};

export type ContainerOptions = { role?: Role; logger?: Logger };

export const createContainer = (env: Env, options: ContainerOptions = {}): Container => {
  const role = options.role ?? 'all';
  const logger = options.logger ?? createLogger(env);
  const database = createDatabase(env.database);
  const queue = new InProcessQueue({
    onError: (err, job) => logger.error({ err, jobId: job.id, job: job.name }, 'job failed'),
  });
  if (env.REDIS_URL) {
    logger.info('REDIS_URL is set but the BullMQ adapter is not available yet; using in-process');
  }
  const settings = createSettingsRepository(database.db);
  const health = createHealthService({
    role,
    version: appVersion,
    startedAt: Date.now(),
    database,
    queue,
    engines: () => engineStatuses(env),
  });

  let closing: Promise<void> | undefined;
  return {
    env,
    role,
    logger,
    database,
    queue,
    settings,
    health,
    prepareDatabase: async () => ({
      migrated: await migrateToLatest(database.db),
      seeded: await seedDefaults(database.db),
    }),
    startWorker: () => {
      logger.info({ driver: queue.driver }, 'worker started');
    },
    close: () =>
      (closing ??= (async () => {
        await queue.close();
        await database.close();
      })()),
  };
};
