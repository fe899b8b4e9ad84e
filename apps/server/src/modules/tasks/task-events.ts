import { randomBytes } from 'node:crypto';
import { Redis } from 'ioredis';
import type { Logger } from 'pino';

/**
 * A task change, as a wake-up (never the task itself): the process holding the owner's event
 * stream re-reads the task through the same service that answers getTaskByTaskId, as the owner.
 * `{ userId, taskId }`: that task changed (queued, claimed, progress, finished, canceled).
 * `{ lane }`: the queue of an engine lane moved (a claim, a cancel, a re-queue), so the positions
 * of other users' queued tasks in it may have changed.
 * `{ userId, topic, id }`: something of another area changed for that user (`training`: the
 * training task `id`); the stream re-reads it through the reader that area registered
 * (task-stream.ts, `registerTopic`), as the owner, like a task.
 */
export type TaskChange =
  | { userId: string; taskId: string }
  | { lane: string }
  | { userId: string; topic: string; id: string };

/**
 * Carries task changes from wherever they happen (worker processes, other API processes) to the
 * API processes holding event streams. `live()` is false while this process may be missing
 * changes (its Redis subscriber is not connected): streams are then closed and refused, and the
 * web falls back to the spec's poll.
 */
export type TaskEventBus = {
  publish: (change: TaskChange) => void;
  /** Returns the unsubscribe. The first subscriber opens the Redis subscription. */
  subscribe: (handler: (change: TaskChange) => void) => () => void;
  /** Called when the bus stops hearing (subscriber lost); streams must end. */
  onDeaf: (handler: () => void) => void;
  live: () => boolean;
  close: () => Promise<void>;
};

/**
 * One process: changes are delivered in memory. Only complete when this process also runs the
 * worker (`--role all`); the container refuses streams otherwise.
 */
export const localTaskEventBus = (): TaskEventBus => {
  const handlers = new Set<(change: TaskChange) => void>();
  return {
    publish: (change) => {
      for (const handler of handlers) handler(change);
    },
    subscribe: (handler) => {
      handlers.add(handler);
      return () => handlers.delete(handler);
    },
    onDeaf: () => {},
    live: () => true,
    close: async () => {
      handlers.clear();
    },
  };
};

/** REDIS_PREFIX namespaces the channel like every key, so two deployments on one Redis stay apart. */
export const taskEventsChannel = (prefix = 'huijing') => `${prefix}:tasks:changed`;

type Wire = { o: string; u?: unknown; t?: unknown; l?: unknown; k?: unknown; i?: unknown };

const parse = (raw: string): { origin: string; change: TaskChange } | undefined => {
  try {
    const value = JSON.parse(raw) as Wire;
    if (typeof value.o !== 'string') return undefined;
    if (typeof value.u === 'string' && typeof value.k === 'string' && typeof value.i === 'string') {
      return { origin: value.o, change: { userId: value.u, topic: value.k, id: value.i } };
    }
    if (typeof value.u === 'string' && typeof value.t === 'string') {
      return { origin: value.o, change: { userId: value.u, taskId: value.t } };
    }
    if (typeof value.l === 'string') return { origin: value.o, change: { lane: value.l } };
  } catch {
    // Not ours; ignored.
  }
  return undefined;
};

/**
 * Redis pub/sub between processes. A change is delivered here at once and published for the
 * others (their own copies are recognised by origin and skipped). Publishing never blocks or
 * fails a task transition. The subscriber connection is opened only by a process that subscribes
 * (API processes with streams), so workers hold one publishing connection. A change published
 * while Redis is unreachable is lost to the other processes: the web's slow safety poll covers
 * that.
 */
export const createRedisTaskEventBus = (
  url: string,
  logger: Logger,
  prefix?: string,
): TaskEventBus => {
  const channel = taskEventsChannel(prefix);
  const origin = randomBytes(6).toString('hex');
  const options = {
    connectTimeout: 1000,
    commandTimeout: 500,
    maxRetriesPerRequest: 1,
    enableOfflineQueue: false,
    lazyConnect: true,
  };
  const handlers = new Set<(change: TaskChange) => void>();
  const deafHandlers: (() => void)[] = [];
  let subscriber: Redis | undefined;
  let subscribed = false;
  let reported = false;
  let closed = false;
  const report = (err: Error) => {
    if (reported) return;
    reported = true;
    logger.warn({ err }, 'task events: Redis unreachable, waiting pages poll instead');
  };
  const deliver = (change: TaskChange) => {
    for (const handler of handlers) {
      try {
        handler(change);
      } catch (err) {
        logger.warn({ err }, 'task events: a handler failed');
      }
    }
  };
  // Connected at once (a change right after boot must not be lost to a connection still being
  // made); commands wait in the offline queue while it (re)connects, and fail after one retry.
  const publisher = new Redis(url, { ...options, lazyConnect: false, enableOfflineQueue: true });
  publisher.on('error', report);
  const listen = () => {
    if (subscriber || closed) return;
    const sub = new Redis(url, { ...options, commandTimeout: undefined });
    subscriber = sub;
    sub.on('error', report);
    sub.on('close', () => {
      if (!subscribed) return;
      subscribed = false;
      for (const handler of deafHandlers) handler();
    });
    sub.on('ready', () => {
      reported = false;
      sub.subscribe(channel).then(
        () => {
          subscribed = true;
        },
        (err: Error) => report(err),
      );
    });
    sub.on('message', (from: string, raw: string) => {
      if (from !== channel) return;
      const message = parse(raw);
      if (message && message.origin !== origin) deliver(message.change);
    });
    sub.connect().catch(report);
  };
  return {
    publish: (change) => {
      deliver(change);
      const wire: Wire =
        'lane' in change
          ? { o: origin, l: change.lane }
          : 'topic' in change
            ? { o: origin, u: change.userId, k: change.topic, i: change.id }
            : { o: origin, u: change.userId, t: change.taskId };
      publisher.publish(channel, JSON.stringify(wire)).catch(report);
    },
    subscribe: (handler) => {
      handlers.add(handler);
      listen();
      return () => handlers.delete(handler);
    },
    onDeaf: (handler) => {
      deafHandlers.push(handler);
    },
    live: () => subscribed,
    close: async () => {
      closed = true;
      subscribed = false;
      handlers.clear();
      publisher.disconnect();
      subscriber?.disconnect();
    },
  };
};
