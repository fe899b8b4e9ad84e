import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { createLocalEngine } from '../../src/engines/local/local-engine';
import type { Capability, EngineFile, EngineJob } from '../../src/engines/engine';

/** One engine for the whole test file: OpenCV and tfjs initialise once per process anyway. */
export const engine = createLocalEngine();

export const tempDir = (): Promise<string> => fs.mkdtemp(path.join(os.tmpdir(), 'huijing-local-'));

/** A room-like render: wall, floor, a window with mullions, a sofa; strong straight edges. */
export const roomSvg = (w = 320, h = 240): string => `
<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}" viewBox="0 0 320 240">
  <defs><linearGradient id="wall" x1="0" y1="0" x2="0" y2="1">
    <stop offset="0" stop-color="#e8dccb"/><stop offset="1" stop-color="#cdbfa9"/></linearGradient></defs>
  <rect width="320" height="240" fill="url(#wall)"/>
  <polygon points="0,170 320,170 320,240 0,240" fill="#8a6a4a"/>
  <rect x="180" y="40" width="100" height="90" fill="#9cc8ea" stroke="#ffffff" stroke-width="6"/>
  <line x1="230" y1="40" x2="230" y2="130" stroke="#ffffff" stroke-width="4"/>
  <rect x="30" y="130" width="120" height="50" rx="8" fill="#3f5f7f"/>
  <rect x="40" y="110" width="100" height="30" rx="6" fill="#5a7a9a"/>
</svg>`;

export const writeImage = async (
  dir: string,
  name: string,
  svg: string,
  format: 'png' | 'jpeg' = 'png',
): Promise<EngineFile> => {
  const file = path.join(dir, `${name}.${format === 'jpeg' ? 'jpg' : 'png'}`);
  const img = sharp(Buffer.from(svg));
  await (format === 'jpeg' ? img.jpeg({ quality: 95 }) : img.png()).toFile(file);
  const meta = await sharp(file).metadata();
  return {
    path: file,
    mime: format === 'jpeg' ? 'image/jpeg' : 'image/png',
    width: meta.width,
    height: meta.height,
  };
};

/** Deterministic noise (mulberry32) so texture fixtures are identical on every run. */
export const rng = (seed: number) => () => {
  seed = (seed + 0x6d2b79f5) | 0;
  let t = seed;
  t = Math.imul(t ^ (t >>> 15), t | 1);
  t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
  return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
};

/** A photo-like noisy texture written from raw pixels: hard for compressors, real for GrabCut. */
export const writeNoise = async (
  dir: string,
  name: string,
  width: number,
  height: number,
  base: [number, number, number],
  amplitude: number,
  seed = 1,
): Promise<EngineFile> => {
  const next = rng(seed);
  const data = Buffer.alloc(width * height * 3);
  for (let i = 0; i < data.length; i += 1) {
    data[i] = Math.max(0, Math.min(255, base[i % 3]! + (next() - 0.5) * 2 * amplitude));
  }
  const file = path.join(dir, `${name}.png`);
  await sharp(data, { raw: { width, height, channels: 3 } })
    .png()
    .toFile(file);
  return { path: file, mime: 'image/png', width, height };
};

export interface RunResult {
  outputs: Awaited<ReturnType<typeof engine.run>>;
  progress: number[];
  messages: string[];
}

export const runJob = async (
  capability: Capability,
  inputs: Record<string, EngineFile>,
  params: Record<string, unknown>,
  workDir: string,
  signal: AbortSignal = new AbortController().signal,
): Promise<RunResult> => {
  const progress: number[] = [];
  const messages: string[] = [];
  const job: EngineJob = {
    taskId: `t-${capability}`,
    toolId: capability,
    capability,
    params,
    inputs,
    workDir,
    signal,
    onProgress: ({ percent, message }) => {
      progress.push(percent);
      if (message) messages.push(message);
    },
  };
  const outputs = await engine.run(job);
  return { outputs, progress, messages };
};

/** Raw pixels of any image file, optionally with alpha. */
export const pixels = async (file: string, channels: 3 | 4 = 3) => {
  let img = sharp(file);
  img = channels === 4 ? img.ensureAlpha() : img.removeAlpha();
  const { data, info } = await img.raw().toBuffer({ resolveWithObject: true });
  return { data, width: info.width, height: info.height, channels: info.channels };
};

export const grayPixels = async (file: string) => {
  const { data, info } = await sharp(file)
    .flatten({ background: '#ffffff' })
    .grayscale()
    .raw()
    .toBuffer({ resolveWithObject: true });
  return { data, width: info.width, height: info.height };
};

/**
 * Mean squared gradient (central differences): the same edge drawn over fewer pixels scores
 * higher, so it ranks upscalers by crispness without rewarding interpolation kinks.
 */
export const gradientEnergy = (gray: { data: Buffer; width: number; height: number }): number => {
  const { data, width, height } = gray;
  let sum = 0;
  for (let y = 1; y < height - 1; y += 1) {
    for (let x = 1; x < width - 1; x += 1) {
      const i = y * width + x;
      const gx = data[i + 1]! - data[i - 1]!;
      const gy = data[i + width]! - data[i - width]!;
      sum += gx * gx + gy * gy;
    }
  }
  return sum / ((width - 2) * (height - 2));
};

export const expectMonotonicTo100 = (progress: number[]): void => {
  for (let i = 1; i < progress.length; i += 1) {
    if (progress[i]! < progress[i - 1]!) throw new Error(`progress went back: ${progress.join()}`);
  }
  if (progress.at(-1) !== 100) throw new Error(`progress ended at ${progress.at(-1)}`);
};
