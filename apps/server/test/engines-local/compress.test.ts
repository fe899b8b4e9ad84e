import fs from 'node:fs/promises';
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import type { EngineFile } from '../../src/engines/engine';
import { expectMonotonicTo100, roomSvg, runJob, tempDir, writeImage, writeNoise } from './fixtures';

describe('local compress', () => {
  let dir: string;
  let noisy: EngineFile;
  beforeAll(async () => {
    dir = await tempDir();
    noisy = await writeNoise(dir, 'noisy', 400, 300, [120, 130, 110], 60);
  });

  it('lands at or just under the target size with the dimensions kept', async () => {
    const { outputs, progress, messages } = await runJob(
      'compress',
      { upload_img: noisy },
      { targetKB: 40 },
      dir,
    );
    const [out] = outputs;
    const bytes = (await fs.stat(out!.path)).size;
    expect(out!.mime).toBe('image/webp');
    expect((await sharp(out!.path).metadata()).format).toBe('webp');
    expect(bytes).toBeLessThanOrEqual(40 * 1024);
    // A binary search over quality gets close to the budget rather than far below it.
    expect(bytes).toBeGreaterThan(40 * 1024 * 0.6);
    expect([out!.width, out!.height]).toEqual([400, 300]);
    expect(messages.at(-1)).toContain('尺寸不变');
    expectMonotonicTo100(progress);
  });

  it('keeps JPEG as JPEG and honours an explicit quality', async () => {
    const jpeg = await writeImage(dir, 'room', roomSvg(640, 480), 'jpeg');
    const low = await runJob('compress', { upload_img: jpeg }, { quality: 30 }, dir);
    const high = await runJob('compress', { upload_img: jpeg }, { quality: 90 }, dir);
    expect(low.outputs[0]!.mime).toBe('image/jpeg');
    const lowBytes = (await fs.stat(low.outputs[0]!.path)).size;
    const highBytes = (await fs.stat(high.outputs[0]!.path)).size;
    expect(lowBytes).toBeLessThan(highBytes);
    expect(low.outputs[0]!.width).toBe(640);
  });

  it('encodes AVIF under the target', async () => {
    const { outputs } = await runJob(
      'compress',
      { upload_img: noisy },
      { format: 'avif', targetKB: 30 },
      dir,
    );
    expect((await sharp(outputs[0]!.path).metadata()).format).toBe('heif');
    expect((await fs.stat(outputs[0]!.path)).size).toBeLessThanOrEqual(30 * 1024);
  });

  it('shrinks the picture and says so when even the lowest quality is too big', async () => {
    // Half of what the lowest quality the engine allows produces at full size.
    const floor = await sharp(noisy.path).jpeg({ quality: 10, mozjpeg: true }).toBuffer();
    const targetKB = floor.length / 2 / 1024;
    const { outputs, messages } = await runJob(
      'compress',
      { upload_img: noisy },
      { format: 'jpeg', targetKB },
      dir,
    );
    const [out] = outputs;
    expect((await fs.stat(out!.path)).size).toBeLessThanOrEqual(targetKB * 1024);
    expect(out!.width).toBeLessThan(400);
    // Aspect ratio survives the shrink (rounding aside).
    expect(Math.abs(out!.width / out!.height - 4 / 3)).toBeLessThan(0.05);
    expect(messages.at(-1)).toContain('已缩小');
  });
});
