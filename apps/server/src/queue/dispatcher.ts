import { randomBytes } from 'node:crypto';
import type { QueuePort } from './queue.port';

export type DispatchItem = { id: string; name: string };

export type Dispatcher = ReturnType<typeof createDispatcher>;

/**
 * The outbox's courier. The committed database rows are the outbox (a queued task is a message
 * not yet delivered); the dispatcher hands them to the transport without anyone waiting on it.
 * A submit calls notify() after its commit and answers at once; a failed hand-off (Redis down)
 * stays pending and is retried with backoff; the workers' sweep re-offers every committed queued
 * row (sync), so even a crash between commit and hand-off only delays a task.
 *
 * The first hand-off of an id uses the id as the job id, so the API and a sweep offering the same
 * row make one job. A re-queued attempt (retry, a dead worker's task, a restart) passes fresh: the
 * old job may still be held by the dead worker, and a reused id would be dropped as a duplicate.
 */
export const createDispatcher = (deps: {
  queue: QueuePort;
  /** Called once per outage (first failure after a success), not per retry. */
  onFailure?: (err: unknown, pending: number) => void;
  onRecovered?: (delivered: number) => void;
  retryMs?: { first: number; max: number };
}) => {
  const retry = deps.retryMs ?? { first: 500, max: 5_000 };
  const pending = new Map<string, { name: string; jobId: string }>();
  /** Ids handed over and still queued, as far as the last sync knows. */
  let delivered = new Set<string>();
  let flushing: Promise<void> | undefined;
  let timer: NodeJS.Timeout | undefined;
  let delay = retry.first;
  let failing = false;
  let closed = false;

  const schedule = () => {
    if (timer || closed) return;
    timer = setTimeout(() => {
      timer = undefined;
      void flush();
    }, delay);
    timer.unref();
    delay = Math.min(delay * 2, retry.max);
  };

  const flush = (): Promise<void> =>
    (flushing ??= (async () => {
      // Yield first: a body that finished synchronously would clear `flushing` before it is set.
      await Promise.resolve();
      try {
        for (const [id, item] of pending) {
          if (closed) return;
          try {
            await deps.queue.enqueue(item.name, { taskId: id }, { jobId: item.jobId });
          } catch (err) {
            if (!failing) deps.onFailure?.(err, pending.size);
            failing = true;
            schedule();
            return;
          }
          pending.delete(id);
          delivered.add(id);
        }
        if (failing) deps.onRecovered?.(delivered.size);
        failing = false;
        delay = retry.first;
      } finally {
        flushing = undefined;
      }
    })());

  const offer = (item: DispatchItem, fresh: boolean) => {
    const jobId = fresh ? `${item.id}-${randomBytes(4).toString('hex')}` : item.id;
    pending.set(item.id, { name: item.name, jobId });
    delivered.delete(item.id);
  };

  return {
    /** After a commit: hand the row over soon; never throws, never waits on the transport. */
    notify(item: DispatchItem, options: { fresh?: boolean } = {}): void {
      if (closed) return;
      offer(item, options.fresh ?? false);
      if (!failing) void flush();
    },

    /**
     * The committed queued rows (the workers' sweep): anything not yet handed over is offered;
     * ids no longer queued are forgotten. Resolves when this round's hand-offs are done or failed.
     */
    async sync(queued: readonly DispatchItem[]): Promise<void> {
      if (closed) return;
      const ids = new Set(queued.map((q) => q.id));
      delivered = new Set([...delivered].filter((id) => ids.has(id)));
      // Pending ids missing from the snapshot stay: they may be commits newer than the read.
      for (const q of queued) {
        if (!delivered.has(q.id) && !pending.has(q.id)) offer(q, false);
      }
      await flush();
    },

    pendingCount: () => pending.size,

    close(): void {
      closed = true;
      if (timer) clearTimeout(timer);
    },
  };
};
