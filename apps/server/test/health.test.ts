import { envelopeSchema, healthSchema } from '@huijing/contracts';
import { afterEach, expect, it } from 'vitest';
import { buildTestApp, describeEachDatabase } from './helper';
import type { TestApp } from './helper';

describeEachDatabase('GET /api/health', (target) => {
  let t: TestApp | undefined;
  afterEach(async () => {
    await t?.close();
    t = undefined;
  });

  it('answers the envelope with the health report', async () => {
    t = await buildTestApp({ target });
    const res = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(res.statusCode).toBe(200);
    const body = envelopeSchema(healthSchema).parse(res.json());
    expect(body).toMatchObject({ success: true, code: 0, message: 'ok' });
    expect(body.data).toMatchObject({
      status: 'ok',
      version: '0.1.0',
      role: 'all',
      database: { status: 'up', dialect: target.dialect },
      queue: { status: 'up', driver: 'in-process' },
    });
    expect(body.data.database.latencyMs).toBeGreaterThanOrEqual(0);
    expect(body.data.uptimeSeconds).toBeGreaterThanOrEqual(0);
    expect(body.data.engines.map((e) => e.id)).toEqual(['local', 'comfyui', 'openai-images']);
  });

  it('reports configured engines and the role', async () => {
    t = await buildTestApp({
      target,
      role: 'api',
      env: { COMFYUI_URL: 'http://127.0.0.1:8188' },
    });
    const body = (await t.app.inject({ url: '/api/health' })).json();
    expect(body.data.role).toBe('api');
    expect(body.data.engines[1]).toEqual({ id: 'comfyui', status: 'up', detail: 'configured' });
  });

  it('is 503 and degraded when the database is gone', async () => {
    t = await buildTestApp({ target });
    await t.container.database.close();
    const res = await t.app.inject({ url: '/api/health' });
    expect(res.statusCode).toBe(503);
    const body = envelopeSchema(healthSchema).parse(res.json());
    expect(body).toMatchObject({ success: false, code: 50300 });
    expect(body.requestId).toBeTruthy();
    expect(body.data.status).toBe('degraded');
    expect(body.data.database.status).toBe('down');
  });
});
