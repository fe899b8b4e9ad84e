/**
 * The queue is transport only (ARCHITECTURE rule 4): the task row in the database is the truth,
 * the queue just wakes a worker. It knows nothing of tasks, so modules depend on it and never the
 * reverse. Adapters: in-process (default, one machine) and BullMQ on Redis (bullmq.queue.ts).
 */

/** Job name → payload type. Callers pass their own map to get typed payloads. */
export type JobMap = Record<string, unknown>;

export type Job<P> = {
  id: string;
  name: string;
  payload: P;
  enqueuedAt: Date;
};

export type JobHandler<P> = (job: Job<P>) => Promise<void>;

export type ProcessOptions = {
  /** How many jobs of this name run at once in this process. Default 1. */
  concurrency?: number;
};

export type QueueDriver = 'in-process' | 'bullmq';

export interface QueuePort<J extends JobMap = JobMap> {
  readonly driver: QueueDriver;
  /**
   * Hands a job to the transport and returns its id. Rejects after close(). With a jobId, a job
   * still waiting under that id is not added twice (BullMQ); in-process ignores it.
   */
  enqueue<N extends keyof J & string>(
    name: N,
    payload: J[N],
    options?: { jobId?: string },
  ): Promise<string>;
  /** Starts running jobs of this name in this process (worker roles only). One handler per name. */
  process<N extends keyof J & string>(
    name: N,
    handler: JobHandler<J[N]>,
    options?: ProcessOptions,
  ): void;
  /** True when the transport can accept jobs (health). */
  ping(): Promise<boolean>;
  /** Stops taking jobs, lets running handlers finish, then releases resources. Idempotent. */
  close(): Promise<void>;
}
