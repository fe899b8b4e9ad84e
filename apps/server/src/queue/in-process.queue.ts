import { randomUUID } from 'node:crypto';
import type { Job, JobHandler, JobMap, ProcessOptions, QueuePort } from './queue.port';

export type InProcessQueueOptions = {
  /** Where handler failures go; the queue itself never retries (the task row decides that). */
  onError?: (error: unknown, job: Job<unknown>) => void;
};

type Lane = {
  pending: Job<unknown>[];
  handler?: JobHandler<unknown>;
  concurrency: number;
  running: number;
};

/**
 * Jobs live in memory, in FIFO order per name, and run in this process. Jobs enqueued before a
 * handler is registered wait for it. Nothing survives a restart, which is acceptable because the
 * database row is the truth and is re-enqueued on boot.
 */
export class InProcessQueue<J extends JobMap = JobMap> implements QueuePort<J> {
  readonly driver = 'in-process' as const;
  private readonly lanes = new Map<string, Lane>();
  private readonly inFlight = new Set<Promise<void>>();
  private closed = false;
  private closing: Promise<void> | undefined;

  constructor(private readonly options: InProcessQueueOptions = {}) {}

  enqueue<N extends keyof J & string>(name: N, payload: J[N]): Promise<string> {
    if (this.closed) return Promise.reject(new Error(`queue is closed; cannot enqueue ${name}`));
    const job: Job<unknown> = { id: randomUUID(), name, payload, enqueuedAt: new Date() };
    this.lane(name).pending.push(job);
    // Run after the caller's current turn, like a real transport would.
    queueMicrotask(() => this.drain(name));
    return Promise.resolve(job.id);
  }

  process<N extends keyof J & string>(
    name: N,
    handler: JobHandler<J[N]>,
    options: ProcessOptions = {},
  ): void {
    const lane = this.lane(name);
    if (lane.handler) throw new Error(`a handler for ${name} is already registered`);
    const concurrency = options.concurrency ?? 1;
    if (!Number.isInteger(concurrency) || concurrency < 1) {
      throw new Error(`concurrency must be a positive integer, got ${concurrency}`);
    }
    lane.handler = handler as JobHandler<unknown>;
    lane.concurrency = concurrency;
    this.drain(name);
  }

  ping(): Promise<boolean> {
    return Promise.resolve(!this.closed);
  }

  /** Number of jobs waiting (not running) for a name; for tests and diagnostics. */
  pendingCount(name: string): number {
    return this.lanes.get(name)?.pending.length ?? 0;
  }

  close(): Promise<void> {
    this.closed = true;
    this.closing ??= (async () => {
      // Handlers may finish and free slots while we wait; drain() refuses new starts once closed.
      while (this.inFlight.size > 0) await Promise.allSettled([...this.inFlight]);
    })();
    return this.closing;
  }

  private lane(name: string): Lane {
    let lane = this.lanes.get(name);
    if (!lane) {
      lane = { pending: [], concurrency: 1, running: 0 };
      this.lanes.set(name, lane);
    }
    return lane;
  }

  private drain(name: string): void {
    const lane = this.lanes.get(name);
    if (!lane?.handler) return;
    const handler = lane.handler;
    while (!this.closed && lane.running < lane.concurrency) {
      const job = lane.pending.shift();
      if (!job) return;
      lane.running += 1;
      const run = (async () => {
        try {
          await handler(job);
        } catch (error) {
          // A throwing error reporter must not wedge the lane.
          try {
            this.options.onError?.(error, job);
          } catch {
            /* nothing left to report to */
          }
        } finally {
          lane.running -= 1;
        }
      })();
      this.inFlight.add(run);
      void run.finally(() => {
        this.inFlight.delete(run);
        this.drain(name);
      });
    }
  }
}
