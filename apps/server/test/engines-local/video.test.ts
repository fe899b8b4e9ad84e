import { execFileSync, spawnSync } from 'node:child_process';
import { beforeAll, describe, expect, it } from 'vitest';
import type { EngineFile } from '../../src/engines/engine';
import { expectMonotonicTo100, roomSvg, runJob, tempDir, writeImage } from './fixtures';

const probe = (file: string) => {
  const out = execFileSync('ffprobe', [
    '-v',
    'error',
    '-select_streams',
    'v:0',
    '-show_entries',
    'stream=codec_name,width,height,pix_fmt:format=duration',
    '-of',
    'json',
    file,
  ]).toString();
  const json = JSON.parse(out) as {
    streams: { codec_name: string; width: number; height: number; pix_fmt: string }[];
    format: { duration: string };
  };
  return { ...json.streams[0]!, duration: Number(json.format.duration) };
};

/** Mean RGB of one decoded frame, taken `at` seconds from the start (or the end when negative). */
const frameMean = (file: string, at: number): [number, number, number] => {
  const seek = at >= 0 ? ['-ss', String(at)] : ['-sseof', String(at)];
  const raw = execFileSync('ffmpeg', [
    '-v',
    'error',
    ...seek,
    '-i',
    file,
    '-frames:v',
    '1',
    '-s',
    '16x16',
    '-pix_fmt',
    'rgb24',
    '-f',
    'rawvideo',
    'pipe:1',
  ]);
  const sum = [0, 0, 0];
  for (let i = 0; i < raw.length; i += 1) sum[i % 3]! += raw[i]!;
  const n = raw.length / 3;
  return [sum[0]! / n, sum[1]! / n, sum[2]! / n];
};

const distance = (a: number[], b: number[]) => Math.hypot(...a.map((v, i) => v - b[i]!));

const flat = (w: number, h: number, fill: string) =>
  `<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}"><rect width="${w}" height="${h}" fill="${fill}"/></svg>`;

const ffmpegChildren = () =>
  spawnSync('ps', ['-o', 'comm=', '--ppid', String(process.pid)])
    .stdout.toString()
    .split('\n')
    .filter((name) => name.includes('ffmpeg'));

describe('local video', () => {
  let dir: string;
  let room: EngineFile;
  beforeAll(async () => {
    dir = await tempDir();
    room = await writeImage(dir, 'room', roomSvg(400, 300));
  });

  it('camera move: H.264 of the asked duration with even sides and progress to 100', async () => {
    const { outputs, progress } = await runJob(
      'video-camera-move',
      { upload_img: room },
      { motion: 'zoom-in', duration: 2 },
      dir,
    );
    const [out] = outputs;
    const info = probe(out!.path);
    expect(info.codec_name).toBe('h264');
    expect(info.pix_fmt).toBe('yuv420p');
    expect(Math.abs(info.duration - 2)).toBeLessThanOrEqual(0.2);
    // 4:3 inside the 720p box, even sides.
    expect([info.width, info.height]).toEqual([960, 720]);
    expect([out!.width, out!.height, out!.kind]).toEqual([960, 720, 'video']);
    expect(Math.abs(out!.duration! - 2)).toBeLessThanOrEqual(0.2);
    // Zooming in on the room changes the picture between the first and the last frame.
    expect(distance(frameMean(out!.path, 0), frameMean(out!.path, -0.1))).toBeGreaterThan(2);
    expect(progress.filter((p) => p > 5 && p < 100).length).toBeGreaterThan(0);
    expectMonotonicTo100(progress);
  });

  it('camera move: abort kills ffmpeg and rejects with AbortError quickly', async () => {
    const controller = new AbortController();
    const run = runJob(
      'video-camera-move',
      { upload_img: room },
      { motion: 'orbit', duration: 10, resolution: '1080p' },
      dir,
      controller.signal,
    );
    // Wait until the encoder is really running, then let it work a moment.
    for (let i = 0; i < 100 && ffmpegChildren().length === 0; i += 1) {
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    expect(ffmpegChildren().length).toBe(1);
    await new Promise((resolve) => setTimeout(resolve, 300));
    const abortedAt = Date.now();
    controller.abort();
    await expect(run).rejects.toMatchObject({ name: 'AbortError' });
    expect(Date.now() - abortedAt).toBeLessThan(1000);
    expect(ffmpegChildren()).toEqual([]);
  });

  it('first/last frame: starts on the first picture and ends on the last', async () => {
    const first = await writeImage(dir, 'first', flat(320, 240, '#2050c0'));
    const last = await writeImage(dir, 'last', flat(200, 200, '#e08020'));
    const { outputs } = await runJob(
      'video-first-last',
      { first_frame: first, last_frame: last },
      { duration: 3, transition: 'circleopen' },
      dir,
    );
    const [out] = outputs;
    const info = probe(out!.path);
    // Never shorter than asked (the player would show 0:02 for 3 s), at most a frame or so over.
    expect(info.duration).toBeGreaterThanOrEqual(3);
    expect(info.duration).toBeLessThanOrEqual(3.1);
    const blue = [0x20, 0x50, 0xc0];
    const orange = [0xe0, 0x80, 0x20];
    const start = frameMean(out!.path, 0);
    const end = frameMean(out!.path, -0.05);
    expect(distance(start, blue)).toBeLessThan(20);
    expect(distance(end, orange)).toBeLessThan(20);
    // Halfway through the transition the picture is neither.
    const middle = frameMean(out!.path, 1.5);
    expect(distance(middle, blue)).toBeGreaterThan(20);
    expect(distance(middle, orange)).toBeGreaterThan(20);
  });

  it('multi-image: N·d − (N−1)·t seconds from pictures of different sizes', async () => {
    const inputs = {
      frames_0: await writeImage(dir, 'm0', flat(320, 180, '#c03030')),
      frames_1: await writeImage(dir, 'm1', roomSvg(240, 240)),
      frames_2: await writeImage(dir, 'm2', flat(180, 320, '#30a040')),
    };
    const { outputs } = await runJob(
      'video-multi-image',
      inputs,
      { durationPerImage: 1.5, transitionDuration: 0.5, transition: 'slideleft' },
      dir,
    );
    const info = probe(outputs[0]!.path);
    expect(Math.abs(info.duration - (3 * 1.5 - 2 * 0.5))).toBeLessThanOrEqual(0.25);
    // The first picture's 16:9 frame sets the size; every later one is cropped to it.
    expect([info.width, info.height]).toEqual([1280, 720]);
    expect(distance(frameMean(outputs[0]!.path, 0), [0xc0, 0x30, 0x30])).toBeLessThan(20);
    expect(distance(frameMean(outputs[0]!.path, -0.05), [0x30, 0xa0, 0x40])).toBeLessThan(20);
  });

  it('multi-image: per-picture durations set each hold and the total length', async () => {
    const red = [0xc0, 0x30, 0x30];
    const green = [0x30, 0xa0, 0x40];
    const blue = [0x20, 0x50, 0xc0];
    const inputs = {
      frames_0: await writeImage(dir, 'd0', flat(320, 180, '#c03030')),
      frames_1: await writeImage(dir, 'd1', flat(320, 180, '#30a040')),
      frames_2: await writeImage(dir, 'd2', flat(320, 180, '#2050c0')),
    };
    const { outputs } = await runJob(
      'video-multi-image',
      inputs,
      // The third picture has no entry: it holds durationPerImage.
      { durations: [1, 3], durationPerImage: 2, transitionDuration: 0.4, transition: 'fade' },
      dir,
    );
    const file = outputs[0]!.path;
    const info = probe(file);
    expect(Math.abs(info.duration - (1 + 3 + 2 - 2 * 0.4))).toBeLessThanOrEqual(0.25);
    // Green starts fading in at 0.6 s and out at 3.2 s: 2.5 s is plain green, 0.3 s still red.
    expect(distance(frameMean(file, 0.3), red)).toBeLessThan(20);
    expect(distance(frameMean(file, 2.5), green)).toBeLessThan(20);
    expect(distance(frameMean(file, -0.1), blue)).toBeLessThan(20);
  });

  it('multi-image: refuses a single picture', async () => {
    await expect(runJob('video-multi-image', { frames_0: room }, {}, dir)).rejects.toThrow(
      /2 到 20 张/,
    );
  });
});
