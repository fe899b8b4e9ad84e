import rateLimit from '@fastify/rate-limit';
import type { RateLimitOptions } from '@fastify/rate-limit';
import type { ErrorKey } from '@huijing/contracts';
import type { FastifyInstance } from 'fastify';
import RedisStore from '@fastify/rate-limit/store/RedisStore.js';
import { Redis } from 'ioredis';
import type { Logger } from 'pino';
import { MINUTE, type Clock } from '../config/clock';
import { AppError } from './app-error';

/**
 * Request rate limits through @fastify/rate-limit: counted in Redis when REDIS_URL is set, so
 * every API process shares one count (a per-process map would give two processes twice the
 * limit), in process memory otherwise (one process). A route opts in with
 * `config: { rateLimit: perIpLimit(…) }` (per user: `rateLimits.perKey`); an exceeded limit answers that
 * limit's own catalogue error (Chinese message, 429). Redis trouble never blocks a request: the
 * count is skipped (each call is bounded by a short command timeout) and logged.
 */
export const registerRateLimits = async (
  app: FastifyInstance,
  limits: RateLimits,
): Promise<void> => {
  await app.register(rateLimit, {
    global: false,
    skipOnError: true,
    nameSpace: limits.namespace,
    ...(limits.redis && { redis: limits.redis }),
  });
};

/**
 * The limits of one process: the Redis connection the route limits and the service limits share
 * (REDIS_URL set and the process serves HTTP), and `perKey` for limits a service checks itself
 * after its own validation (click segmentation, assistant questions, prompt tools, feedback,
 * page-view beacons).
 */
export const createRateLimits = (options: {
  redisUrl: string | undefined;
  /** REDIS_PREFIX: keys are `<prefix>:rate:…`. */
  prefix?: string;
  /** RATE_LIMIT_REDIS_TIMEOUT_MS: a count waiting longer is skipped (the request goes through). */
  commandTimeoutMs: number;
  logger: Logger;
  now: Clock;
}) => {
  const namespace = `${options.prefix ?? 'huijing'}:rate:`;
  let redis: Redis | undefined;
  let reported = false;
  const report = (err: unknown) => {
    if (reported) return;
    reported = true;
    options.logger.warn({ err }, 'rate limits: Redis unreachable, requests are not counted');
  };
  if (options.redisUrl) {
    redis = new Redis(options.redisUrl, {
      connectTimeout: 1000,
      commandTimeout: options.commandTimeoutMs,
      maxRetriesPerRequest: 1,
      enableOfflineQueue: false,
      lazyConnect: false,
    });
    redis.on('error', report);
    redis.on('ready', () => {
      reported = false;
    });
  }
  return {
    redis,
    namespace,
    /**
     * `admit(key)` refuses with the catalogue error once `key` has been admitted `perMinute`
     * times within a minute, counted across every API process when Redis is configured (the
     * plugin's own store: a window starting at the first call) and in this process otherwise
     * (a sliding window on the injected clock). Redis trouble admits (logged once per outage).
     */
    perKey: (name: string, perMinute: number, error: ErrorKey): UserRateLimiter => {
      if (!redis) {
        const admit = createUserRateLimiter(perMinute, options.now, error);
        return async (key) => admit(key);
      }
      const store = new RedisStore(false, false, redis, `${namespace}${name}:`);
      return async (key) => {
        const current = await new Promise<number>((resolve) => {
          store.incr(
            key,
            (err, result) => {
              if (err || !result) {
                report(err);
                resolve(0);
              } else resolve(result.current);
            },
            MINUTE,
            perMinute,
          );
        });
        if (current > perMinute) throw new AppError(error);
      };
    },
    close: () => {
      redis?.disconnect();
    },
  };
};
export type RateLimits = ReturnType<typeof createRateLimits>;
/** Throws the limit's catalogue error when `key` is over its limit. */
export type UserRateLimiter = (key: string) => Promise<void>;

const limitOf = (
  perMinute: number,
  error: ErrorKey,
  extra: Partial<RateLimitOptions>,
): RateLimitOptions => ({
  max: perMinute,
  timeWindow: MINUTE,
  errorResponseBuilder: () => new AppError(error),
  ...extra,
});

/** A per-address limit for anonymous endpoints (checked as the request arrives). */
export const perIpLimit = (perMinute: number, error: ErrorKey): RateLimitOptions =>
  limitOf(perMinute, error, {});

/**
 * A per-user sliding one-minute window in this process (`perKey` without Redis): `admit(userId)`
 * throws the given catalogue error once a user has been admitted `perMinute` times in the last
 * minute. It keeps one user from flooding a paid upstream or our CPU, not a billing or security
 * boundary (tickets are). Users idle for a minute are forgotten, so the map stays small.
 */
export const createUserRateLimiter = (perMinute: number, now: Clock, error: ErrorKey) => {
  const recent = new Map<string, number[]>();
  let lastSweep = 0;
  const sweep = (t: number) => {
    if (t - lastSweep < MINUTE) return;
    lastSweep = t;
    for (const [userId, times] of recent) {
      if (t - (times.at(-1) ?? 0) >= MINUTE) recent.delete(userId);
    }
  };
  return (userId: string) => {
    const t = now().getTime();
    sweep(t);
    const times = (recent.get(userId) ?? []).filter((at) => t - at < MINUTE);
    if (times.length >= perMinute) throw new AppError(error);
    times.push(t);
    recent.set(userId, times);
  };
};
