import { afterEach, describe, expect, it } from 'vitest';
import { createEngineStatus } from '../../src/engines/engine-status';
import { buildTestApp } from '../helper';
import type { TestApp } from '../helper';
import { startArkDouble } from '../doubles/ark-double';
import { startDashScopeDouble } from '../doubles/dashscope-double';

type ToolRow = { id: string; available: boolean; reason?: string; engine?: string };

const tools = async (t: TestApp) => {
  const res = await t.app.inject({ method: 'GET', url: '/api/ai/tools' });
  return new Map((res.json().data as ToolRow[]).map((x) => [x.id, x]));
};

const closers: (() => Promise<void>)[] = [];
afterEach(async () => {
  while (closers.length) await closers.pop()!();
});

describe('hosted engines built from the environment', () => {
  it('a DashScope key makes the render and video tools available on DashScope', async () => {
    const none = await buildTestApp();
    closers.push(none.close);
    const before = await tools(none);
    expect(before.get('indoor')).toMatchObject({ available: false });
    expect(before.get('indoor')?.reason).toMatch(/阿里云百炼/);

    const api = await startDashScopeDouble();
    closers.push(api.close);
    const t = await buildTestApp({
      env: { DASHSCOPE_API_KEY: api.apiKey, DASHSCOPE_BASE_URL: api.url },
    });
    closers.push(t.close);
    const after = await tools(t);
    for (const id of ['indoor', 'local-render', 'text-to-image', 'text-to-video'])
      expect(after.get(id), id).toMatchObject({ available: true, engine: 'dashscope' });
    // Classical work stays on the local engine by default.
    expect(after.get('to-line')).toMatchObject({ available: true, engine: 'local' });
    expect(after.get('face-restoration')).toMatchObject({ available: true, engine: 'dashscope' });
    // The key alone lights every tool.
    expect([...after.values()].filter((x) => !x.available).map((x) => x.id)).toEqual([]);

    // Engine status (health, admin screen) lists it beside the others, probed with the key.
    const status = await createEngineStatus(t.container.router.engines)();
    expect(status.map((e) => e.id)).toEqual(['local', 'comfyui', 'openai-images', 'dashscope']);
    expect(status.at(-1)).toMatchObject({ status: 'up', detail: 'wanx2.1-imageedit' });
  });

  it('an Ark key serves what Ark has models for, masked renders by editing and compositing', async () => {
    const api = await startArkDouble();
    closers.push(api.close);
    const t = await buildTestApp({ env: { ARK_API_KEY: api.apiKey, ARK_BASE_URL: api.url } });
    closers.push(t.close);
    const after = await tools(t);
    for (const id of [
      'indoor',
      'text-to-image',
      'text-to-video',
      'local-render',
      'material-change',
    ])
      expect(after.get(id), id).toMatchObject({ available: true, engine: 'ark' });
    // 物体消除 is classical work: the local engine keeps it unless the routing names Ark.
    expect(after.get('clean')).toMatchObject({ available: true, engine: 'local' });
  });
});
