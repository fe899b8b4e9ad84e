import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { EngineError } from '../../src/engines/engine';
import type { EngineFile } from '../../src/engines/engine';
import {
  expectMonotonicTo100,
  grayPixels,
  gradientEnergy,
  roomSvg,
  runJob,
  tempDir,
  writeImage,
} from './fixtures';

/** The same enlargement done naively, as the baseline a real upscaler must beat. */
const bilinear = async (src: string, width: number, height: number) => {
  const { data, info } = await sharp(src)
    .resize(width, height, { kernel: 'linear', fit: 'fill' })
    .grayscale()
    .raw()
    .toBuffer({ resolveWithObject: true });
  return { data, width: info.width, height: info.height };
};

describe('local upscale', () => {
  let dir: string;
  let small: EngineFile;
  beforeAll(async () => {
    dir = await tempDir();
    small = await writeImage(dir, 'small', roomSvg(48, 36));
  });

  it('Lanczos 2× doubles the size and is sharper than a bilinear resize', async () => {
    const room = await writeImage(dir, 'room', roomSvg(160, 120));
    const { outputs, progress } = await runJob('upscale', { upload_img: room }, {}, dir);
    const [out] = outputs;
    expect([out!.width, out!.height]).toEqual([320, 240]);
    const ours = gradientEnergy(await grayPixels(out!.path));
    const naive = gradientEnergy(await bilinear(room.path, 320, 240));
    expect(ours).toBeGreaterThan(naive * 1.2);
    expectMonotonicTo100(progress);
  });

  it('ESRGAN 2× from the shipped weights gives the right size and more edge energy', async () => {
    const { outputs, progress, messages } = await runJob(
      'upscale',
      { upload_img: small },
      { mode: 'esrgan', scale: 2 },
      dir,
    );
    const [out] = outputs;
    expect([out!.width, out!.height]).toEqual([96, 72]);
    const ours = await grayPixels(out!.path);
    const naive = await bilinear(small.path, 96, 72);
    expect(gradientEnergy(ours)).toBeGreaterThan(gradientEnergy(naive));
    // The network output resembles its input: mean brightness within a few levels.
    const mean = (d: Buffer) => d.reduce((s, v) => s + v, 0) / d.length;
    expect(Math.abs(mean(ours.data) - mean(naive.data))).toBeLessThan(8);
    expect(messages.some((m) => m.startsWith('AI 放大'))).toBe(true);
    expectMonotonicTo100(progress);
  });

  it('ESRGAN 4× works and tiles larger inputs', async () => {
    const tiled = await writeImage(dir, 'tiled', roomSvg(120, 90));
    const { outputs, messages } = await runJob(
      'upscale',
      { upload_img: tiled },
      { mode: 'esrgan', scale: 4 },
      dir,
    );
    expect([outputs[0]!.width, outputs[0]!.height]).toEqual([480, 360]);
    // 120×90 at 96-px tiles is two columns by one row.
    expect(messages).toContain('AI 放大 2/2');
  }, 20_000);

  it('ESRGAN keeps transparency by scaling the alpha channel classically', async () => {
    const cutout = await writeImage(
      dir,
      'cutout',
      '<svg xmlns="http://www.w3.org/2000/svg" width="40" height="30"><circle cx="20" cy="15" r="10" fill="#c04020"/></svg>',
    );
    const { outputs } = await runJob('upscale', { upload_img: cutout }, { mode: 'esrgan' }, dir);
    const { data, info } = await sharp(outputs[0]!.path)
      .raw()
      .toBuffer({ resolveWithObject: true });
    expect([info.width, info.height, info.channels]).toEqual([80, 60, 4]);
    expect(data[3]).toBe(0); // corner stays transparent
    expect(data[(30 * 80 + 40) * 4 + 3]).toBe(255); // centre of the disc stays opaque
  });

  it('refuses inputs beyond the AI cap with a plain Chinese message', async () => {
    const big = `${dir}/big.png`;
    await sharp({ create: { width: 1100, height: 1000, channels: 3, background: '#888' } })
      .png()
      .toFile(big);
    const run = runJob(
      'upscale',
      { upload_img: { path: big, mime: 'image/png' } },
      { mode: 'esrgan' },
      dir,
    );
    await expect(run).rejects.toBeInstanceOf(EngineError);
    await expect(run).rejects.toThrow(/100 万像素/);
  });
});
