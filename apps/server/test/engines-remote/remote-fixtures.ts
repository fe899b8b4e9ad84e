import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import type { Capability, EngineFile, EngineJob } from '../../src/engines/engine';

export const tempDir = (prefix = 'engines-remote-') => fs.mkdtemp(path.join(os.tmpdir(), prefix));

/** A real PNG on disk, as storage would hand the worker an upload. */
export const pngFile = async (
  dir: string,
  name: string,
  width: number,
  height: number,
): Promise<EngineFile> => {
  const file = path.join(dir, name);
  await sharp({ create: { width, height, channels: 3, background: { r: 90, g: 120, b: 150 } } })
    .png()
    .toFile(file);
  return { path: file, mime: 'image/png', width, height };
};

export const jobFor = (
  overrides: Partial<EngineJob> & { capability: Capability; workDir: string },
): EngineJob & { progress: { percent: number; message?: string }[] } => {
  const progress: { percent: number; message?: string }[] = [];
  return {
    taskId: 'task-1',
    toolId: overrides.capability,
    params: {},
    inputs: {},
    signal: new AbortController().signal,
    onProgress: (p) => progress.push(p),
    ...overrides,
    progress,
  };
};

export const waitFor = async (check: () => boolean, timeoutMs = 5000) => {
  const start = Date.now();
  while (!check()) {
    if (Date.now() - start > timeoutMs) throw new Error('condition not met in time');
    await new Promise((r) => setTimeout(r, 10));
  }
};
