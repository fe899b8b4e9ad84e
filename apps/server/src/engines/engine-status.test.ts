import { describe, expect, it } from 'vitest';
import type { Engine, EngineHealth } from './engine';
import { createEngineStatus } from './engine-status';

const fakeEngine = (id: Engine['id'], health: () => Promise<EngineHealth>): Engine => ({
  id,
  capabilities: [],
  health,
  run: () => Promise.reject(new Error('not used')),
});

describe('engine status', () => {
  it('lists every known engine, probing configured ones and marking the rest unconfigured', async () => {
    const status = createEngineStatus([
      fakeEngine('local', async () => ({ status: 'up', detail: 'ffmpeg 5.1' })),
    ]);
    expect(await status()).toEqual([
      { id: 'local', status: 'up', detail: 'ffmpeg 5.1' },
      { id: 'comfyui', status: 'unconfigured' },
      { id: 'openai-images', status: 'unconfigured' },
    ]);
  });

  it('reports a failing or hung engine as down without hanging', async () => {
    const status = createEngineStatus(
      [
        fakeEngine('comfyui', () => new Promise(() => undefined)),
        fakeEngine('openai-images', () => Promise.reject(new Error('ECONNREFUSED'))),
      ],
      { timeoutMs: 50 },
    );
    const byId = Object.fromEntries((await status()).map((s) => [s.id, s]));
    expect(byId.comfyui).toMatchObject({ status: 'down', detail: 'no answer within 50 ms' });
    expect(byId['openai-images']).toMatchObject({ status: 'down', detail: 'ECONNREFUSED' });
  });

  it('probes at most once per ttl', async () => {
    let probes = 0;
    let t = 0;
    const status = createEngineStatus(
      [fakeEngine('local', async () => (probes++, { status: 'up' }))],
      { ttlMs: 1000, now: () => t },
    );
    await Promise.all([status(), status()]);
    t = 999;
    await status();
    expect(probes).toBe(1);
    t = 1000;
    await status();
    expect(probes).toBe(2);
  });
});
