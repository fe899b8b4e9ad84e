import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { median } from '../src/modules/tasks/queue-estimate.service';
import { buildTestApp, describeEachDatabase, expectError, smsLogin } from './helper';
import type { TestApp } from './helper';

describe('median', () => {
  it('is the middle value, or the mean of the two middle ones', () => {
    expect(median([])).toBeNull();
    expect(median([9, 1, 5])).toBe(5);
    expect(median([4, 1, 3, 2])).toBe(2.5);
  });
});

describeEachDatabase('GET /api/ai/queueEstimate', (target) => {
  let t: TestApp;
  let userId: string;
  beforeAll(async () => {
    t = await buildTestApp({ target, env: { TASK_CONCURRENCY_LOCAL: '2' } });
    userId = (await smsLogin(t)).user.id;
  });
  afterAll(async () => {
    await t.close();
  });

  const addRun = async (n: number, toolId: string, status: string, seconds: number) => {
    const start = Date.parse('2026-03-02T08:00:00.000Z') + n * 60_000;
    await t.container.database.db
      .insertInto('tasks')
      .values({
        id: `est-${toolId}-${n}`,
        seq: 9000 + n,
        user_id: userId,
        tool_id: toolId,
        family: 'edit',
        capability: 'inpaint',
        engine: 'local',
        status: status as 'succeeded',
        params: '{}',
        inputs: '{}',
        ticket_type: 1,
        price: 1,
        tickets_state: 'captured',
        created_at: new Date(start - 5_000).toISOString(),
        started_at: new Date(start).toISOString(),
        finished_at: new Date(start + seconds * 1000).toISOString(),
        updated_at: new Date(start + seconds * 1000).toISOString(),
      })
      .execute();
  };

  const estimate = async (toolId: string) => {
    const res = await t.app.inject({ url: `/api/ai/queueEstimate?toolId=${toolId}` });
    return { res, data: res.json().data };
  };

  it('says nothing is measured before any run', async () => {
    const { res, data } = await estimate('clean');
    expect(res.statusCode).toBe(200);
    expect(data).toEqual({ toolId: 'clean', runSeconds: null, samples: 0, slots: 2 });
  });

  it("is the median of the tool's successful runs only, with its engine's slots", async () => {
    await addRun(1, 'clean', 'succeeded', 10);
    await addRun(2, 'clean', 'succeeded', 30);
    await addRun(3, 'clean', 'succeeded', 12);
    // A failure and another tool's slow run do not count.
    await addRun(4, 'clean', 'failed', 500);
    await addRun(5, 'compress', 'succeeded', 400);
    const { data } = await estimate('clean');
    expect(data).toEqual({ toolId: 'clean', runSeconds: 12, samples: 3, slots: 2 });
  });

  it('refuses an unknown tool with a Chinese message', async () => {
    expectError((await estimate('no-such-tool')).res, 'TOOL_NOT_FOUND');
  });
});
