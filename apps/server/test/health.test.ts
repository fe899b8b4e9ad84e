import { envelopeSchema, healthSchema } from '@huijing/contracts';
import net from 'node:net';
import { afterEach, expect, it } from 'vitest';
import { startComfyUiDouble } from './doubles/comfyui-double';
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

  it('probes configured engines: a live ComfyUI is up, an unreachable image API is down', async () => {
    const comfy = await startComfyUiDouble();
    const closedPort = await new Promise<number>((resolve) => {
      const srv = net.createServer().listen(0, '127.0.0.1', () => {
        const { port } = srv.address() as net.AddressInfo;
        srv.close(() => resolve(port));
      });
    });
    try {
      t = await buildTestApp({
        target,
        role: 'api',
        env: {
          COMFYUI_URL: comfy.url,
          OPENAI_IMAGES_BASE_URL: `http://127.0.0.1:${closedPort}/v1`,
          OPENAI_IMAGES_MODEL: 'gpt-image-1',
        },
      });
      const body = envelopeSchema(healthSchema).parse(
        (await t.app.inject({ url: '/api/health' })).json(),
      );
      expect(body.data.role).toBe('api');
      const byId = Object.fromEntries(body.data.engines.map((e) => [e.id, e]));
      expect(byId.local?.status).toBe('up');
      expect(byId.comfyui?.status).toBe('up');
      expect(byId['openai-images']?.status).toBe('down');
      // A degraded remote engine never makes the whole service unhealthy.
      expect(body.data.status).toBe('ok');
    } finally {
      await comfy.close();
    }
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
