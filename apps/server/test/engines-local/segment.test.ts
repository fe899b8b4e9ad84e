import path from 'node:path';
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import type { EngineFile } from '../../src/engines/engine';
import { expectMonotonicTo100, pixels, rng, runJob, tempDir } from './fixtures';

const W = 200;
const H = 160;

/** A noisy scene with one object; `inside(x, y)` is the ground truth. */
const scene = async (
  dir: string,
  name: string,
  background: [number, number, number],
  object: [number, number, number],
  inside: (x: number, y: number) => boolean,
): Promise<EngineFile> => {
  const next = rng(7);
  const data = Buffer.alloc(W * H * 3);
  for (let y = 0; y < H; y += 1) {
    for (let x = 0; x < W; x += 1) {
      const [base, amp] = inside(x, y) ? [object, 10] : [background, 45];
      for (let c = 0; c < 3; c += 1) {
        data[(y * W + x) * 3 + c] = Math.max(0, Math.min(255, base[c]! + (next() - 0.5) * 2 * amp));
      }
    }
  }
  const file = path.join(dir, `${name}.png`);
  await sharp(data, { raw: { width: W, height: H, channels: 3 } })
    .png()
    .toFile(file);
  return { path: file, mime: 'image/png', width: W, height: H };
};

const inCircle = (x: number, y: number) => (x - 100) ** 2 + (y - 80) ** 2 <= 45 ** 2;
const inSquare = (x: number, y: number) => x >= 60 && x < 140 && y >= 40 && y < 120;

const iou = (selected: (p: number) => boolean, truth: (x: number, y: number) => boolean) => {
  let both = 0;
  let either = 0;
  for (let p = 0; p < W * H; p += 1) {
    const a = selected(p);
    const b = truth(p % W, Math.floor(p / W));
    if (a && b) both += 1;
    if (a || b) either += 1;
  }
  return both / either;
};

describe('local matting', () => {
  let dir: string;
  let photo: EngineFile;
  beforeAll(async () => {
    dir = await tempDir();
    photo = await scene(dir, 'object', [90, 120, 90], [210, 50, 50], inCircle);
  });

  it('cuts out the framed subject with a transparent background (IoU > 0.85)', async () => {
    const { outputs, progress } = await runJob('matting', { upload_img: photo }, {}, dir);
    const [out] = outputs;
    expect([out!.width, out!.height]).toEqual([W, H]);
    const img = await pixels(out!.path, 4);
    const alpha = (p: number) => img.data[p * 4 + 3]!;
    expect(iou((p) => alpha(p) > 127, inCircle)).toBeGreaterThan(0.85);
    // Mostly fully opaque inside and fully transparent outside, soft only along the edge.
    let solidInside = 0;
    let clearOutside = 0;
    let insideCount = 0;
    for (let p = 0; p < W * H; p += 1) {
      const x = p % W;
      const y = Math.floor(p / W);
      if (inCircle(x, y)) {
        insideCount += 1;
        if (alpha(p) === 255) solidInside += 1;
      } else if (alpha(p) === 0) clearOutside += 1;
    }
    expect(solidInside / insideCount).toBeGreaterThan(0.85);
    expect(clearOutside / (W * H - insideCount)).toBeGreaterThan(0.85);
    expectMonotonicTo100(progress);
  });

  it('follows a click and paints a flat background colour when asked', async () => {
    const { outputs } = await runJob(
      'matting',
      { upload_img: photo },
      { points: [{ x: 100, y: 80, positive: true }], bgColor: '#ffffff' },
      dir,
    );
    const img = await pixels(outputs[0]!.path, 4);
    let white = 0;
    let outside = 0;
    for (let p = 0; p < W * H; p += 1) {
      expect(img.data[p * 4 + 3]).toBe(255);
      if (!inCircle(p % W, Math.floor(p / W))) {
        outside += 1;
        if (img.data[p * 4] === 255 && img.data[p * 4 + 1] === 255 && img.data[p * 4 + 2] === 255) {
          white += 1;
        }
      }
    }
    expect(white / outside).toBeGreaterThan(0.85);
  });

  it('takes red/blue scribbles as foreground/background', async () => {
    const strokes = path.join(dir, 'strokes.png');
    await sharp(
      Buffer.from(
        `<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${H}"><line x1="85" y1="80" x2="115" y2="80" stroke="#ff0000" stroke-width="6"/><line x1="10" y1="10" x2="190" y2="10" stroke="#0000ff" stroke-width="6"/></svg>`,
      ),
    )
      .png()
      .toFile(strokes);
    const { outputs } = await runJob(
      'matting',
      { upload_img: photo, mask: { path: strokes, mime: 'image/png' } },
      {},
      dir,
    );
    const img = await pixels(outputs[0]!.path, 4);
    expect(iou((p) => img.data[p * 4 + 3]! > 127, inCircle)).toBeGreaterThan(0.85);
  });
});

describe('local click-segment', () => {
  let dir: string;
  let photo: EngineFile;
  let similar: EngineFile;
  beforeAll(async () => {
    dir = await tempDir();
    photo = await scene(dir, 'object', [90, 120, 90], [210, 50, 50], inCircle);
    // A red square on an orange-ish background: close enough that a generous tolerance leaks.
    similar = await scene(dir, 'similar', [215, 120, 45], [200, 40, 40], inSquare);
  });

  const maskOf = async (file: string) => {
    const img = await pixels(file);
    return (p: number) => img.data[p * 3]! > 127;
  };

  for (const method of ['grabcut', 'flood'] as const) {
    it(`${method}: a click inside the object selects it (IoU > 0.85)`, async () => {
      const { outputs, progress } = await runJob(
        'click-segment',
        { upload_img: photo },
        { points: [{ x: 100, y: 80, positive: true }], method },
        dir,
      );
      const [out] = outputs;
      expect([out!.width, out!.height]).toEqual([W, H]);
      const mask = await pixels(out!.path);
      // A pure black/white mask.
      expect(mask.data.every((v) => v === 0 || v === 255)).toBe(true);
      expect(iou(await maskOf(out!.path), inCircle)).toBeGreaterThan(0.85);
      expectMonotonicTo100(progress);
    });
  }

  it('fractional click coordinates are read relative to the picture', async () => {
    const { outputs } = await runJob(
      'click-segment',
      { upload_img: photo },
      { points: [{ x: 0.5, y: 0.5, positive: true }] },
      dir,
    );
    expect(iou(await maskOf(outputs[0]!.path), inCircle)).toBeGreaterThan(0.85);
  });

  it('a negative click excludes the region it lands on', async () => {
    const positive = { x: 100, y: 80, positive: true };
    const negative = { x: 20, y: 20, positive: false };
    const leaky = await runJob(
      'click-segment',
      { upload_img: similar },
      { points: [positive], tolerance: 90, method: 'flood' },
      dir,
    );
    // Without the negative click the generous tolerance swallows the background…
    expect(iou(await maskOf(leaky.outputs[0]!.path), inSquare)).toBeLessThan(0.5);
    for (const method of ['flood', 'grabcut'] as const) {
      const fixed = await runJob(
        'click-segment',
        { upload_img: similar },
        { points: [positive, negative], tolerance: 90, method },
        dir,
      );
      const mask = await maskOf(fixed.outputs[0]!.path);
      // …with it, the background is excluded and the square remains.
      expect(mask(20 * W + 20)).toBe(false);
      expect(iou(mask, inSquare), method).toBeGreaterThan(0.85);
    }
  });

  it('needs at least one positive click', async () => {
    await expect(
      runJob(
        'click-segment',
        { upload_img: photo },
        { points: [{ x: 5, y: 5, positive: false }] },
        dir,
      ),
    ).rejects.toThrow('请在需要选中的物体上点击');
  });
});
