import type { ServerResponse } from 'node:http';
import type { TaskInfo } from '@huijing/contracts';
import type { Logger } from 'pino';
import { z } from 'zod';
import { AppError } from '../../http/app-error';
import { sha256Hex } from '../auth/secrets';
import type { SessionInvalidation } from '../auth/session-bus';
import type { TaskChange, TaskEventBus } from './task-events';

/** What a stream reads, as the owner: the same service (and toInfo) as getTaskByTaskId. */
export type TaskStreamSource = {
  streamTask: (
    userId: string,
    taskId: string,
  ) => Promise<{ info: TaskInfo; engine: string } | undefined>;
  streamSnapshot: (userId: string, since: string) => Promise<{ info: TaskInfo; engine: string }[]>;
};

/**
 * What another area adds to the stream (docs/tasks.md, "Task events"): its changes arrive as
 * `{ userId, topic, id }` and are sent as `event: <topic>` carrying what `read` answers — the same
 * service method as that area's status call, as the owner, so nothing of another user's is sent.
 * `read` answers undefined when the owner cannot see it (then nothing is sent); the answer's `id`
 * names it for de-duplication and for the web.
 */
export type StreamTopic = {
  read: (userId: string, id: string) => Promise<{ id: string } | undefined>;
  /** On connect, before `ready`: the owner's items active now or changed since `since`. */
  snapshot?: (userId: string, since: string) => Promise<{ id: string }[]>;
};

export type TaskStreamOptions = {
  /** Streams one user may hold at once (tabs); the next is refused with 429. */
  perUser: number;
  /** Streams this process holds at once; the next is refused with 503 (the web polls). */
  max: number;
  /** A comment line this often keeps proxies from closing a quiet stream; the session is re-checked. */
  heartbeatMs: number;
  /** The `retry:` hint: how long a browser waits before reconnecting. */
  retryMs: number;
};

/** Lane moves (claims, cancels) are gathered this long before positions are re-read. */
const LANE_COALESCE_MS = 200;
/** Without Last-Event-ID, the snapshot also carries tasks that changed this recently. */
const FRESH_CONNECT_WINDOW_MS = 2 * 60_000;
/** A Last-Event-ID older than this is taken as this old (the snapshot stays bounded). */
const RESUME_WINDOW_MS = 10 * 60_000;
/** Clocks of the processes writing `updated_at` may differ a little from ours. */
const CLOCK_SKEW_MS = 5_000;
/** A client this far behind is dropped (it falls back to the poll). */
const MAX_BUFFERED_BYTES = 1024 * 1024;
/** Tasks remembered per stream (what was last sent, for de-duplication and lane re-reads). */
const TRACKED_MAX = 200;

type Tracked = { status: TaskInfo['status']; engine: string; json: string };

/** A re-read waiting its turn: a task, or an item of a registered topic. */
type Pending = { taskId: string } | { topic: string; id: string };

type Stream = {
  userId: string;
  token: string;
  tokenHash: string;
  res: ServerResponse;
  tracked: Map<string, Tracked>;
  /** What was last sent per topic item (`topic:id`), for de-duplication. */
  sent: Map<string, string>;
  /** Keyed `taskId` or `topic:id` (task ids hold no colon), in arrival order. */
  pending: Map<string, Pending>;
  draining: boolean;
  closed: boolean;
  lastId: number;
  heartbeat?: NodeJS.Timeout;
};

export type TaskStreamHub = ReturnType<typeof createTaskStreamHub>;

/**
 * The per-user task event streams of this process (GET /api/ai/taskEvents). A change heard on the
 * bus is only a wake-up: the stream re-reads the task as its owner through the tasks service, so
 * an event always has the shape getTaskByTaskId answers and can never carry another user's task.
 * Reads of one stream run one after the other, so a later event never shows an older state.
 */
export const createTaskStreamHub = (deps: {
  source: TaskStreamSource;
  bus: TaskEventBus;
  /** Whether every task change reaches this process (Redis heard, or the worker runs here). */
  available: () => boolean;
  /** Whether the stream's session is still active. */
  sessionActive: (token: string) => Promise<boolean>;
  onSessionInvalidated: (listener: (message: SessionInvalidation) => void) => void;
  logger: Logger;
  options: TaskStreamOptions;
  now?: () => number;
}) => {
  const { options } = deps;
  const now = deps.now ?? Date.now;
  const log = deps.logger.child({ component: 'task-events' });
  const byUser = new Map<string, Set<Stream>>();
  const laneTimers = new Map<string, NodeJS.Timeout>();
  const topics = new Map<string, StreamTopic>();
  let total = 0;

  const write = (s: Stream, chunk: string) => {
    if (s.closed || s.res.destroyed) return;
    if (s.res.writableLength > MAX_BUFFERED_BYTES) {
      end(s, 'slow');
      return;
    }
    s.res.write(chunk);
  };

  const nextId = (s: Stream) => (s.lastId = Math.max(now(), s.lastId + 1));

  const remember = (s: Stream, id: string, entry: Tracked) => {
    s.tracked.delete(id);
    s.tracked.set(id, entry);
    if (s.tracked.size > TRACKED_MAX) s.tracked.delete(s.tracked.keys().next().value!);
  };

  const sendTask = (s: Stream, found: { info: TaskInfo; engine: string }) => {
    const json = JSON.stringify(found.info);
    const id = found.info.taskId;
    if (s.tracked.get(id)?.json === json) return;
    remember(s, id, { status: found.info.status, engine: found.engine, json });
    write(s, `id: ${nextId(s)}\nevent: task\ndata: ${json}\n\n`);
  };

  const sendTopic = (s: Stream, topic: string, item: { id: string }) => {
    const json = JSON.stringify(item);
    const key = `${topic}:${item.id}`;
    if (s.sent.get(key) === json) return;
    s.sent.delete(key);
    s.sent.set(key, json);
    if (s.sent.size > TRACKED_MAX) s.sent.delete(s.sent.keys().next().value!);
    write(s, `id: ${nextId(s)}\nevent: ${topic}\ndata: ${json}\n\n`);
  };

  const sendGone = (s: Stream, taskId: string) => {
    s.tracked.delete(taskId);
    write(s, `id: ${nextId(s)}\nevent: gone\ndata: ${JSON.stringify({ taskId })}\n\n`);
  };

  const cleanup = (s: Stream) => {
    if (s.closed) return;
    s.closed = true;
    clearInterval(s.heartbeat);
    const mine = byUser.get(s.userId);
    if (mine?.delete(s)) total -= 1;
    if (mine?.size === 0) byUser.delete(s.userId);
  };

  /** Ends a stream from our side; `reason` tells the client whether to come back. */
  const end = (s: Stream, reason: 'session' | 'unavailable' | 'shutdown' | 'slow' | 'error') => {
    if (s.closed) return;
    if (!s.res.destroyed && reason !== 'slow') {
      s.res.write(`event: end\ndata: ${JSON.stringify({ reason })}\n\n`);
    }
    cleanup(s);
    if (!s.res.destroyed) s.res.end();
  };

  const drain = async (s: Stream) => {
    if (s.draining) return;
    s.draining = true;
    try {
      while (s.pending.size > 0 && !s.closed) {
        const [key, next] = s.pending.entries().next().value!;
        s.pending.delete(key);
        if ('topic' in next) {
          const item = await topics.get(next.topic)?.read(s.userId, next.id);
          if (s.closed) return;
          if (item) sendTopic(s, next.topic, item);
          continue;
        }
        const found = await deps.source.streamTask(s.userId, next.taskId);
        if (s.closed) return;
        if (found) sendTask(s, found);
        else sendGone(s, next.taskId);
      }
    } catch (err) {
      log.warn({ err }, 'task stream read failed; the client polls instead');
      end(s, 'error');
    } finally {
      s.draining = false;
    }
  };

  const refresh = (s: Stream, next: Pending) => {
    if (s.closed) return;
    s.pending.set('topic' in next ? `${next.topic}:${next.id}` : next.taskId, next);
    void drain(s);
  };

  const recheckSession = (s: Stream) => {
    deps.sessionActive(s.token).then(
      (active) => {
        if (!active) end(s, 'session');
      },
      (err: unknown) => {
        log.warn({ err }, 'task stream session check failed');
        end(s, 'error');
      },
    );
  };

  const laneMoved = (lane: string) => {
    if (laneTimers.has(lane)) return;
    const timer = setTimeout(() => {
      laneTimers.delete(lane);
      for (const streams of byUser.values()) {
        for (const s of streams) {
          for (const [taskId, t] of s.tracked) {
            if (t.status === 'queued' && t.engine === lane) refresh(s, { taskId });
          }
        }
      }
    }, LANE_COALESCE_MS);
    timer.unref();
    laneTimers.set(lane, timer);
  };

  const onChange = (change: TaskChange) => {
    if ('lane' in change) {
      laneMoved(change.lane);
      return;
    }
    const streams = byUser.get(change.userId);
    if (!streams) return;
    if ('topic' in change) {
      // An unknown topic (a process of another version) is not ours to read.
      if (!topics.has(change.topic)) return;
      for (const s of streams) refresh(s, { topic: change.topic, id: change.id });
      return;
    }
    for (const s of streams) refresh(s, { taskId: change.taskId });
  };

  const each = (fn: (s: Stream) => void) => {
    for (const streams of [...byUser.values()]) for (const s of [...streams]) fn(s);
  };

  let listening = false;
  const listen = () => {
    if (listening) return;
    listening = true;
    deps.bus.subscribe(onChange);
    deps.bus.onDeaf(() => each((s) => end(s, 'unavailable')));
    deps.onSessionInvalidated(onSession);
  };
  const onSession = (message: SessionInvalidation) => {
    if ('hash' in message) {
      each((s) => {
        if (s.tokenHash === message.hash) end(s, 'session');
      });
    } else if (message.kind === 'user') {
      if (message.subjectId === '*') each(recheckSession);
      else for (const s of [...(byUser.get(message.subjectId) ?? [])]) recheckSession(s);
    }
  };

  const sinceOf = (lastEventId: string | undefined): string => {
    const at = now();
    const last = lastEventId && /^\d{1,15}$/.test(lastEventId) ? Number(lastEventId) : undefined;
    const from =
      last !== undefined && last <= at
        ? Math.max(last - CLOCK_SKEW_MS, at - RESUME_WINDOW_MS)
        : at - FRESH_CONNECT_WINDOW_MS;
    return new Date(from).toISOString();
  };

  return {
    /** Starts hearing task changes and session ends (processes that serve HTTP). */
    listen,

    /** Adds an area's events (at boot, by its module): `event: <name>`, read by `topic`. */
    registerTopic(name: string, topic: StreamTopic): void {
      if (['task', 'gone', 'ready', 'end'].includes(name) || topics.has(name))
        throw new Error(`task events: topic ${name} is taken`);
      topics.set(name, topic);
    },

    /** Refuses before anything is written: no stream possible now, or too many. */
    check(userId: string): void {
      if (!listening || !deps.available() || total >= options.max)
        throw new AppError('TASK_EVENTS_UNAVAILABLE');
      if ((byUser.get(userId)?.size ?? 0) >= options.perUser) {
        throw new AppError('TASK_EVENTS_TOO_MANY');
      }
    },

    /**
     * Takes over an answered response (headers written): registers the stream at once (so no
     * change is missed), then sends the snapshot — the owner's active tasks and those changed
     * since Last-Event-ID (or in the last two minutes), and each registered topic's snapshot —
     * then `ready`, then every change.
     */
    open(params: {
      userId: string;
      token: string;
      res: ServerResponse;
      lastEventId?: string;
    }): void {
      const s: Stream = {
        userId: params.userId,
        token: params.token,
        tokenHash: sha256Hex(params.token),
        res: params.res,
        tracked: new Map(),
        sent: new Map(),
        pending: new Map(),
        draining: true,
        closed: false,
        lastId: 0,
      };
      let mine = byUser.get(s.userId);
      if (!mine) byUser.set(s.userId, (mine = new Set()));
      mine.add(s);
      total += 1;
      s.res.on('close', () => cleanup(s));
      s.res.socket?.setNoDelay(true);
      write(s, `retry: ${options.retryMs}\n\n`);
      s.heartbeat = setInterval(() => {
        write(s, ': hb\n\n');
        recheckSession(s);
      }, options.heartbeatMs);
      s.heartbeat.unref();
      void (async () => {
        try {
          const since = sinceOf(params.lastEventId);
          const snapshot = await deps.source.streamSnapshot(s.userId, since);
          const extra = await Promise.all(
            [...topics].map(async ([name, topic]) => ({
              name,
              items: (await topic.snapshot?.(s.userId, since)) ?? [],
            })),
          );
          if (s.closed) return;
          for (const found of snapshot.reverse()) sendTask(s, found);
          for (const { name, items } of extra) for (const item of items) sendTopic(s, name, item);
          write(
            s,
            `id: ${nextId(s)}\nevent: ready\ndata: ${JSON.stringify({ tasks: snapshot.length })}\n\n`,
          );
        } catch (err) {
          log.warn({ err }, 'task stream snapshot failed; the client polls instead');
          end(s, 'error');
          return;
        } finally {
          s.draining = false;
        }
        void drain(s);
      })();
    },

    /** Open streams: this user's, or all of this process's. */
    count: (userId?: string) => (userId ? (byUser.get(userId)?.size ?? 0) : total),

    /** Ends every stream (shutdown: the server cannot close while they are open). */
    closeAll(): void {
      each((s) => end(s, 'shutdown'));
      for (const timer of laneTimers.values()) clearTimeout(timer);
      laneTimers.clear();
    },
  };
};

/** The streams' settings (docs/tasks.md, "Task events"), parsed at boot like every variable. */
export const taskStreamEnvSchema = z.object({
  TASK_EVENTS_PER_USER: z.coerce.number().int().min(1).max(100).default(5),
  TASK_EVENTS_MAX: z.coerce.number().int().min(1).max(1_000_000).default(2_000),
  TASK_EVENTS_HEARTBEAT_MS: z.coerce.number().int().min(1_000).max(60_000).default(15_000),
});
