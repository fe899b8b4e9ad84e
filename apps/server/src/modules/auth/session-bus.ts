import { Redis } from 'ioredis';
import type { Logger } from 'pino';
import type { SessionKind } from './secrets';

/** One ended session (by token hash) or every session of a subject (disable, password reset). */
export type SessionInvalidation = { hash: string } | { kind: SessionKind; subjectId: string };

/**
 * Tells the other API processes that sessions ended, so their short session caches drop them at
 * once instead of trusting them for a few more seconds. `live()` is false while a process may
 * have missed a message (its subscriber is not connected): the cache is then not trusted at all.
 */
export type SessionBus = {
  publish: (message: SessionInvalidation) => void;
  subscribe: (handler: (message: SessionInvalidation) => void) => void;
  live: () => boolean;
  close: () => Promise<void>;
};

/** One process (no Redis): nobody else to tell; the cache is this process's own. */
export const localSessionBus = (): SessionBus => ({
  publish: () => {},
  subscribe: () => {},
  live: () => true,
  close: async () => {},
});

/** REDIS_PREFIX namespaces the channel like every key, so two deployments on one Redis stay apart. */
export const sessionChannel = (prefix = 'huijing') => `${prefix}:sessions:ended`;

const parse = (raw: string): SessionInvalidation | undefined => {
  try {
    const value = JSON.parse(raw) as Record<string, unknown>;
    if (typeof value.hash === 'string') return { hash: value.hash };
    if ((value.kind === 'user' || value.kind === 'admin') && typeof value.subjectId === 'string') {
      return { kind: value.kind, subjectId: value.subjectId };
    }
  } catch {
    // Not ours; ignored.
  }
  return undefined;
};

/** Redis pub/sub between API processes; publishing never blocks or fails a request. */
export const createRedisSessionBus = (url: string, logger: Logger, prefix?: string): SessionBus => {
  const channel = sessionChannel(prefix);
  const options = {
    connectTimeout: 1000,
    commandTimeout: 500,
    maxRetriesPerRequest: 1,
    enableOfflineQueue: false,
  };
  const publisher = new Redis(url, options);
  const subscriber = new Redis(url, { ...options, commandTimeout: undefined });
  const handlers: ((message: SessionInvalidation) => void)[] = [];
  let subscribed = false;
  let reported = false;
  const report = (err: Error) => {
    if (reported) return;
    reported = true;
    logger.warn({ err }, 'sessions: Redis unreachable, sessions are checked on every request');
  };
  publisher.on('error', report);
  subscriber.on('error', report);
  subscriber.on('close', () => {
    subscribed = false;
  });
  subscriber.on('ready', () => {
    reported = false;
    subscriber.subscribe(channel).then(
      () => {
        // Messages may have been missed while disconnected: the caches start empty again.
        for (const handler of handlers) handler({ kind: 'user', subjectId: '*' });
        for (const handler of handlers) handler({ kind: 'admin', subjectId: '*' });
        subscribed = true;
      },
      (err: Error) => report(err),
    );
  });
  subscriber.on('message', (from: string, raw: string) => {
    if (from !== channel) return;
    const message = parse(raw);
    if (message) for (const handler of handlers) handler(message);
  });
  return {
    publish: (message) => {
      publisher.publish(channel, JSON.stringify(message)).catch(report);
    },
    subscribe: (handler) => {
      handlers.push(handler);
    },
    live: () => subscribed,
    close: async () => {
      subscribed = false;
      publisher.disconnect();
      subscriber.disconnect();
    },
  };
};
