import { Queue, Worker } from 'bullmq';
import { Redis } from 'ioredis';
import type { RedisOptions } from 'ioredis';
import type { Job, JobHandler, JobMap, ProcessOptions, QueuePort } from './queue.port';

export type BullMqQueueOptions = {
  url: string;
  /** Redis key prefix; tests use a unique one per file. */
  prefix?: string;
  onError?: (error: unknown, job: Job<unknown>) => void;
  /** Redis became unreachable (at boot or later): called once per incident, not per retry. */
  onConnectionLost?: (error: Error, where: string) => void;
  /** Redis answers again after an incident. */
  onConnectionRestored?: (where: string) => void;
  /** Longest wait for one Redis command of the API path (enqueue, ping). Default 2 s. */
  commandTimeoutMs?: number;
  /** Longest close(): then connections are dropped. Default 3 s. */
  closeTimeoutMs?: number;
};

// BullMQ queue names may not contain ':'.
const queueName = (name: string) => name.replace(/[^a-zA-Z0-9_-]/g, '-');

/** The URL without its password, for logs. */
export const redactRedisUrl = (url: string): string => {
  try {
    const u = new URL(url);
    if (u.password) u.password = '***';
    return u.toString();
  } catch {
    return 'redis://(unparsable)';
  }
};

export class TimeoutError extends Error {
  readonly code = 'ETIMEDOUT';
  constructor(what: string, ms: number) {
    super(`${what} took longer than ${ms} ms`);
    this.name = 'TimeoutError';
  }
}

/** A timer firing later than this was held up by a busy event loop, not by the awaited call. */
const LOOP_DELAY_TOLERANCE_MS = 50;
/** Fresh bounds a call gets when the loop was busy; a call that still hangs then fails. */
const MAX_LOOP_DELAY_RETRIES = 3;

/**
 * Fails `promise` after `ms` of waiting. A timer that fires late means the event loop was busy
 * (CPU work, a loaded machine): the answer may already sit unread in a socket, and the loop, not
 * the call, used the time. Such a call gets a fresh `ms` (at most MAX_LOOP_DELAY_RETRIES times),
 * so a busy process does not read its own slowness as an outage; a timer firing on time means
 * the call itself is slow, and it fails.
 */
export const withTimeout = <T>(promise: Promise<T>, ms: number, what: string): Promise<T> => {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    let retries = 0;
    const arm = () => {
      const due = performance.now() + ms;
      timer = setTimeout(() => {
        const late = performance.now() - due;
        if (late > LOOP_DELAY_TOLERANCE_MS && retries < MAX_LOOP_DELAY_RETRIES) {
          retries += 1;
          arm();
        } else reject(new TimeoutError(what, ms));
      }, ms);
    };
    arm();
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
};

/**
 * BullMQ on Redis: the same jobs, consumed by `--role worker` processes on any host. Jobs are
 * removed when done: the database row keeps the history, Redis only carries the wake-ups.
 *
 * Redis being down must never hang a request: the producer connection fails commands at once
 * while disconnected (no offline queue, one retry) and every call is bounded by a timeout; the
 * workers' blocking connection keeps retrying on its own. Connection loss is reported once per
 * incident through onConnectionLost, and close() is bounded too.
 */
export class BullMqQueue<J extends JobMap = JobMap> implements QueuePort<J> {
  readonly driver = 'bullmq' as const;
  private readonly connection: Redis;
  private readonly queues = new Map<string, Queue>();
  private readonly workers: Worker[] = [];
  private readonly extraConnections: Redis[] = [];
  private closed = false;
  private closing: Promise<void> | undefined;
  private down = false;
  private readonly commandTimeoutMs: number;

  constructor(private readonly options: BullMqQueueOptions) {
    this.commandTimeoutMs = options.commandTimeoutMs ?? 2_000;
    this.connection = this.connect('producer', {
      // Fail fast while disconnected: the task row is committed, the dispatcher retries later.
      enableOfflineQueue: false,
      maxRetriesPerRequest: 1,
    });
  }

  private connect(where: string, extra: RedisOptions): Redis {
    const redis = new Redis(this.options.url, {
      lazyConnect: false,
      connectTimeout: 2_000,
      retryStrategy: (times) => Math.min(times * 200, 2_000),
      ...extra,
    });
    redis.on('error', (err: Error) => {
      if (this.closed || this.down) return;
      this.down = true;
      this.options.onConnectionLost?.(err, where);
    });
    redis.on('ready', () => {
      if (!this.down) return;
      this.down = false;
      this.options.onConnectionRestored?.(where);
    });
    return redis;
  }

  private queue(name: string): Queue {
    let queue = this.queues.get(name);
    if (!queue) {
      queue = new Queue(queueName(name), {
        connection: this.connection,
        prefix: this.options.prefix ?? 'huijing',
      });
      // Errors surface through the connection's listener (once per incident) and the calls.
      queue.on('error', () => {});
      this.queues.set(name, queue);
    }
    return queue;
  }

  async enqueue<N extends keyof J & string>(
    name: N,
    payload: J[N],
    options: { jobId?: string } = {},
  ): Promise<string> {
    if (this.closed) throw new Error(`queue is closed; cannot enqueue ${name}`);
    const job = await withTimeout(
      this.queue(name).add(name, payload, {
        ...(options.jobId && { jobId: options.jobId }),
        removeOnComplete: true,
        removeOnFail: true,
      }),
      this.commandTimeoutMs,
      `enqueue ${name}`,
    );
    return job.id ?? '';
  }

  process<N extends keyof J & string>(
    name: N,
    handler: JobHandler<J[N]>,
    options: ProcessOptions = {},
  ): void {
    // BullMQ's blocking reads need retries without limit on their own connection.
    const connection = this.connect('worker', { maxRetriesPerRequest: null });
    this.extraConnections.push(connection);
    const worker = new Worker(
      queueName(name),
      async (job) =>
        handler({
          id: job.id ?? '',
          name,
          payload: job.data as J[N],
          enqueuedAt: new Date(job.timestamp),
        }),
      {
        connection,
        prefix: this.options.prefix ?? 'huijing',
        concurrency: options.concurrency ?? 1,
      },
    );
    worker.on('failed', (job, error) => {
      this.options.onError?.(error, {
        id: job?.id ?? '',
        name,
        payload: job?.data,
        enqueuedAt: new Date(job?.timestamp ?? Date.now()),
      });
    });
    worker.on('error', () => {});
    this.workers.push(worker);
  }

  async ping(timeoutMs = Math.min(this.commandTimeoutMs, 800)): Promise<boolean> {
    if (this.closed) return false;
    return withTimeout(this.connection.ping(), timeoutMs, 'redis ping')
      .then((r) => r === 'PONG')
      .catch(() => false);
  }

  /** Removes every job of a name (tests simulate a lost Redis with it). */
  async obliterate(name: string): Promise<void> {
    await this.queue(name).obliterate({ force: true });
  }

  /** Jobs waiting (not active) per name, for metrics; undefined when Redis does not answer. */
  async waitingCount(name: string): Promise<number | undefined> {
    return withTimeout(this.queue(name).getWaitingCount(), this.commandTimeoutMs, 'count').catch(
      () => undefined,
    );
  }

  close(): Promise<void> {
    this.closed = true;
    this.closing ??= (async () => {
      const all = [this.connection, ...this.extraConnections];
      const graceful = (async () => {
        await Promise.all(this.workers.map((w) => w.close()));
        await Promise.all([...this.queues.values()].map((q) => q.close()));
        await Promise.all(all.map((c) => c.quit().catch(() => {})));
      })();
      // With Redis gone, BullMQ's close waits for a connection that never comes back.
      await withTimeout(graceful, this.options.closeTimeoutMs ?? 3_000, 'queue close').catch(
        () => {},
      );
      for (const c of all) c.disconnect();
    })();
    return this.closing;
  }
}
