import { randomBytes } from 'node:crypto';
import path from 'node:path';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { createArkEngine } from '../../src/engines/ark/ark.engine';
import type { EngineFile } from '../../src/engines/engine';
import { startArkDouble } from '../doubles/ark-double';
import { failureOf, hostedSuite } from './hosted-fixtures';
import { jobFor } from './remote-fixtures';

const t = hostedSuite(startArkDouble, 'ark-masked-');
const engine = () => createArkEngine(t.connection());

const W = 800;
const H = 600;
/** The painted region, in the photo's pixels. */
const BOX = { left: 200, top: 150, right: 500, bottom: 400 };
const inBox = (x: number, y: number, margin = 0) =>
  x >= BOX.left + margin &&
  x < BOX.right - margin &&
  y >= BOX.top + margin &&
  y < BOX.bottom - margin;

/** Noise, so that "unchanged" means every pixel kept its own value. */
const noisyPhoto = async (): Promise<EngineFile> => {
  const file = path.join(t.dir, 'room.png');
  await sharp(randomBytes(W * H * 3), { raw: { width: W, height: H, channels: 3 } })
    .png()
    .toFile(file);
  return { path: file, mime: 'image/png', width: W, height: H };
};

/** White = change, black = keep, at the photo's size. */
const boxMask = async (): Promise<EngineFile> => {
  const file = path.join(t.dir, 'mask.png');
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${H}">
    <rect width="100%" height="100%" fill="black"/>
    <rect x="${BOX.left}" y="${BOX.top}" width="${BOX.right - BOX.left}"
      height="${BOX.bottom - BOX.top}" fill="white"/></svg>`;
  await sharp(Buffer.from(svg)).png().toFile(file);
  return { path: file, mime: 'image/png', width: W, height: H };
};

const rgb = async (file: string) =>
  sharp(file).removeAlpha().raw().toBuffer({ resolveWithObject: true });

const maskedJob = async (capability: 'render-masked' | 'inpaint', prompt?: string) =>
  jobFor({
    capability,
    workDir: t.dir,
    params: {},
    prompt,
    inputs: { upload_img: await noisyPhoto(), mask: await boxMask() },
  });

describe('Ark masked tools: a whole-picture Seedream edit kept only inside the mask', () => {
  it('leaves every pixel outside the mask as the photo had it, changes the inside, feathers the edge', async () => {
    const job = await maskedJob('render-masked', '把墙面换成木饰面');
    const [output] = await engine().run(job);
    // Seedream answered at its 2K area; the result is the photo's own size again.
    expect(output).toMatchObject({ kind: 'image', mime: 'image/png', width: W, height: H });
    const sent = t.api.received[0]!.body as Record<string, unknown>;
    expect(sent.image).toMatch(/^data:image\/png;base64,/);
    expect(sent.prompt).toBe('把墙面换成木饰面');
    expect(sent).not.toHaveProperty('mask');

    const before = await rgb(job.inputs.upload_img!.path);
    const after = await rgb(output!.path);
    expect(after.info).toMatchObject({ width: W, height: H, channels: 3 });
    let outside = 0;
    let outsideChanged = 0;
    let deep = 0;
    let deepChanged = 0;
    const diffAt = (x: number, y: number) => {
      const i = (y * W + x) * 3;
      return [0, 1, 2].reduce((s, c) => s + Math.abs(after.data[i + c]! - before.data[i + c]!), 0);
    };
    for (let y = 0; y < H; y += 1)
      for (let x = 0; x < W; x += 1) {
        if (!inBox(x, y)) {
          outside += 1;
          if (diffAt(x, y) !== 0) outsideChanged += 1;
        } else if (inBox(x, y, 8)) {
          deep += 1;
          if (diffAt(x, y) > 0) deepChanged += 1;
        }
      }
    expect(outside).toBe(W * H - 300 * 250);
    expect(outsideChanged).toBe(0);
    expect(deepChanged / deep).toBeGreaterThan(0.95);

    // The edge fades in: on the mask's first row the edit shows less than well inside.
    const row = (y: number) => {
      let sum = 0;
      for (let x = BOX.left + 20; x < BOX.right - 20; x += 1) sum += diffAt(x, y);
      return sum;
    };
    expect(row(BOX.top)).toBeGreaterThan(0);
    expect(row(BOX.top)).toBeLessThan(row(BOX.top + 10) * 0.7);
  });

  it('物体消除 asks Seedream to remove and fill when the designer wrote nothing', async () => {
    const job = await maskedJob('inpaint');
    const [output] = await engine().run(job);
    expect((t.api.received[0]!.body as { prompt: string }).prompt).toMatch(/^移除/);
    const meta = await sharp(output!.path).metadata();
    expect([meta.width, meta.height]).toEqual([W, H]);
  });

  it('without a mask, a masked tool stops before asking Ark', async () => {
    const job = jobFor({
      capability: 'render-masked',
      workDir: t.dir,
      prompt: '换成大理石',
      inputs: { upload_img: await noisyPhoto() },
    });
    const error = await failureOf(engine().run(job));
    expect(error).toMatchObject({ userMessage: '缺少必需的输入图片' });
    expect(t.api.received).toHaveLength(0);
  });
});
