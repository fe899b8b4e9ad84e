import { parseArgs } from 'node:util';
import { buildApp } from './app';
import type { App } from './app';
import { EnvError, loadEnv } from './config/env';
import { roleSchema, runsJobs, servesHttp } from './config/role';
import { createContainer } from './container';
import { exitAfterSignal, installProcessPolicy } from './process-policy';

/**
 * SIGTERM to exit, whatever hangs (a lost Redis, a stuck engine, a thread inside libvips): then
 * the supervisor takes over.
 */
const SHUTDOWN_DEADLINE_MS = 10_000;
/** How long a clean shutdown waits for the CPU pool's ended threads to be gone. */
const THREADS_WAIT_MS = 1_000;

const parseRole = () => {
  const { values } = parseArgs({
    options: { role: { type: 'string', default: 'all' } },
    allowPositionals: false,
  });
  const role = roleSchema.safeParse(values.role);
  if (!role.success) throw new Error(`--role must be one of all, api, worker (got ${values.role})`);
  return role.data;
};

const main = async (): Promise<void> => {
  const role = parseRole();
  const env = loadEnv();
  const container = createContainer(env, { role });
  const { logger } = container;
  installProcessPolicy(logger);
  let app: App | undefined;
  // Keeps a worker-only process alive: the in-process queue holds no handles of its own.
  let keepAlive: NodeJS.Timeout | undefined;

  let stopping = false;
  const shutdown = (signal: NodeJS.Signals) => {
    if (stopping) {
      logger.warn({ signal }, 'second signal: forcing exit');
      void exitAfterSignal(signal, 1, { logger, waitMs: 0 });
      return;
    }
    stopping = true;
    logger.info({ signal }, 'shutting down: finishing in-flight work');
    const deadline = Date.now() + SHUTDOWN_DEADLINE_MS;
    // Bounded: running tasks get the worker's grace (it stops before this deadline); whatever is
    // still unfinished then is re-queued by the next worker through its lease.
    setTimeout(() => {
      logger.error(
        { signal, deadlineMs: SHUTDOWN_DEADLINE_MS },
        'shutdown deadline passed: exiting',
      );
      void exitAfterSignal(signal, 1, { logger, waitMs: 0 });
    }, SHUTDOWN_DEADLINE_MS).unref();
    void (async () => {
      let code = 0;
      try {
        // Stops accepting connections and waits for in-flight requests.
        await app?.close();
        await container.close();
        clearInterval(keepAlive);
        logger.info('shutdown complete');
      } catch (err) {
        logger.error({ err }, 'shutdown failed');
        code = 1;
      }
      // Ended threads exit within moments; one still inside native code is not waited for.
      const waitMs = Math.max(0, Math.min(THREADS_WAIT_MS, deadline - Date.now()));
      await exitAfterSignal(signal, code, { logger, waitMs });
    })();
  };
  process.on('SIGTERM', shutdown);
  process.on('SIGINT', shutdown);

  try {
    const { migrated, seeded } = await container.prepareDatabase();
    logger.info({ dialect: container.database.dialect, migrated, seeded }, 'database ready');

    if (runsJobs(role)) {
      await container.startWorker();
      keepAlive = setInterval(() => {}, 1 << 30);
    } else {
      logger.warn('role api: this process does not run jobs; start a worker for them');
    }

    if (servesHttp(role)) {
      app = await buildApp(container);
      await app.listen({ host: env.HOST, port: env.PORT });
      const address = app.server.address();
      const port = typeof address === 'object' && address ? address.port : env.PORT;
      const shownHost = env.HOST === '0.0.0.0' || env.HOST === '::' ? 'localhost' : env.HOST;
      logger.info({ role }, `绘境 Huijing is listening on http://${shownHost}:${port}`);
    } else {
      logger.info({ role }, 'worker running (no HTTP listener)');
    }
  } catch (err) {
    logger.fatal({ err }, 'boot failed');
    await app?.close().catch(() => {});
    await container.close().catch(() => {});
    process.exit(1);
  }
};

main().catch((err: unknown) => {
  // Config errors come before the logger exists; print them plainly for the operator.
  console.error(err instanceof EnvError ? err.message : err);
  process.exit(1);
});
