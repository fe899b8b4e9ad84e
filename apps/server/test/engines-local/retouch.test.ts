import { beforeAll, describe, expect, it } from 'vitest';
import { EngineError } from '../../src/engines/engine';
import type { EngineFile } from '../../src/engines/engine';
import { maskDilation } from '../../src/engines/local/inpaint.capability';
import { expectMonotonicTo100, pixels, roomSvg, runJob, tempDir, writeImage } from './fixtures';

const svg = (w: number, h: number, body: string, fill = '#000') =>
  `<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}"><rect width="${w}" height="${h}" fill="${fill}"/>${body}</svg>`;

/** The room with a red box on the wall: the object a designer wants gone. */
const cluttered = roomSvg(320, 240).replace(
  '</svg>',
  '<rect x="70" y="40" width="40" height="40" fill="#d01010"/></svg>',
);

const meanRgb = (
  img: Awaited<ReturnType<typeof pixels>>,
  x0: number,
  y0: number,
  x1: number,
  y1: number,
) => {
  const sum = [0, 0, 0];
  let n = 0;
  for (let y = y0; y < y1; y += 1) {
    for (let x = x0; x < x1; x += 1) {
      const i = (y * img.width + x) * img.channels;
      for (let c = 0; c < 3; c += 1) sum[c]! += img.data[i + c]!;
      n += 1;
    }
  }
  return sum.map((s) => s / n);
};

describe('local inpaint', () => {
  let dir: string;
  let photo: EngineFile;
  let mask: EngineFile;
  beforeAll(async () => {
    dir = await tempDir();
    photo = await writeImage(dir, 'cluttered', cluttered);
    // The brush covers the box with a small margin, as a designer would paint it.
    mask = await writeImage(
      dir,
      'mask',
      svg(320, 240, '<rect x="66" y="36" width="48" height="48" fill="#fff"/>'),
    );
  });

  for (const method of ['telea', 'ns'] as const) {
    it(`${method}: removes the object and changes nothing outside the grown mask`, async () => {
      const { outputs, progress } = await runJob(
        'inpaint',
        { upload_img: photo, mask },
        { method },
        dir,
      );
      const [out] = outputs;
      expect([out!.width, out!.height]).toEqual([320, 240]);
      const before = await pixels(photo.path, 4);
      const after = await pixels(out!.path, 4);
      const reach = maskDilation(320, 240) + 1;
      let changedOutside = 0;
      let changedInside = 0;
      for (let y = 0; y < 240; y += 1) {
        for (let x = 0; x < 320; x += 1) {
          const i = (y * 320 + x) * 4;
          const differs = [0, 1, 2, 3].some((c) => before.data[i + c] !== after.data[i + c]);
          const inMask = x >= 66 - reach && x < 114 + reach && y >= 36 - reach && y < 84 + reach;
          if (differs && !inMask) changedOutside += 1;
          if (differs && inMask) changedInside += 1;
        }
      }
      expect(changedOutside).toBe(0);
      expect(changedInside).toBeGreaterThanOrEqual(40 * 40);
      // Where the red box was, the wall shows again.
      const wall = meanRgb(before, 20, 40, 60, 80);
      const filled = meanRgb(after, 70, 40, 110, 80);
      expect(Math.hypot(...filled.map((v, c) => v - wall[c]!))).toBeLessThan(20);
      expectMonotonicTo100(progress);
    });
  }

  it('accepts a mask of another size by resizing it to the picture', async () => {
    const half = await writeImage(
      dir,
      'half-mask',
      svg(160, 120, '<rect x="33" y="18" width="24" height="24" fill="#fff"/>'),
    );
    const { outputs } = await runJob('inpaint', { upload_img: photo, mask: half }, {}, dir);
    const after = await pixels(outputs[0]!.path);
    const [r, g, b] = meanRgb(after, 72, 42, 108, 78);
    expect(r! - (g! + b!) / 2).toBeLessThan(40);
  });

  it('refuses an empty mask in plain Chinese', async () => {
    const empty = await writeImage(dir, 'empty', svg(320, 240, ''));
    const run = runJob('inpaint', { upload_img: photo, mask: empty }, {}, dir);
    await expect(run).rejects.toBeInstanceOf(EngineError);
    await expect(run).rejects.toThrow('请先涂抹需要消除的区域');
  });
});

describe('local extend', () => {
  let dir: string;
  let room: EngineFile;
  beforeAll(async () => {
    dir = await tempDir();
    room = await writeImage(dir, 'room', roomSvg(200, 150));
  });

  it('grows by the given sides, keeps the original exactly, and continues its colours', async () => {
    const { outputs, progress } = await runJob(
      'extend',
      { upload_img: room },
      { left: 60, right: 40, top: 0, bottom: 30 },
      dir,
    );
    const [out] = outputs;
    expect([out!.width, out!.height]).toEqual([300, 180]);
    const before = await pixels(room.path, 4);
    const after = await pixels(out!.path, 4);
    let differing = 0;
    for (let y = 0; y < 150; y += 1) {
      for (let x = 0; x < 200; x += 1) {
        const i = (y * 200 + x) * 4;
        const j = (y * 300 + x + 60) * 4;
        for (let c = 0; c < 4; c += 1) if (before.data[i + c] !== after.data[j + c]) differing += 1;
      }
    }
    expect(differing).toBe(0);
    // The new floor strip below continues the floor.
    const floor = meanRgb(before, 0, 140, 200, 150);
    const below = meanRgb(after, 60, 150, 260, 180);
    expect(Math.hypot(...below.map((v, c) => v - floor[c]!))).toBeLessThan(25);
    // Mirrored continuation: the new strip carries the colours of the strip it reflects.
    const leftEdge = meanRgb(before, 0, 0, 60, 150);
    const leftBorder = meanRgb(after, 0, 0, 60, 150);
    expect(Math.hypot(...leftBorder.map((v, c) => v - leftEdge[c]!))).toBeLessThan(30);
    // Opaque everywhere.
    for (let i = 3; i < after.data.length; i += 4)
      if (after.data[i] !== 255) throw new Error('alpha');
    expectMonotonicTo100(progress);
  });

  it('reaches a ratio around the centre', async () => {
    const { outputs } = await runJob('extend', { upload_img: room }, { ratio: '16:9' }, dir);
    // 150 high at 16:9 is 267 wide: 67 more, split 33 left and 34 right.
    expect([outputs[0]!.width, outputs[0]!.height]).toEqual([267, 150]);
    const square = await runJob('extend', { upload_img: room }, { ratio: '1:1' }, dir);
    expect([square.outputs[0]!.width, square.outputs[0]!.height]).toEqual([200, 200]);
  });

  it('refuses a request that adds nothing', async () => {
    await expect(runJob('extend', { upload_img: room }, {}, dir)).rejects.toThrow(/扩展/);
  });
});
