import { afterAll, beforeAll, expect, it } from 'vitest';
import type { EngineJob } from '../src/engines/engine';
import { describeEachDatabase, expectError, smsLogin } from './helper';
import type { TestApp } from './helper';
import { buildTaskApp, fakeEngine, jpeg, png, upload, waitUntil } from './task-fixtures';

// The mask editor sends a white-on-black PNG of the image's own size as the `mask` input.
describeEachDatabase('a task’s mask input must fit its image', (target) => {
  let t: TestApp;
  let token: string;
  let imageId: string;
  const jobs: EngineJob[] = [];
  beforeAll(async () => {
    const engine = fakeEngine(['inpaint']);
    const run = engine.run;
    engine.run = (job) => {
      jobs.push(job);
      return run(job);
    };
    t = await buildTaskApp({ target, engines: [engine], startWorker: true });
    token = (await smsLogin(t)).token;
    imageId = (await upload(t, token, await jpeg(64, 48))).fileId;
  });
  afterAll(() => t.close());

  const start = (mask: string) =>
    t.app.inject({
      method: 'POST',
      url: '/api/ai/startTask',
      payload: { toolId: 'clean', params: {}, inputs: { upload_img: imageId, mask } },
      headers: { satoken: token },
    });
  const balance = async () =>
    (await t.app.inject({ url: '/api/ai/totalTicket?type=1', headers: { satoken: token } })).json()
      .data as number;

  it('runs with a mask of exactly the image size, handed to the engine as the mask file', async () => {
    const maskId = (await upload(t, token, await png(64, 48))).fileId;
    const res = await start(maskId);
    expect(res.statusCode, res.body).toBe(200);
    const { taskId } = res.json().data as { taskId: string };
    await waitUntil(() => jobs.some((j) => j.taskId === taskId));
    const job = jobs.find((j) => j.taskId === taskId)!;
    expect(job.inputs.mask).toMatchObject({ width: 64, height: 48, mime: 'image/png' });
  });

  it('accepts a smaller mask of the same proportions (the engine scales it)', async () => {
    const maskId = (await upload(t, token, await png(32, 24))).fileId;
    const res = await start(maskId);
    expect(res.statusCode, res.body).toBe(200);
  });

  it('refuses a mask of another shape with a clear message, before any ticket is held', async () => {
    const before = await balance();
    const maskId = (await upload(t, token, await png(48, 48))).fileId;
    const body = expectError(await start(maskId), 'VALIDATION_FAILED');
    expect(body.message).toBe('选区尺寸（48×48）与原图（64×48）比例不一致，请在原图上重新涂抹选区');
    expect(body.data).toEqual({ input: 'mask' });
    // A mask sent inline as a data URL is checked the same way.
    const inline = `data:image/png;base64,${(await png(10, 30)).toString('base64')}`;
    expectError(await start(inline), 'VALIDATION_FAILED');
    expect(await balance()).toBe(before);
  });
});
