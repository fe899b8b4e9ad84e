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
 * Loaded on demand by the waiting pages' hooks, so no page's first load carries it.
 */
export interface TaskWatcher {
  onTask: (task: TaskInfo) => void;
  /** The task is no longer visible to its owner (deleted): the poll will say so. */
  onGone?: () => void;
  /** true once the stream is open (after its snapshot), false when it is not. */
  onOpen: (open: boolean) => void;
}

type Entry = TaskWatcher & { taskId: string };

/** Kept open this long after the last watcher leaves (the tool page → done page hop). */
const IDLE_CLOSE_MS = 20_000;
const MAX_BACKOFF_MS = 60_000;
/** Refused because push is off here or too many tabs: no point asking again soon. */
const REFUSED_BACKOFF_MS = 120_000;

const watchers = new Set<Entry>();
/**
 * The latest event per task, so a page that starts watching a moment after the stream carried
 * its task (a fast run finishing before the page's hook subscribed) still gets it.
 */
const latest = new Map<string, TaskInfo>();
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
  if (event !== 'task' && event !== 'gone') return;
  let taskId: string | undefined;
  let parsed: unknown;
  try {
    parsed = JSON.parse(data);
    taskId = (parsed as { taskId?: unknown }).taskId as string | undefined;
  } catch {
    return;
  }
  if (!taskId) return;
  latest.delete(taskId);
  if (event === 'task') latest.set(taskId, parsed as TaskInfo);
  if (latest.size > LATEST_MAX) latest.delete(latest.keys().next().value!);
  for (const w of [...watchers]) {
    if (w.taskId !== taskId) continue;
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

/** Watches one task on the shared stream; returns the unsubscribe. */
export const watchTask = (taskId: string, watcher: TaskWatcher): (() => void) => {
  const entry: Entry = { ...watcher, taskId };
  watchers.add(entry);
  clearTimeout(idleTimer);
  entry.onOpen(open);
  const known = latest.get(taskId);
  if (known) entry.onTask(known);
  if (!controller && !reconnectTimer) connect();
  return () => {
    watchers.delete(entry);
    if (watchers.size > 0) return;
    clearTimeout(idleTimer);
    idleTimer = setTimeout(disconnect, IDLE_CLOSE_MS);
  };
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
