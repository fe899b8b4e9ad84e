import type { TaskInfo } from '@huijing/contracts';
import { useEffect, useLayoutEffect, useRef } from 'react';
import type * as TaskEvents from '../lib/task-events';
import type { TaskWatcher, TopicWatcher } from '../lib/task-events';

/**
 * While the task event stream is open it carries every change; a page's poll only checks this
 * often, in case a change was lost between processes (docs/tasks.md, "Task events").
 */
export const STREAM_SAFETY_POLL_MS = 15_000;

export interface TaskStreamHandlers {
  onTask: (task: TaskInfo) => void;
  /** The task was deleted elsewhere. */
  onGone?: () => void;
  /** The stream is open (true) or not (false): the caller polls slowly or as usual. */
  onOpen: (open: boolean) => void;
}

type Events = typeof TaskEvents;

/**
 * One watch on the user's event stream (lib/task-events.ts, loaded on first use so no page's
 * first load carries it) while `key` is set; it is renewed when `key` changes. If the stream
 * cannot be had, nothing happens beyond `onOpen(false)`: the caller's poll carries on.
 */
const useStreamWatch = <H extends { onOpen: (open: boolean) => void }>(
  key: string | undefined,
  handlers: H,
  start: (events: Events, current: { current: H }) => () => void,
) => {
  const current = useRef(handlers);
  const begin = useRef(start);
  // A layout effect: the newest handlers are in place before the watch's cleanup below runs.
  useLayoutEffect(() => {
    current.current = handlers;
    begin.current = start;
  });
  useEffect(() => {
    if (key === undefined) return;
    let stop: (() => void) | undefined;
    let left = false;
    import('../lib/task-events')
      .then((events) => {
        if (!left) stop = begin.current(events, current);
      })
      .catch(() => undefined); // no chunk (offline, a deploy): the poll carries on
    return () => {
      left = true;
      stop?.();
      current.current.onOpen(false);
    };
  }, [key]);
};

/** Watches a task on the user's event stream while `taskId` is set. */
export const useTaskStream = (taskId: string | undefined, handlers: TaskStreamHandlers) =>
  useStreamWatch(taskId, handlers, ({ watchTask }, current) =>
    watchTask(taskId!, {
      onTask: (task) => current.current.onTask(task),
      onGone: () => current.current.onGone?.(),
      onOpen: (open) => current.current.onOpen(open),
    } satisfies TaskWatcher),
  );

/**
 * Watches another area's events on the same stream (`training`: what GET /model/train/:id
 * answers) while `enabled`: one item by `id`, or every item of the topic when `id` is undefined.
 */
export const useTopicStream = <T extends { id: string }>(
  topic: string,
  id: string | undefined,
  enabled: boolean,
  handlers: TopicWatcher<T>,
) =>
  useStreamWatch(
    enabled ? `${topic}:${id ?? '*'}` : undefined,
    handlers,
    ({ watchTopic }, current) =>
      watchTopic<T>(topic, id, {
        onEvent: (item) => current.current.onEvent(item),
        onOpen: (open) => current.current.onOpen(open),
      }),
  );
