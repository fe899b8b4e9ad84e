import sharp from 'sharp';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { buildTestApp, describeEachDatabase, expectError, smsLogin } from './helper';
import type { TestApp } from './helper';
import { upload } from './task-fixtures';

// A red box (x 40–99, y 30–74) on a noisy blue background: what a designer clicks to select.
const W = 140;
const H = 100;
const box = { x0: 40, y0: 30, x1: 100, y1: 75 };
const scene = async (): Promise<Buffer> => {
  const noise = Buffer.alloc(W * H * 3);
  for (let i = 0; i < W * H; i++) {
    const x = i % W;
    const y = Math.floor(i / W);
    const inBox = x >= box.x0 && x < box.x1 && y >= box.y0 && y < box.y1;
    const jitter = (i * 7919) % 23;
    noise[i * 3] = inBox ? 210 + (jitter % 10) : 20 + jitter;
    noise[i * 3 + 1] = inBox ? 40 + (jitter % 10) : 60 + jitter;
    noise[i * 3 + 2] = inBox ? 40 : 170 + jitter;
  }
  return sharp(noise, { raw: { width: W, height: H, channels: 3 } })
    .png()
    .toBuffer();
};

describeEachDatabase('POST /api/ai/clickMask', (target) => {
  let t: TestApp;
  let a: { token: string };
  let b: { token: string };
  let fileId: string;
  beforeAll(async () => {
    t = await buildTestApp({ target, role: 'api', env: { CLICK_MASK_PER_MINUTE: '4' } });
    a = await smsLogin(t);
    b = await smsLogin(t);
    fileId = (await upload(t, a.token, await scene())).fileId;
  });
  afterAll(() => t.close());

  const click = (token: string | undefined, body: unknown) =>
    t.app.inject({
      method: 'POST',
      url: '/api/ai/clickMask',
      headers: token ? { satoken: token } : {},
      payload: body as object,
    });

  it('segments the clicked object into a mask the owner can use, taking no tickets', async () => {
    const balance = async () =>
      (
        await t.app.inject({ url: '/api/ai/totalTicket?type=1', headers: { satoken: a.token } })
      ).json().data;
    const before = await balance();
    const res = await click(a.token, { fileId, points: [{ x: 70, y: 52, positive: true }] });
    expect(res.statusCode, res.body).toBe(200);
    const mask = res.json().data;
    expect(mask).toMatchObject({ width: W, height: H });
    const file = await t.app.inject({ method: 'GET', url: mask.url });
    expect(file.statusCode).toBe(200);
    const { data } = await sharp(file.rawPayload)
      .greyscale()
      .raw()
      .toBuffer({ resolveWithObject: true });
    let inter = 0;
    let union = 0;
    for (let i = 0; i < W * H; i++) {
      const x = i % W;
      const y = Math.floor(i / W);
      const truth = x >= box.x0 && x < box.x1 && y >= box.y0 && y < box.y1;
      const got = data[i]! > 127;
      if (truth && got) inter++;
      if (truth || got) union++;
    }
    expect(inter / union).toBeGreaterThan(0.85);
    expect(await balance()).toBe(before);
    // The mask is the user's own file: user B cannot read it without the signed link.
    const bare = mask.url.split('?')[0];
    expectError(await t.app.inject({ url: bare, headers: { satoken: b.token } }), 'FILE_NOT_FOUND');
  });

  it("refuses another user's image and requests without a session", async () => {
    expectError(
      await click(b.token, { fileId, points: [{ x: 70, y: 52, positive: true }] }),
      'FILE_NOT_FOUND',
    );
    expectError(await click(undefined, { fileId, points: [{ x: 1, y: 1 }] }), 'UNAUTHORIZED');
    expectError(await click(a.token, { points: [{ x: 1, y: 1 }] }), 'VALIDATION_FAILED');
  });

  it('limits clicks per minute', async () => {
    const c = await smsLogin(t);
    const own = (await upload(t, c.token, await scene())).fileId;
    const codes: number[] = [];
    for (let i = 0; i < 5; i++)
      codes.push((await click(c.token, { fileId: own, points: [{ x: 70, y: 52 }] })).statusCode);
    expect(codes).toEqual([200, 200, 200, 200, 429]);
  });

  it('says clearly when no engine serves click segmentation', async () => {
    await t.container.database.db
      .insertInto('app_settings')
      .values({
        key: 'engine.routing',
        value: JSON.stringify({ 'click-segment': ['comfyui'] }),
        updated_at: new Date().toISOString(),
      })
      .execute();
    t.container.router.invalidate();
    const d = await smsLogin(t);
    const own = (await upload(t, d.token, await scene())).fileId;
    const body = expectError(
      await click(d.token, { fileId: own, points: [{ x: 70, y: 52 }] }),
      'ENGINE_UNAVAILABLE',
    );
    expect(body.message).toMatch(/ComfyUI|引擎/);
  });
});
