import fs from 'node:fs/promises';
import sharp from 'sharp';
import { abortError, EngineError } from './engine';
import type { EngineJob } from './engine';

/**
 * What the hosted engines (DashScope, Ark) share: an abortable sleep, exponential backoff, an
 * in-process counting limit (provider-slots.ts on one process), data-URI inputs and the typed error
 * every provider failure becomes.
 */

/** A provider's failure with the ids its support desk asks for. */
export class ProviderError extends EngineError {
  constructor(
    userMessage: string,
    detail: string,
    retryable: boolean,
    readonly provider: 'dashscope' | 'ark',
    readonly code: string | undefined,
    readonly requestId: string | undefined,
    readonly taskId?: string,
    /** The provider is throttling the account: the job may wait and try again later. */
    readonly busy = false,
  ) {
    super(userMessage, detail, retryable);
    this.name = 'ProviderError';
  }
}

export type Sleep = (ms: number, signal: AbortSignal) => Promise<void>;

export const sleep: Sleep = (ms, signal) =>
  new Promise((resolve, reject) => {
    if (signal.aborted) return reject(abortError());
    const timer = setTimeout(() => {
      signal.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    const onAbort = () => {
      clearTimeout(timer);
      reject(abortError());
    };
    signal.addEventListener('abort', onAbort, { once: true });
  });

/** The n-th wait (0-based) of a doubling backoff, capped. */
export const backoffMs = (attempt: number, baseMs: number, maxMs: number): number =>
  Math.min(maxMs, baseMs * 2 ** attempt);

/**
 * Runs `call`, again after a doubling wait while it fails with a retryable EngineError (a 429, a
 * 5xx, a dropped connection), at most `retries` more times. Other failures go straight through:
 * a refused picture or a bad key does not get better by asking again.
 */
export const withRetry = async <T>(
  call: () => Promise<T>,
  opts: { retries: number; baseMs: number; maxMs: number; sleep: Sleep; signal: AbortSignal },
): Promise<T> => {
  for (let attempt = 0; ; attempt += 1) {
    try {
      return await call();
    } catch (e) {
      if (opts.signal.aborted) throw abortError();
      if (!(e instanceof EngineError) || !e.retryable || attempt >= opts.retries) throw e;
      await opts.sleep(backoffMs(attempt, opts.baseMs, opts.maxMs), opts.signal);
    }
  }
};

/**
 * At most `limit` jobs at once in this process; the rest wait their turn (or their abort). The
 * providers count concurrent tasks per account and refuse the excess, so waiting here is cheaper
 * than being throttled there.
 */
export const createLimit = (limit: number) => {
  let running = 0;
  const waiting: (() => void)[] = [];
  const acquire = (signal: AbortSignal) =>
    new Promise<void>((resolve, reject) => {
      if (signal.aborted) return reject(abortError());
      if (running < limit) {
        running += 1;
        return resolve();
      }
      const go = () => {
        signal.removeEventListener('abort', onAbort);
        running += 1;
        resolve();
      };
      const onAbort = () => {
        const i = waiting.indexOf(go);
        if (i >= 0) waiting.splice(i, 1);
        reject(abortError());
      };
      waiting.push(go);
      signal.addEventListener('abort', onAbort, { once: true });
    });
  const release = () => {
    running -= 1;
    waiting.shift()?.();
  };
  return {
    get running() {
      return running;
    },
    async run<T>(signal: AbortSignal, task: () => Promise<T>): Promise<T> {
      await acquire(signal);
      try {
        return await task();
      } finally {
        release();
      }
    },
  };
};

const DATA_URI_FORMATS: Record<string, string> = {
  jpeg: 'image/jpeg',
  png: 'image/png',
  webp: 'image/webp',
  bmp: 'image/bmp',
  tiff: 'image/tiff',
};

/**
 * An input image as `data:{mime};base64,…`, which both providers accept in place of a URL, so
 * no upload needs a public link. Formats the providers do not list are sent as PNG; `maxSide`
 * shrinks pictures past a provider's limit.
 */
export const imageDataUri = async (file: string, maxSide?: number): Promise<string> => {
  const meta = await sharp(file).metadata();
  const tooBig = maxSide !== undefined && Math.max(meta.width, meta.height) > maxSide;
  const mime = meta.format ? DATA_URI_FORMATS[meta.format] : undefined;
  if (mime && !tooBig) {
    const bytes = await fs.readFile(file);
    return `data:${mime};base64,${bytes.toString('base64')}`;
  }
  const png = await sharp(file)
    .resize(tooBig ? { width: maxSide, height: maxSide, fit: 'inside' } : undefined)
    .png()
    .toBuffer();
  return `data:image/png;base64,${png.toString('base64')}`;
};

/** Render tools promise to keep the space; an editing model is told so in words. */
export const KEEP_STRUCTURE =
  '保持原图的空间结构、透视、墙体与门窗位置、家具布局不变，只改变材质、色彩和光影。';

/** The stricter words of a free second run whose first result lost the structure. */
export const KEEP_STRUCTURE_STRICT =
  '严格保持原图的构图、视角和透视，墙体、梁柱、门窗、家具的位置、轮廓与比例完全不变，不移动镜头，不增删物体；';

/** What leads an image prompt: the stricter words on a structure-guarded second run, else none. */
export const strictStructurePrefix = (job: Pick<EngineJob, 'strictStructure'>): string =>
  job.strictStructure ? KEEP_STRUCTURE_STRICT : '';
