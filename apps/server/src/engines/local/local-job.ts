import type { ZodType } from 'zod';
import { EngineError, abortError } from '../engine';
import type { EngineFile, EngineJob, EngineOutput } from '../engine';

/** What every local capability needs beyond the job: resolved binaries and the pixel cap. */
export interface LocalContext {
  ffmpegPath: string;
  /** Null when only an ffmpeg without ffprobe is available; durations then come from ffmpeg -i. */
  ffprobePath: string | null;
  /** Largest input (and output) image the CPU algorithms accept, in pixels. */
  maxPixels: number;
}

export type CapabilityRunner = (job: EngineJob, ctx: LocalContext) => Promise<EngineOutput[]>;

/**
 * Parameters arrive validated against the tool's schema, which may be wider than ours (prompt,
 * cnStrength…); parsing again applies our defaults and turns a bad value into a plain message.
 */
export const parseParams = <T>(schema: ZodType<T>, params: Record<string, unknown>): T => {
  const parsed = schema.safeParse(params);
  if (!parsed.success) {
    throw new EngineError('参数不正确，请检查后重试', parsed.error.message);
  }
  return parsed.data;
};

export const requireInput = (job: EngineJob, name: string, message: string): EngineFile => {
  const file = job.inputs[name];
  if (!file) throw new EngineError(message, `missing input ${name}`);
  return file;
};

export const throwIfAborted = (signal: AbortSignal): void => {
  if (signal.aborted) throw abortError();
};

/** Formats a pixel cap the way designers read it: 4000 万像素. */
export const formatMegapixels = (pixels: number): string => `${Math.round(pixels / 10_000)} 万像素`;
