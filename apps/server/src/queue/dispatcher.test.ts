import { describe, expect, it } from 'vitest';
import { createDispatcher } from './dispatcher';
import type { QueuePort } from './queue.port';

/** A transport that records hand-offs and can be switched off (Redis down). */
const transport = () => {
  const jobs: { name: string; taskId: string; jobId?: string }[] = [];
  let up = true;
  const queue: QueuePort = {
    driver: 'bullmq',
    enqueue: async (name, payload, options) => {
      await new Promise((r) => setTimeout(r, 1));
      if (!up) throw new Error('Redis down');
      jobs.push({ name, taskId: (payload as { taskId: string }).taskId, jobId: options?.jobId });
      return options?.jobId ?? 'x';
    },
    process: () => {},
    ping: async () => up,
    close: async () => {},
  };
  return { queue, jobs, setUp: (v: boolean) => (up = v) };
};

const until = async (check: () => boolean) => {
  for (let i = 0; i < 400 && !check(); i++) await new Promise((r) => setTimeout(r, 5));
  expect(check()).toBe(true);
};

describe('dispatcher (the outbox courier)', () => {
  it('hands over without making the caller wait, keeps failed hand-offs and retries them', async () => {
    const t = transport();
    const failures: number[] = [];
    let recovered = 0;
    const d = createDispatcher({
      queue: t.queue,
      retryMs: { first: 10, max: 20 },
      onFailure: (_e, n) => failures.push(n),
      onRecovered: () => (recovered += 1),
    });
    t.setUp(false);
    const r = d.notify({ id: 'a', name: 'task:local' });
    expect(r).toBeUndefined();
    d.notify({ id: 'b', name: 'task:local' });
    await until(() => failures.length === 1);
    expect(d.pendingCount()).toBe(2);
    t.setUp(true);
    await until(() => t.jobs.length === 2);
    expect(t.jobs.map((j) => j.jobId)).toEqual(['a', 'b']);
    expect(failures).toHaveLength(1); // once per outage, not per retry
    expect(recovered).toBe(1);
    expect(d.pendingCount()).toBe(0);
    d.close();
  });

  it('sync offers committed rows not yet handed over, once; re-queued attempts get fresh job ids', async () => {
    const t = transport();
    const d = createDispatcher({ queue: t.queue });
    await d.sync([
      { id: 'a', name: 'task:local' },
      { id: 'b', name: 'task:local' },
    ]);
    await d.sync([
      { id: 'a', name: 'task:local' },
      { id: 'b', name: 'task:local' },
    ]);
    expect(t.jobs.map((j) => j.jobId)).toEqual(['a', 'b']);
    d.notify({ id: 'a', name: 'task:local' }, { fresh: true });
    await until(() => t.jobs.length === 3);
    expect(t.jobs[2]!.jobId).toMatch(/^a-[0-9a-f]{8}$/);
    // A row that left the queue and came back (a retry found by a sweep) is offered again.
    await d.sync([{ id: 'b', name: 'task:local' }]);
    await d.sync([
      { id: 'a', name: 'task:local' },
      { id: 'b', name: 'task:local' },
    ]);
    expect(t.jobs.map((j) => j.taskId)).toEqual(['a', 'b', 'a', 'a']);
    d.close();
  });
});
