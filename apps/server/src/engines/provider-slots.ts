import { randomBytes, randomInt } from 'node:crypto';
import { Redis } from 'ioredis';
import type { Logger } from 'pino';
import { abortError } from './engine';
import { createLimit } from './hosted-call';

/**
 * The hosted providers count tasks running at once per account and refuse the excess, so the
 * limit has to hold across every worker, not per process. A task takes a slot before it is
 * claimed: while it waits it is still `queued` with an honest position, never `running`.
 */
export interface SlotLimit {
  /** Slots at once, across every process sharing this limit. */
  readonly limit: number;
  /** Waits for a slot (or the abort), runs `task`, gives the slot back. */
  run<T>(signal: AbortSignal, task: () => Promise<T>): Promise<T>;
  /** Slots held now (by every process on Redis; by this one otherwise). */
  inUse(): Promise<number>;
}

export interface ProviderSlots {
  /** The limit of an engine that has one (the hosted providers); others run unlimited here. */
  of(engineId: string): SlotLimit | undefined;
  close(): Promise<void>;
}

export type SlotLimits = Partial<Record<string, number>>;

/** One process (the in-process queue): a counter and a waiting line. */
export const createLocalSlots = (limits: SlotLimits): ProviderSlots => {
  const slots = new Map<string, SlotLimit>();
  for (const [id, limit] of Object.entries(limits)) {
    if (!limit) continue;
    const local = createLimit(limit);
    slots.set(id, { limit, run: local.run, inUse: () => Promise.resolve(local.running) });
  }
  return { of: (id) => slots.get(id), close: async () => {} };
};

// Drops expired leases, then takes one when fewer than the limit remain. Redis's own clock
// decides expiry, so workers with skewed clocks agree.
const ACQUIRE = `
local t = redis.call('TIME')
local now = tonumber(t[1]) * 1000 + math.floor(tonumber(t[2]) / 1000)
redis.call('ZREMRANGEBYSCORE', KEYS[1], '-inf', now)
if redis.call('ZCARD', KEYS[1]) < tonumber(ARGV[1]) then
  redis.call('ZADD', KEYS[1], now + tonumber(ARGV[2]), ARGV[3])
  redis.call('PEXPIRE', KEYS[1], tonumber(ARGV[2]) * 2)
  return 1
end
return 0`;

// Pushes a held lease's expiry forward; 0 when it had already expired and was taken away.
const RENEW = `
local t = redis.call('TIME')
local now = tonumber(t[1]) * 1000 + math.floor(tonumber(t[2]) / 1000)
if redis.call('ZSCORE', KEYS[1], ARGV[2]) then
  redis.call('ZADD', KEYS[1], 'XX', now + tonumber(ARGV[1]), ARGV[2])
  redis.call('PEXPIRE', KEYS[1], tonumber(ARGV[1]) * 2)
  return 1
end
return 0`;

const IN_USE = `
local t = redis.call('TIME')
local now = tonumber(t[1]) * 1000 + math.floor(tonumber(t[2]) / 1000)
redis.call('ZREMRANGEBYSCORE', KEYS[1], '-inf', now)
return redis.call('ZCARD', KEYS[1])`;

export interface RedisSlotsOptions {
  url: string;
  limits: SlotLimits;
  prefix?: string;
  logger: Logger;
  /** How long a slot outlives its holder's last renewal (a killed worker's slot comes back). */
  leaseMs?: number;
  /** How often a waiting task asks again. */
  pollMs?: number;
}

export const slotKey = (prefix: string, engineId: string) => `${prefix}:slots:${engineId}`;

const pause = (ms: number, signal: AbortSignal) =>
  new Promise<void>((resolve, reject) => {
    const timer = setTimeout(done, ms);
    function done() {
      signal.removeEventListener('abort', onAbort);
      resolve();
    }
    function onAbort() {
      clearTimeout(timer);
      reject(abortError());
    }
    signal.addEventListener('abort', onAbort, { once: true });
  });

/**
 * Many workers on one Redis (the BullMQ queue): each slot is a lease in a sorted set scored by
 * its expiry, renewed every third of its life while the task runs, so a worker killed mid-task
 * gives its slot back within `leaseMs`. A Redis outage makes tasks wait (the queue is down too).
 */
export const createRedisSlots = (options: RedisSlotsOptions): ProviderSlots => {
  const leaseMs = options.leaseMs ?? 30_000;
  const pollMs = options.pollMs ?? 300;
  const prefix = options.prefix ?? 'huijing';
  const redis = new Redis(options.url, { maxRetriesPerRequest: 1, lazyConnect: false });
  let reported = false;
  redis.on('error', (err: Error) => {
    if (reported) return;
    reported = true;
    options.logger.warn({ err }, 'provider slots: Redis unreachable, hosted tasks wait for it');
  });
  redis.on('ready', () => {
    reported = false;
  });

  const slotOf = (engineId: string, limit: number): SlotLimit => {
    const key = slotKey(prefix, engineId);
    const acquire = async (signal: AbortSignal): Promise<string> => {
      const lease = `${process.pid}:${randomBytes(6).toString('hex')}`;
      for (;;) {
        if (signal.aborted) throw abortError();
        const got = await redis
          .eval(ACQUIRE, 1, key, limit, leaseMs, lease)
          .catch(() => 0 as const);
        if (got === 1) return lease;
        // Jitter keeps several waiting workers from asking in lockstep.
        await pause(pollMs / 2 + randomInt(Math.max(1, pollMs)), signal);
      }
    };
    return {
      limit,
      async run(signal, task) {
        const lease = await acquire(signal);
        const renew = setInterval(() => {
          redis.eval(RENEW, 1, key, leaseMs, lease).then(
            (kept) => {
              if (kept !== 1) options.logger.warn({ engineId }, 'provider slot lease was lost');
            },
            () => {},
          );
        }, leaseMs / 3);
        try {
          return await task();
        } finally {
          clearInterval(renew);
          await redis.zrem(key, lease).catch(() => {});
        }
      },
      inUse: async () => Number(await redis.eval(IN_USE, 1, key)),
    };
  };

  const slots = new Map<string, SlotLimit>();
  for (const [id, limit] of Object.entries(options.limits)) {
    if (limit) slots.set(id, slotOf(id, limit));
  }
  return {
    of: (id) => slots.get(id),
    close: async () => {
      await redis.quit().catch(() => redis.disconnect());
    },
  };
};
