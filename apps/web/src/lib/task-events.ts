import type { TaskInfo } from '@huijing/contracts';
import { API_PREFIX } from './constants';
import { authHeaders } from './request';
import { readEventStream } from './sse';

/**
 * The signed-in user's task event stream (GET /api/ai/taskEvents, docs/tasks.md "Task events"):
 * one connection per tab, shared by every waiting page that watches a task. Read with fetch (the
 * satoken header; EventSource cannot send it), parsed by eventsource-parser. Each `task` event is
 * exactly what getTaskByTaskId answers. When the stream is refused or drops, watchers hear
 * `open = false` and poll as before; it reconnects with backoff, resuming from Last-Event-ID.
 * Other areas' events (a topic: `training` carries what GET /model/train/:id answers) come on
 * the same connection and are watched with watchTopic. Loaded on demand by the hooks of
 * components/use-task-stream.ts, so no page's first load carries it.
 */
export interface TaskWatcher {
  onTask: (task: TaskInfo) => void;
  /** The task is no longer visible to its owner (deleted): the poll will say so. */
  onGone?: () => void;
  /** true once the stream is open (after its snapshot), false when it is not. */
  onOpen: (open: boolean) => void;
}

/** Watches the items of a topic (event type) other than tasks; each names itself by `id`. */
export interface TopicWatcher<T extends { id: string }> {
  onEvent: (item: T) => void;
  onOpen: (open: boolean) => void;
}

type Entry =
  | (TaskWatcher & { taskId: string })
  | {
      topic: string;
      id?: string;
      onEvent: (item: { id: string }) => void;
      onOpen: TaskWatcher['onOpen'];
    };

/** Event types that are not topics. */
const OWN_EVENTS = new Set(['ready', 'end', 'gone', 'task', 'message']);

/** Kept open this long after the last watcher leaves (the tool page → done page hop). */
const IDLE_CLOSE_MS = 20_000;
const MAX_BACKOFF_MS = 60_000;
/** Refused because push is off here or too many tabs: no point asking again soon. */
const REFUSED_BACKOFF_MS = 120_000;

const watchers = new Set<Entry>();
/**
 * The latest event per task (key: its id) and per topic item (key: `topic:id`), so a page that
 * starts watching a moment after the stream carried it (a fast run finishing before the page's
 * hook subscribed) still gets it.
 */
const latest = new Map<string, unknown>();
const remember = (key: string, value: unknown) => {
  latest.delete(key);
  latest.set(key, value);
  if (latest.size > LATEST_MAX) latest.delete(latest.keys().next().value!);
};
const LATEST_MAX = 50;
let open = false;
let controller: AbortController | undefined;
let reconnectTimer: ReturnType<typeof setTimeout> | undefined;
let idleTimer: ReturnType<typeof setTimeout> | undefined;
let lastEventId: string | undefined;
let retryMs = 3_000;
let failures = 0;

const setOpen = (next: boolean) => {
  open = next;
  for (const w of [...watchers]) w.onOpen(next);
};

const schedule = (delay: number) => {
  clearTimeout(reconnectTimer);
  if (watchers.size === 0) return;
  // Jitter: many tabs dropped together (a deploy) do not come back in the same instant.
  reconnectTimer = setTimeout(connect, delay * (0.5 + Math.random() / 2));
};

const dispatch = (event: string, data: string) => {
  if (event === 'ready') {
    failures = 0;
    setOpen(true);
    return;
  }
  let parsed: unknown;
  try {
    parsed = JSON.parse(data);
  } catch {
    return;
  }
  if (!OWN_EVENTS.has(event)) {
    const id = (parsed as { id?: unknown } | null)?.id;
    if (typeof id !== 'string') return;
    const item = parsed as { id: string };
    remember(`${event}:${id}`, item);
    for (const w of [...watchers]) {
      if ('topic' in w && w.topic === event && (w.id === undefined || w.id === id)) w.onEvent(item);
    }
    return;
  }
  if (event !== 'task' && event !== 'gone') return;
  const taskId = (parsed as { taskId?: unknown } | null)?.taskId;
  if (typeof taskId !== 'string' || !taskId) return;
  if (event === 'task') remember(taskId, parsed);
  else latest.delete(taskId);
  for (const w of [...watchers]) {
    if (!('taskId' in w) || w.taskId !== taskId) continue;
    if (event === 'task') w.onTask(parsed as TaskInfo);
    else w.onGone?.();
  }
};

function connect(): void {
  clearTimeout(reconnectTimer);
  reconnectTimer = undefined;
  if (controller || watchers.size === 0) return;
  const auth = authHeaders();
  // Signed out: nothing to stream; the poll answers (and the app signs the page out).
  if (!auth.satoken) return;
  const mine = new AbortController();
  controller = mine;
  let ended: string | undefined;
  let refused = false;
  void (async () => {
    try {
      const response = await globalThis.fetch(`${API_PREFIX}/ai/taskEvents`, {
        headers: {
          Accept: 'text/event-stream',
          ...auth,
          ...(lastEventId && { 'Last-Event-ID': lastEventId }),
        },
        credentials: 'include',
        cache: 'no-store',
        signal: mine.signal,
      });
      const type = response.headers.get('content-type') ?? '';
      if (!response.ok || !response.body || !type.startsWith('text/event-stream')) {
        refused = response.status === 429 || response.status === 503;
        ended = response.status === 401 || response.status === 403 ? 'session' : undefined;
        return;
      }
      await readEventStream(
        response.body,
        {
          onEvent: (e) => {
            if (e.id) lastEventId = e.id;
            if (e.event === 'end') {
              try {
                ended = (JSON.parse(e.data) as { reason?: string }).reason;
              } catch {
                ended = 'unknown';
              }
              return;
            }
            dispatch(e.event ?? 'message', e.data);
          },
          onRetry: (ms) => {
            retryMs = Math.max(1_000, ms);
          },
        },
        mine.signal,
      );
    } catch {
      // A network error or our own abort; handled below.
    } finally {
      if (controller === mine) controller = undefined;
      if (!mine.signal.aborted) {
        latest.clear();
        if (open) setOpen(false);
        else for (const w of [...watchers]) w.onOpen(false);
        // The session ended: wait for the next watcher (after signing in again).
        if (ended !== 'session') {
          failures += 1;
          schedule(
            refused
              ? REFUSED_BACKOFF_MS
              : Math.min(MAX_BACKOFF_MS, retryMs * 2 ** Math.min(failures - 1, 5)),
          );
        }
      }
    }
  })();
}

const disconnect = () => {
  clearTimeout(reconnectTimer);
  reconnectTimer = undefined;
  controller?.abort();
  controller = undefined;
  open = false;
  // Nothing is heard while closed: what is remembered may be out of date by the next watch.
  latest.clear();
};

const watch = (entry: Entry, replay: () => void): (() => void) => {
  watchers.add(entry);
  clearTimeout(idleTimer);
  entry.onOpen(open);
  replay();
  if (!controller && !reconnectTimer) connect();
  return () => {
    watchers.delete(entry);
    if (watchers.size > 0) return;
    clearTimeout(idleTimer);
    idleTimer = setTimeout(disconnect, IDLE_CLOSE_MS);
  };
};

/** Watches one task on the shared stream; returns the unsubscribe. */
export const watchTask = (taskId: string, watcher: TaskWatcher): (() => void) => {
  const entry = { ...watcher, taskId };
  return watch(entry, () => {
    const known = latest.get(taskId) as TaskInfo | undefined;
    if (known) entry.onTask(known);
  });
};

/**
 * Watches a topic's events on the same connection: one item (`id`), or all of them (a list
 * page). Returns the unsubscribe.
 */
export const watchTopic = <T extends { id: string }>(
  topic: string,
  id: string | undefined,
  watcher: TopicWatcher<T>,
): (() => void) => {
  const entry: Entry = {
    topic,
    ...(id !== undefined && { id }),
    onEvent: (item) => watcher.onEvent(item as T),
    onOpen: watcher.onOpen,
  };
  return watch(entry, () => {
    const known = id === undefined ? undefined : latest.get(`${topic}:${id}`);
    if (known) entry.onEvent(known as T);
  });
};

/** Tests: forget the connection and everything learnt. */
export const resetTaskEvents = () => {
  disconnect();
  clearTimeout(idleTimer);
  watchers.clear();
  latest.clear();
  lastEventId = undefined;
  retryMs = 3_000;
  failures = 0;
};
