import { spawn } from 'node:child_process';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { EngineError, abortError } from '../engine';

const requireFromHere = createRequire(import.meta.url);

const onPath = (name: string): string | null => {
  for (const dir of (process.env.PATH ?? '').split(path.delimiter)) {
    if (!dir) continue;
    const candidate = path.join(dir, name);
    try {
      fs.accessSync(candidate, fs.constants.X_OK);
      return candidate;
    } catch {
      // not here; keep looking
    }
  }
  return null;
};

/**
 * The system ffmpeg (apt) is newer and has xfade; the npm binary is a 2018 static build kept only
 * as a fallback so the engine still works on a machine without ffmpeg installed. It ships no
 * ffprobe, hence the nullable path.
 */
export const resolveBinaries = (overrides: {
  ffmpegPath?: string;
  ffprobePath?: string;
}): { ffmpegPath: string; ffprobePath: string | null } => {
  let ffmpegPath = overrides.ffmpegPath ?? onPath('ffmpeg');
  if (!ffmpegPath) {
    try {
      ffmpegPath = (requireFromHere('@ffmpeg-installer/ffmpeg') as { path: string }).path;
    } catch {
      ffmpegPath = 'ffmpeg';
    }
  }
  const sibling = path.join(path.dirname(ffmpegPath), 'ffprobe');
  const ffprobePath =
    overrides.ffprobePath ?? onPath('ffprobe') ?? (fs.existsSync(sibling) ? sibling : null);
  return { ffmpegPath, ffprobePath };
};

interface RunOptions {
  signal: AbortSignal;
  /** Expected output duration; with it, `-progress` lines become percentages. */
  durationSec?: number;
  onPercent?: (percent: number) => void;
}

/**
 * Runs a binary to completion. On abort the child is killed and the promise rejects only after it
 * has exited, so a canceled task never leaves an encoder running.
 */
export const runProcess = (
  binary: string,
  args: string[],
  options: RunOptions,
): Promise<{ stdout: string; stderr: string }> =>
  new Promise((resolve, reject) => {
    if (options.signal.aborted) {
      reject(abortError());
      return;
    }
    const child = spawn(binary, args, { stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    let pending = '';
    let aborted = false;
    const onAbort = () => {
      aborted = true;
      child.kill('SIGKILL');
    };
    options.signal.addEventListener('abort', onAbort, { once: true });
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => {
      stdout += chunk.length < 4096 ? chunk : '';
      if (!options.durationSec || !options.onPercent) return;
      pending += chunk;
      const lines = pending.split('\n');
      pending = lines.pop() ?? '';
      for (const line of lines) {
        // out_time_us is microseconds; old builds only print out_time_ms, also in microseconds.
        const match = /^out_time_(?:us|ms)=(\d+)/.exec(line.trim());
        if (match) {
          const seconds = Number(match[1]) / 1e6;
          options.onPercent(Math.min(99, (seconds / options.durationSec) * 100));
        }
      }
    });
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => {
      // Keep the tail only: errors are printed last and long runs print a lot.
      stderr = (stderr + chunk).slice(-8000);
    });
    child.on('error', (error) => {
      options.signal.removeEventListener('abort', onAbort);
      reject(new EngineError('视频处理组件不可用', `${binary}: ${error.message}`));
    });
    child.on('close', (code) => {
      options.signal.removeEventListener('abort', onAbort);
      if (aborted) reject(abortError());
      else if (code === 0) resolve({ stdout, stderr });
      else reject(new EngineError('视频生成失败，请换一张图片再试', stderr.trim().slice(-1500)));
    });
  });

export const ffmpegVersion = async (ffmpegPath: string): Promise<string> => {
  const { stdout } = await runProcess(ffmpegPath, ['-hide_banner', '-version'], {
    signal: AbortSignal.timeout(10_000),
  });
  return /ffmpeg version (\S+)/.exec(stdout)?.[1] ?? 'unknown';
};

export interface VideoInfo {
  duration: number;
  width: number;
  height: number;
  codec: string;
}

/** ffprobe when we have it; otherwise the banner `ffmpeg -i` prints, which carries the same. */
export const probeVideo = async (
  binaries: { ffmpegPath: string; ffprobePath: string | null },
  file: string,
): Promise<VideoInfo> => {
  const signal = AbortSignal.timeout(20_000);
  if (binaries.ffprobePath) {
    const { stdout } = await runProcess(
      binaries.ffprobePath,
      [
        '-v',
        'error',
        '-select_streams',
        'v:0',
        '-show_entries',
        'stream=codec_name,width,height:format=duration',
        '-of',
        'json',
        file,
      ],
      { signal },
    );
    const parsed = JSON.parse(stdout) as {
      streams?: { codec_name?: string; width?: number; height?: number }[];
      format?: { duration?: string };
    };
    const stream = parsed.streams?.[0];
    return {
      duration: Number(parsed.format?.duration ?? 0),
      width: stream?.width ?? 0,
      height: stream?.height ?? 0,
      codec: stream?.codec_name ?? 'unknown',
    };
  }
  // `ffmpeg -i file` with no output exits 1 after printing the stream banner; that is expected.
  const stderr = await new Promise<string>((resolve) => {
    const child = spawn(binaries.ffmpegPath, ['-hide_banner', '-i', file]);
    let text = '';
    child.stderr.setEncoding('utf8').on('data', (c: string) => (text += c));
    child.on('close', () => resolve(text));
    child.on('error', () => resolve(text));
  });
  const d = /Duration: (\d+):(\d+):(\d+(?:\.\d+)?)/.exec(stderr);
  const v = /Video: (\w+).*?, (\d{2,5})x(\d{2,5})/.exec(stderr);
  return {
    duration: d ? Number(d[1]) * 3600 + Number(d[2]) * 60 + Number(d[3]) : 0,
    width: v ? Number(v[2]) : 0,
    height: v ? Number(v[3]) : 0,
    codec: v?.[1] ?? 'unknown',
  };
};
