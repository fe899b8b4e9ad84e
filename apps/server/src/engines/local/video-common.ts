import sharp from 'sharp';
import { z } from 'zod';
import type { EngineJob, EngineOutput } from '../engine';
import { probeVideo, runProcess } from './ffmpeg-runner';
import type { LocalContext } from './local-job';
import { outputPath } from './raster';

export const transitionSchema = z.enum([
  'fade',
  'dissolve',
  'wipeleft',
  'slideleft',
  'circleopen',
  'zoomin',
]);
export const fpsSchema = z.union([z.literal(24), z.literal(30)]).default(24);
export const resolutionSchema = z.enum(['720p', '1080p']).default('720p');
export type Resolution = z.infer<typeof resolutionSchema>;

/**
 * Fits the picture's aspect inside the 16:9 box of the resolution, turned to match orientation,
 * with even sides because H.264 in yuv420p cannot encode odd ones.
 */
export const videoSize = (
  width: number,
  height: number,
  resolution: Resolution,
): { width: number; height: number } => {
  const [long, short] = resolution === '1080p' ? [1920, 1080] : [1280, 720];
  const [boxW, boxH] = width >= height ? [long, short] : [short, long];
  const scale = Math.min(boxW / width, boxH / height);
  const even = (v: number) => Math.max(2, 2 * Math.round(v / 2));
  return { width: even(width * scale), height: even(height * scale) };
};

/**
 * Writes a still at exactly `scale`× the video size. Zoompan moves in whole source pixels, so
 * feeding it a larger picture turns its rounding jitter into sub-pixel steps of the output.
 */
export const prepareStill = async (
  src: string,
  size: { width: number; height: number },
  workDir: string,
  options: { scale: number; fit: 'cover' | 'contain' },
): Promise<string> => {
  const file = outputPath(workDir, 'still', 'png');
  await sharp(src)
    .rotate()
    .flatten({ background: '#000000' })
    .resize(size.width * options.scale, size.height * options.scale, {
      fit: options.fit,
      kernel: 'lanczos3',
      background: '#000000',
    })
    .png({ compressionLevel: 1 })
    .toFile(file);
  return file;
};

/** Smoothstep of the frame index: moves start and stop gently instead of at full speed. */
export const easeExpr = (frames: number): string => {
  const p = `(on/${Math.max(1, frames - 1)})`;
  return `(3*pow(${p},2)-2*pow(${p},3))`;
};

/** A zoompan stage over `frames` frames from zoom `from` to `to`, centred. */
export const zoomStage = (
  frames: number,
  from: number,
  to: number,
  size: { width: number; height: number },
  fps: number,
): string =>
  `zoompan=z='${from}+${to - from}*${easeExpr(frames)}':x='(iw-iw/zoom)/2':y='(ih-ih/zoom)/2'` +
  `:d=${frames}:s=${size.width}x${size.height}:fps=${fps},setsar=1,format=yuv420p`;

/** H.264 the way every browser and phone plays it; faststart so playback begins before the end. */
export const encoderArgs = (fps: number): string[] => [
  '-c:v',
  'libx264',
  '-preset',
  'veryfast',
  '-crf',
  '20',
  '-pix_fmt',
  'yuv420p',
  '-r',
  String(fps),
  '-movflags',
  '+faststart',
  '-an',
];

/** Runs ffmpeg with machine-readable progress mapped onto 5–95 % of the job. */
export const encodeVideo = async (
  job: EngineJob,
  ctx: LocalContext,
  args: string[],
  durationSec: number,
  stem: string,
): Promise<EngineOutput> => {
  const file = outputPath(job.workDir, stem, 'mp4');
  await runProcess(
    ctx.ffmpegPath,
    ['-hide_banner', '-nostats', '-loglevel', 'error', '-y', ...args, '-progress', 'pipe:1', file],
    {
      signal: job.signal,
      durationSec,
      onPercent: (p) => job.onProgress({ percent: 5 + p * 0.9, message: '正在生成视频' }),
    },
  );
  const info = await probeVideo(ctx, file);
  return {
    path: file,
    mime: 'video/mp4',
    kind: 'video',
    width: info.width,
    height: info.height,
    duration: info.duration,
  };
};

/**
 * Chains xfade over prepared clip labels: clip k starts fading in once the clips before it have
 * played less the transitions between them, so clips of d₀…dₙ₋₁ seconds last
 * Σd − (N−1)·t in total.
 */
export const xfadeChain = (
  labels: string[],
  clipSeconds: number[],
  transition: string,
  transitionSeconds: number,
): { graph: string; out: string } => {
  let current = labels[0]!;
  let offset = 0;
  const parts: string[] = [];
  for (let k = 1; k < labels.length; k += 1) {
    const out = `x${k}`;
    offset += clipSeconds[k - 1]! - transitionSeconds;
    parts.push(
      `[${current}][${labels[k]}]xfade=transition=${transition}:duration=${transitionSeconds}:offset=${offset.toFixed(3)}[${out}]`,
    );
    current = out;
  }
  return { graph: parts.join(';'), out: current };
};

/** Seconds of a sequence of clips joined by transitions of `transitionSeconds`. */
export const sequenceSeconds = (clipSeconds: number[], transitionSeconds: number): number =>
  clipSeconds.reduce((sum, d) => sum + d, 0) -
  Math.max(0, clipSeconds.length - 1) * transitionSeconds;

/**
 * Stills → one MP4: still i becomes a clip of `clipFrames[i]` frames with its own gentle zoom,
 * clips are joined by `transition`, and the result is encoded with progress against its real
 * length (Σclip − (N−1)·transition seconds).
 */
export const encodeStillSequence = async (
  job: EngineJob,
  ctx: LocalContext,
  o: {
    stills: string[];
    /** Frames of each still's clip, in order. */
    clipFrames: number[];
    /** Zoom at the start and end of clip i. */
    zoom: (i: number) => [from: number, to: number];
    size: { width: number; height: number };
    fps: number;
    transition: string;
    transitionSeconds: number;
    stem: string;
  },
): Promise<EngineOutput> => {
  const clips = o.clipFrames.map((frames) => frames / o.fps);
  const stages = o.stills.map((_, i) => {
    const [from, to] = o.zoom(i);
    return `[${i}:v]${zoomStage(o.clipFrames[i]!, from, to, o.size, o.fps)}[v${i}]`;
  });
  const chain = xfadeChain(
    o.stills.map((_, i) => `v${i}`),
    clips,
    o.transition,
    o.transitionSeconds,
  );
  const total = sequenceSeconds(clips, o.transitionSeconds);
  return encodeVideo(
    job,
    ctx,
    [
      ...o.stills.flatMap((s) => ['-i', s]),
      '-filter_complex',
      [...stages, chain.graph].join(';'),
      '-map',
      `[${chain.out}]`,
      ...encoderArgs(o.fps),
    ],
    total,
    o.stem,
  );
};
