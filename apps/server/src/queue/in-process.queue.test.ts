import { describe, expect, it } from 'vitest';
import { InProcessQueue } from './in-process.queue';
import type { Job } from './queue.port';

type Jobs = { greet: { name: string }; slow: { n: number } };

const deferred = () => {
  let resolve!: () => void;
  const promise = new Promise<void>((r) => (resolve = r));
  return { promise, resolve };
};

const waitFor = async (check: () => boolean) => {
  for (let i = 0; i < 200 && !check(); i++) await new Promise((r) => setTimeout(r, 5));
  expect(check()).toBe(true);
};

describe('InProcessQueue', () => {
  it('runs jobs in FIFO order, including those enqueued before a handler exists', async () => {
    const queue = new InProcessQueue<Jobs>();
    const seen: string[] = [];
    const id = await queue.enqueue('greet', { name: 'a' });
    await queue.enqueue('greet', { name: 'b' });
    expect(typeof id).toBe('string');
    expect(queue.pendingCount('greet')).toBe(2);
    queue.process('greet', async (job) => {
      seen.push(job.payload.name);
    });
    await queue.enqueue('greet', { name: 'c' });
    await waitFor(() => seen.length === 3);
    expect(seen).toEqual(['a', 'b', 'c']);
    await queue.close();
  });

  it('never runs more jobs at once than the concurrency', async () => {
    const queue = new InProcessQueue<Jobs>();
    let running = 0;
    let peak = 0;
    let done = 0;
    queue.process(
      'slow',
      async () => {
        running += 1;
        peak = Math.max(peak, running);
        await new Promise((r) => setTimeout(r, 10));
        running -= 1;
        done += 1;
      },
      { concurrency: 2 },
    );
    for (let n = 0; n < 6; n++) await queue.enqueue('slow', { n });
    await waitFor(() => done === 6);
    expect(peak).toBe(2);
    await queue.close();
  });

  it('reports handler failures and keeps going', async () => {
    const failures: Array<[unknown, Job<unknown>]> = [];
    const queue = new InProcessQueue<Jobs>({ onError: (e, j) => failures.push([e, j]) });
    const seen: string[] = [];
    queue.process('greet', async (job) => {
      if (job.payload.name === 'bad') throw new Error('boom');
      seen.push(job.payload.name);
    });
    await queue.enqueue('greet', { name: 'bad' });
    await queue.enqueue('greet', { name: 'good' });
    await waitFor(() => seen.length === 1);
    expect(failures).toHaveLength(1);
    expect((failures[0]?.[0] as Error).message).toBe('boom');
    expect(failures[0]?.[1].payload).toEqual({ name: 'bad' });
    await queue.close();
  });

  it('close waits for running jobs, leaves pending ones, then refuses new jobs', async () => {
    const queue = new InProcessQueue<Jobs>();
    const gate = deferred();
    const started: number[] = [];
    const finished: number[] = [];
    queue.process('slow', async (job) => {
      started.push(job.payload.n);
      await gate.promise;
      finished.push(job.payload.n);
    });
    await queue.enqueue('slow', { n: 1 });
    await queue.enqueue('slow', { n: 2 });
    await waitFor(() => started.length === 1);
    expect(await queue.ping()).toBe(true);

    let closed = false;
    const closing = queue.close().then(() => (closed = true));
    await new Promise((r) => setTimeout(r, 20));
    expect(closed).toBe(false);
    gate.resolve();
    await closing;
    expect(finished).toEqual([1]);
    expect(started).toEqual([1]);
    expect(await queue.ping()).toBe(false);
    await expect(queue.enqueue('slow', { n: 3 })).rejects.toThrow(/closed/);
    await queue.close();
  });

  it('rejects a second handler and bad concurrency', () => {
    const queue = new InProcessQueue<Jobs>();
    queue.process('greet', async () => {});
    expect(() => queue.process('greet', async () => {})).toThrow(/already registered/);
    expect(() => queue.process('slow', async () => {}, { concurrency: 0 })).toThrow(/concurrency/);
  });
});
