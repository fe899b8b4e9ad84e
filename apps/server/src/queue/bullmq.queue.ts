import { Queue, Worker } from 'bullmq';
import { Redis } from 'ioredis';
import type { Job, JobHandler, JobMap, ProcessOptions, QueuePort } from './queue.port';

export type BullMqQueueOptions = {
  url: string;
  /** Redis key prefix; tests use a unique one per file. */
  prefix?: string;
  onError?: (error: unknown, job: Job<unknown>) => void;
};

// BullMQ queue names may not contain ':'.
const queueName = (name: string) => name.replace(/[^a-zA-Z0-9_-]/g, '-');

/**
 * BullMQ on Redis: the same jobs, consumed by `--role worker` processes on any host. Jobs are
 * removed when done: the database row keeps the history, Redis only carries the wake-ups.
 */
export class BullMqQueue<J extends JobMap = JobMap> implements QueuePort<J> {
  readonly driver = 'bullmq' as const;
  private readonly connection: Redis;
  private readonly queues = new Map<string, Queue>();
  private readonly workers: Worker[] = [];
  private readonly extraConnections: Redis[] = [];
  private closed = false;
  private closing: Promise<void> | undefined;

  constructor(private readonly options: BullMqQueueOptions) {
    this.connection = this.connect();
  }

  private connect(): Redis {
    const redis = new Redis(this.options.url, { maxRetriesPerRequest: null, lazyConnect: false });
    // Connection errors surface through ping() and job failures; do not crash the process.
    redis.on('error', () => {});
    return redis;
  }

  private queue(name: string): Queue {
    let queue = this.queues.get(name);
    if (!queue) {
      queue = new Queue(queueName(name), {
        connection: this.connection,
        prefix: this.options.prefix ?? 'huijing',
      });
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
    const job = await this.queue(name).add(name, payload, {
      ...(options.jobId && { jobId: options.jobId }),
      removeOnComplete: true,
      removeOnFail: true,
    });
    return job.id ?? '';
  }

  process<N extends keyof J & string>(
    name: N,
    handler: JobHandler<J[N]>,
    options: ProcessOptions = {},
  ): void {
    const connection = this.connect();
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

  async ping(): Promise<boolean> {
    if (this.closed) return false;
    return this.connection
      .ping()
      .then((r) => r === 'PONG')
      .catch(() => false);
  }

  /** Removes every job of a name (tests simulate a lost Redis with it). */
  async obliterate(name: string): Promise<void> {
    await this.queue(name).obliterate({ force: true });
  }

  close(): Promise<void> {
    this.closed = true;
    this.closing ??= (async () => {
      await Promise.all(this.workers.map((w) => w.close()));
      await Promise.all([...this.queues.values()].map((q) => q.close()));
      await Promise.all(
        [this.connection, ...this.extraConnections].map((c) => c.quit().catch(() => {})),
      );
    })();
    return this.closing;
  }
}
