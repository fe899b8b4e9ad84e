import { describe, expect, it } from 'vitest';
import { EngineError } from '../../src/engines/engine';
import { createLocalEngine } from '../../src/engines/local/local-engine';
import { engine, roomSvg, runJob, tempDir, writeImage } from './fixtures';

describe('local engine', () => {
  it('declares exactly the classical capabilities', () => {
    expect(engine.id).toBe('local');
    expect([...engine.capabilities].sort()).toEqual(
      [
        'compress',
        'upscale',
        'to-line',
        'color-flat-plan',
        'inpaint',
        'extend',
        'color-transfer',
        'color-grade',
        'matting',
        'click-segment',
        'video-camera-move',
        'video-first-last',
        'video-multi-image',
      ].sort(),
    );
  });

  it('reports up with the ffmpeg version and OpenCV readiness', async () => {
    const health = await engine.health();
    expect(health.status).toBe('up');
    expect(health.detail).toMatch(/^ffmpeg \S+ \(ffprobe\), OpenCV\.js ready$/);
  });

  it('reports down when ffmpeg cannot be run', async () => {
    const broken = createLocalEngine({ ffmpegPath: '/nonexistent/ffmpeg' });
    expect((await broken.health()).status).toBe('down');
  });

  it('refuses generative capabilities and oversized pictures in plain Chinese', async () => {
    const dir = await tempDir();
    const room = await writeImage(dir, 'room', roomSvg(320, 240));
    await expect(runJob('render', { upload_img: room }, {}, dir)).rejects.toThrow(
      '本地引擎不支持该功能',
    );
    const small = createLocalEngine({ maxPixels: 50_000 });
    const run = small.run({
      taskId: 't',
      toolId: 'to-line',
      capability: 'to-line',
      params: {},
      inputs: { upload_img: room },
      workDir: dir,
      signal: new AbortController().signal,
      onProgress: () => {},
    });
    await expect(run).rejects.toBeInstanceOf(EngineError);
    await expect(run).rejects.toThrow('图片过大，请先压缩到 5 万像素以内');
  });

  it('rejects an already-aborted job with AbortError before doing any work', async () => {
    const dir = await tempDir();
    const room = await writeImage(dir, 'room', roomSvg(64, 48));
    const controller = new AbortController();
    controller.abort();
    await expect(
      runJob('to-line', { upload_img: room }, {}, dir, controller.signal),
    ).rejects.toMatchObject({ name: 'AbortError' });
  });

  it('turns a bad parameter into a plain message', async () => {
    const dir = await tempDir();
    const room = await writeImage(dir, 'room', roomSvg(64, 48));
    await expect(runJob('upscale', { upload_img: room }, { scale: 3 }, dir)).rejects.toThrow(
      '参数不正确',
    );
  });
});
