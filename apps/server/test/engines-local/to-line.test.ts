import { beforeAll, describe, expect, it } from 'vitest';
import type { EngineFile } from '../../src/engines/engine';
import { expectMonotonicTo100, grayPixels, roomSvg, runJob, tempDir, writeImage } from './fixtures';

type Gray = Awaited<ReturnType<typeof grayPixels>>;

const darkFraction = (g: Gray) => g.data.filter((v) => v < 128).length / g.data.length;

/** Pixels next to a real luminance step in the source, grown by `reach` pixels. */
const nearSourceEdges = (src: Gray, reach: number) => {
  const { data, width, height } = src;
  const edge = new Uint8Array(width * height);
  for (let y = 0; y < height - 1; y += 1) {
    for (let x = 0; x < width - 1; x += 1) {
      const i = y * width + x;
      if (Math.abs(data[i]! - data[i + 1]!) + Math.abs(data[i]! - data[i + width]!) > 12) {
        edge[i] = 1;
      }
    }
  }
  const near = new Uint8Array(width * height);
  for (let y = 0; y < height; y += 1) {
    for (let x = 0; x < width; x += 1) {
      if (!edge[y * width + x]) continue;
      for (let dy = -reach; dy <= reach; dy += 1) {
        for (let dx = -reach; dx <= reach; dx += 1) {
          const yy = y + dy;
          const xx = x + dx;
          if (yy >= 0 && yy < height && xx >= 0 && xx < width) near[yy * width + xx] = 1;
        }
      }
    }
  }
  return near;
};

describe('local to-line', () => {
  let dir: string;
  let room: EngineFile;
  let source: Gray;
  beforeAll(async () => {
    dir = await tempDir();
    room = await writeImage(dir, 'room', roomSvg(320, 240));
    source = await grayPixels(room.path);
  });

  for (const style of ['xdog', 'canny'] as const) {
    it(`${style}: dark lines on white, only where the scene has edges`, async () => {
      const { outputs, progress } = await runJob('to-line', { upload_img: room }, { style }, dir);
      const [out] = outputs;
      expect(out!.mime).toBe('image/png');
      expect([out!.width, out!.height]).toEqual([320, 240]);
      const lines = await grayPixels(out!.path);
      const dark = darkFraction(lines);
      // A line drawing: mostly paper, a real amount of ink.
      expect(dark).toBeGreaterThan(0.01);
      expect(dark).toBeLessThan(0.2);
      const near = nearSourceEdges(source, 3);
      let inked = 0;
      let onEdges = 0;
      lines.data.forEach((v, i) => {
        if (v < 128) {
          inked += 1;
          onEdges += near[i]!;
        }
      });
      expect(onEdges / inked).toBeGreaterThan(0.95);
      expectMonotonicTo100(progress);
    });
  }

  it('heavier line weight lays down more ink', async () => {
    const thin = await runJob('to-line', { upload_img: room }, { lineWeight: 1 }, dir);
    const thick = await runJob('to-line', { upload_img: room }, { lineWeight: 5 }, dir);
    const thinInk = darkFraction(await grayPixels(thin.outputs[0]!.path));
    const thickInk = darkFraction(await grayPixels(thick.outputs[0]!.path));
    expect(thickInk).toBeGreaterThan(thinInk * 1.5);
  });

  it('a flat picture draws (almost) nothing', async () => {
    const flat = await writeImage(
      dir,
      'flat',
      '<svg xmlns="http://www.w3.org/2000/svg" width="200" height="150"><rect width="200" height="150" fill="#a0b0c0"/></svg>',
    );
    const { outputs } = await runJob('to-line', { upload_img: flat }, { detail: 'high' }, dir);
    expect(darkFraction(await grayPixels(outputs[0]!.path))).toBeLessThan(0.001);
  });
});
