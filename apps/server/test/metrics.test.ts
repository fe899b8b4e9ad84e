import { afterAll, beforeAll, expect, it } from 'vitest';
import { describeEachDatabase, smsLogin } from './helper';
import type { TestApp } from './helper';
import { buildTaskApp, upload, waitUntil } from './task-fixtures';

describeEachDatabase('GET /metrics', (target) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTaskApp({ target, startWorker: true });
  });
  afterAll(() => t.close());

  const scrape = async () => {
    const res = await t.app.inject({ url: '/metrics', remoteAddress: '127.0.0.1' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
    return res.body;
  };

  it('reports HTTP latency, queue depth, task durations and failures, holds open', async () => {
    await scrape(); // the watermark: tasks finished from here on are observed
    await t.app.inject({ url: '/api/health' });
    const { token } = await smsLogin(t);
    const img = await upload(t, token);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/ai/startTask',
      payload: { toolId: 'to-line', upload_img: img.fileId },
      headers: { satoken: token },
    });
    const taskId = res.json().data.taskId as string;
    await waitUntil(async () => {
      const info = await t.app.inject({
        url: `/api/ai/getTaskByTaskId?taskId=${taskId}`,
        headers: { satoken: token },
      });
      return info.json().data.status === 'succeeded';
    });
    const text = await scrape();
    expect(text).toMatch(
      /huijing_http_request_duration_seconds_count\{method="GET",route="\/api\/health",status_code="200"\} 1/,
    );
    expect(text).toMatch(/huijing_queue_depth\{lane="local"\} 0/);
    expect(text).toMatch(/huijing_tasks_running\{lane="local"\} 0/);
    expect(text).toMatch(
      /huijing_task_duration_seconds_count\{tool="to-line",engine="local",status="succeeded"\} 1/,
    );
    expect(text).toMatch(/huijing_ticket_holds_open 0/);
    expect(text).toMatch(/huijing_process_cpu_user_seconds_total/);
    // Observed once: the next scrape does not count the same task again.
    expect(await scrape()).toMatch(
      /huijing_task_duration_seconds_count\{tool="to-line",engine="local",status="succeeded"\} 1/,
    );
  });

  it('is refused to callers beyond loopback without METRICS_TOKEN', async () => {
    const res = await t.app.inject({ url: '/metrics', remoteAddress: '203.0.113.9' });
    expect(res.statusCode).toBe(403);
    expect(res.body).not.toContain('huijing_');
  });
});

describeEachDatabase('GET /metrics with METRICS_TOKEN', (target) => {
  it('needs the bearer token, from anywhere', async () => {
    const t = await buildTaskApp({ target, env: { METRICS_TOKEN: 'metrics-token-0123456789' } });
    try {
      expect((await t.app.inject({ url: '/metrics' })).statusCode).toBe(401);
      const wrong = await t.app.inject({
        url: '/metrics',
        headers: { authorization: 'Bearer metrics-token-0123456780' },
      });
      expect(wrong.statusCode).toBe(401);
      const ok = await t.app.inject({
        url: '/metrics',
        remoteAddress: '203.0.113.9',
        headers: { authorization: 'Bearer metrics-token-0123456789' },
      });
      expect(ok.statusCode).toBe(200);
      expect(ok.body).toContain('huijing_queue_depth');
    } finally {
      await t.close();
    }
  });
});
