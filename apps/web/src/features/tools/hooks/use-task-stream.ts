import type { TaskInfo } from '@huijing/contracts';
import { useEffect, useLayoutEffect, useRef } from 'react';

export interface TaskStreamHandlers {
  onTask: (task: TaskInfo) => void;
  /** The task was deleted elsewhere. */
  onGone?: () => void;
  /** The stream is open (true) or not (false): the caller polls slowly or as usual. */
  onOpen: (open: boolean) => void;
}

/**
 * Watches a task on the user's event stream (lib/task-events.ts, loaded on first use so no
 * page's first load carries it) while `taskId` is set. If the stream cannot be had, nothing
 * happens beyond `onOpen(false)`: the caller's poll carries on.
 */
export const useTaskStream = (taskId: string | undefined, handlers: TaskStreamHandlers) => {
  const current = useRef(handlers);
  // A layout effect: the newest handlers are in place before the watch's cleanup below runs.
  useLayoutEffect(() => {
    current.current = handlers;
  });
  useEffect(() => {
    if (!taskId) return;
    let stop: (() => void) | undefined;
    let left = false;
    import('../../../lib/task-events')
      .then(({ watchTask }) => {
        if (left) return;
        stop = watchTask(taskId, {
          onTask: (task) => current.current.onTask(task),
          onGone: () => current.current.onGone?.(),
          onOpen: (open) => current.current.onOpen(open),
        });
      })
      .catch(() => undefined); // no chunk (offline, a deploy): the poll carries on
    return () => {
      left = true;
      stop?.();
      current.current.onOpen(false);
    };
  }, [taskId]);
};
