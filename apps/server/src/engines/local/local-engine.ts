import type { Capability, Engine, EngineHealth, EngineJob, EngineOutput } from '../engine';
import { EngineError } from '../engine';
import { clickSegment } from './click-segment.capability';
import { colorFlatPlan } from './color-flat-plan.capability';
import { colorGrade } from './color-grade.capability';
import { colorTransfer } from './color-transfer.capability';
import { compress } from './compress.capability';
import { extend } from './extend.capability';
import { ffmpegVersion, resolveBinaries } from './ffmpeg-runner';
import type { CapabilityRunner, LocalContext } from './local-job';
import { throwIfAborted } from './local-job';
import { inpaint } from './inpaint.capability';
import { matting } from './matting.capability';
import { createLocalPool, defaultPoolThreads } from './local-pool';
import type { LocalPool } from './local-pool';
import { toLine } from './to-line.capability';
import { upscale } from './upscale.capability';
import { videoCameraMove } from './video-camera-move.capability';
import { videoFirstLast } from './video-first-last.capability';
import { videoMultiImage } from './video-multi-image.capability';

export interface LocalEngineOptions {
  ffmpegPath?: string;
  ffprobePath?: string;
  /** Largest image the CPU algorithms accept; 40 MP by default (a 7300×5500 render). */
  maxPixels?: number;
  /** Threads of the CPU pool (local-pool.ts); one per core by default. */
  threads?: number;
}

/**
 * Capability → algorithm. Adding a tool that reuses one of these needs no change here. A new
 * algorithm added here runs in the CPU pool (local-worker.ts) with nothing else to do.
 */
export const runners: Partial<Record<Capability, CapabilityRunner>> = {
  compress,
  upscale,
  'to-line': toLine,
  matting,
  'click-segment': clickSegment,
  'color-flat-plan': colorFlatPlan,
  inpaint,
  extend,
  'color-transfer': colorTransfer,
  'color-grade': colorGrade,
  'video-camera-move': videoCameraMove,
  'video-first-last': videoFirstLast,
  'video-multi-image': videoMultiImage,
};

export const localCapabilities = Object.keys(runners) as Capability[];

/**
 * These only drive ffmpeg child processes (the CPU work is in ffmpeg): they stay on this thread,
 * where the job's signal kills the child. Everything else runs in the worker-thread pool.
 */
const inProcess: ReadonlySet<Capability> = new Set([
  'video-camera-move',
  'video-first-last',
  'video-multi-image',
]);

export type LocalEngine = Engine & {
  close(): Promise<void>;
  /** Structure-kept scores, computed in the same CPU pool (the structure guard's measure). */
  structureScore: LocalPool['structureScore'];
};

/** The local engine, plus `close()` to end its pool's threads (tests; shutdown ends them too). */
export const createLocalEngine = (options: LocalEngineOptions = {}): LocalEngine => {
  const binaries = resolveBinaries(options);
  const ctx: LocalContext = { ...binaries, maxPixels: options.maxPixels ?? 40_000_000 };
  const pool = createLocalPool(options.threads ?? defaultPoolThreads());

  const health = async (): Promise<EngineHealth> => {
    try {
      const [version, cv] = await Promise.all([ffmpegVersion(ctx.ffmpegPath), pool.health()]);
      const probe = ctx.ffprobePath ? 'ffprobe' : 'no ffprobe';
      return { status: 'up', detail: `ffmpeg ${version} (${probe}), ${cv}` };
    } catch (error) {
      return { status: 'down', detail: error instanceof Error ? error.message : String(error) };
    }
  };

  const run = async (job: EngineJob): Promise<EngineOutput[]> => {
    const runner = runners[job.capability];
    if (!runner) {
      throw new EngineError('本地引擎不支持该功能', `capability ${job.capability}`);
    }
    throwIfAborted(job.signal);
    // Runners report progress from several stages (encoder lines, tiles); designers must never
    // see the bar go backwards, and a finished job always ends at 100.
    let last = 0;
    const onProgress: EngineJob['onProgress'] = ({ percent, message }) => {
      const next = Math.max(last, Math.min(100, Math.round(percent)));
      if (next === last && !message) return;
      last = next;
      job.onProgress(message ? { percent: next, message } : { percent: next });
    };
    const outputs = inProcess.has(job.capability)
      ? await runner({ ...job, onProgress }, ctx)
      : await pool.run({ ...job, onProgress }, ctx);
    throwIfAborted(job.signal);
    if (last < 100) onProgress({ percent: 100 });
    return outputs;
  };

  return {
    id: 'local',
    capabilities: localCapabilities,
    health,
    run,
    close: pool.close,
    structureScore: pool.structureScore,
  };
};
