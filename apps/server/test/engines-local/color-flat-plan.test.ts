import { beforeAll, describe, expect, it } from 'vitest';
import type { EngineFile } from '../../src/engines/engine';
import { outlineColor } from '../../src/engines/local/color-flat-plan.capability';
import { expectMonotonicTo100, pixels, roomSvg, runJob, tempDir, writeImage } from './fixtures';

const colours = (img: Awaited<ReturnType<typeof pixels>>) => {
  const set = new Set<number>();
  for (let i = 0; i < img.data.length; i += 3) {
    set.add((img.data[i]! << 16) | (img.data[i + 1]! << 8) | img.data[i + 2]!);
  }
  return set;
};
const outlineKey = (outlineColor[0] << 16) | (outlineColor[1] << 8) | outlineColor[2];

describe('local color-flat-plan', () => {
  let dir: string;
  let room: EngineFile;
  beforeAll(async () => {
    dir = await tempDir();
    // A textured render: the wall gradient and JPEG noise give thousands of distinct colours.
    room = await writeImage(dir, 'room', roomSvg(320, 240), 'jpeg');
  });

  it('flattens to at most N colours plus the outline, still resembling the picture', async () => {
    const before = await pixels(room.path);
    expect(colours(before).size).toBeGreaterThan(200);
    const { outputs, progress } = await runJob(
      'color-flat-plan',
      { upload_img: room },
      { colors: 6 },
      dir,
    );
    const [out] = outputs;
    expect([out!.width, out!.height]).toEqual([320, 240]);
    const after = await pixels(out!.path);
    const palette = colours(after);
    expect(palette.has(outlineKey)).toBe(true);
    expect(palette.size).toBeLessThanOrEqual(7);
    expect(palette.size).toBeGreaterThanOrEqual(4);
    // Away from outlines each pixel keeps roughly its colour.
    let diff = 0;
    let n = 0;
    for (let i = 0; i < after.data.length; i += 3) {
      const key = (after.data[i]! << 16) | (after.data[i + 1]! << 8) | after.data[i + 2]!;
      if (key === outlineKey) continue;
      for (let c = 0; c < 3; c += 1) diff += Math.abs(after.data[i + c]! - before.data[i + c]!);
      n += 3;
    }
    expect(diff / n).toBeLessThan(20);
    // Outlines are thin boundaries, not fill.
    let outline = 0;
    for (let i = 0; i < after.data.length; i += 3) {
      if (
        ((after.data[i]! << 16) | (after.data[i + 1]! << 8) | after.data[i + 2]!) ===
        outlineKey
      ) {
        outline += 1;
      }
    }
    expect(outline / (320 * 240)).toBeGreaterThan(0.005);
    expect(outline / (320 * 240)).toBeLessThan(0.1);
    expectMonotonicTo100(progress);
  });

  it('draws no outline when switched off, and mono gives greys only', async () => {
    const { outputs } = await runJob(
      'color-flat-plan',
      { upload_img: room },
      { colors: 8, outline: false, palette: 'mono' },
      dir,
    );
    const after = await pixels(outputs[0]!.path);
    const palette = colours(after);
    expect(palette.has(outlineKey)).toBe(false);
    expect(palette.size).toBeLessThanOrEqual(8);
    for (const key of palette) {
      const [r, g, b] = [key >> 16, (key >> 8) & 255, key & 255];
      expect(Math.max(r, g, b) - Math.min(r, g, b)).toBeLessThanOrEqual(3);
    }
  });

  it('vivid is more saturated than soft', async () => {
    const saturation = async (palette: string) => {
      const { outputs } = await runJob('color-flat-plan', { upload_img: room }, { palette }, dir);
      const img = await pixels(outputs[0]!.path);
      let sum = 0;
      for (let i = 0; i < img.data.length; i += 3) {
        const max = Math.max(img.data[i]!, img.data[i + 1]!, img.data[i + 2]!);
        const min = Math.min(img.data[i]!, img.data[i + 1]!, img.data[i + 2]!);
        sum += max ? (max - min) / max : 0;
      }
      return sum / (img.data.length / 3);
    };
    expect(await saturation('vivid')).toBeGreaterThan((await saturation('soft')) * 1.3);
  });
});
