import os from 'node:os';
import { MessageChannel, type MessagePort } from 'node:worker_threads';
import { Piscina } from 'piscina';
import type { EngineJob, EngineOutput } from '../engine';
import { EngineError, abortError } from '../engine';
import { trackThread } from '../../process-policy';
import type { LocalContext } from './local-job';

/** What crosses into a worker: the job without its signal and callback (they stay here). */
export type PoolJob = Omit<EngineJob, 'signal' | 'onProgress'>;

/** What the structure guard asks the pool to compare (structure-score.ts). */
export type StructureTask = { input: string; output: string; mask?: string };

export type PoolTask =
  | { kind: 'run'; job: PoolJob; ctx: LocalContext; progress: MessagePort }
  | { kind: 'health' }
  | ({ kind: 'structure' } & StructureTask);

/** Errors travel as data: a worker cannot hand back an EngineError instance. */
export type PoolError = {
  name: string;
  message: string;
  engine?: { userMessage: string; detail?: string; retryable: boolean };
};
export type PoolResult =
  | { ok: true; outputs: EngineOutput[] }
  | { ok: true; health: string }
  | { ok: true; score: number }
  | { ok: false; error: PoolError };

export const toPoolError = (error: unknown): PoolError => {
  if (error instanceof EngineError) {
    return {
      name: error.name,
      message: error.message,
      engine: { userMessage: error.userMessage, detail: error.detail, retryable: error.retryable },
    };
  }
  if (error instanceof Error) return { name: error.name, message: error.message };
  return { name: 'Error', message: String(error) };
};

const fromPoolError = (error: PoolError): Error => {
  if (error.engine) {
    return new EngineError(error.engine.userMessage, error.engine.detail, error.engine.retryable);
  }
  if (error.name === 'AbortError') return abortError();
  return Object.assign(new Error(error.message), { name: error.name });
};

const CLOSE_WAIT_MS = 2_000;

/** One thread per core but one, which the API's own thread keeps; at least one. */
export const defaultPoolThreads = (): number => Math.max(1, os.availableParallelism() - 1);

/**
 * The worker-thread pool the local engine's CPU work runs in (OpenCV.js, ESRGAN, big sharp
 * pipelines), so request handlers are never held up (ARCHITECTURE rule 15). OpenCV.js is only
 * ever loaded inside the workers: it installs process handlers and prints megabytes on a crash.
 * Canceling a job that is running ends its thread (piscina terminates it); a queued one is
 * dropped. Runs from the TypeScript sources (tests, tsx) and from the bundle (dist/local-worker.js).
 */
export const createLocalPool = (threads = defaultPoolThreads()) => {
  const fromSource = import.meta.url.endsWith('.ts');
  let pool: Piscina | undefined;
  const create = () => {
    const created = new Piscina({
      filename: new URL(fromSource ? './local-worker.ts' : './local-worker.js', import.meta.url)
        .href,
      execArgv: fromSource ? ['--import', 'tsx'] : [],
      minThreads: 0,
      maxThreads: threads,
      // A warm worker keeps OpenCV.js and the ESRGAN model loaded; an idle one exits.
      idleTimeout: 60_000,
    });
    // A canceled job's thread leaves the pool at once but lives on while it is inside libvips;
    // the process's exit must know of it (process-policy.ts).
    created.on('workerCreate', () => created.threads.forEach(trackThread));
    return created;
  };
  const get = () => (pool ??= create());

  const call = async (task: PoolTask, signal?: AbortSignal, transfer?: MessagePort[]) => {
    let result: PoolResult;
    try {
      result = (await get().run(task, {
        signal,
        transferList: transfer,
      })) as PoolResult;
    } catch (error) {
      if (signal?.aborted) throw abortError();
      throw error;
    }
    if (!result.ok) throw fromPoolError(result.error);
    return result;
  };

  return {
    threads,
    async run(job: EngineJob, ctx: LocalContext): Promise<EngineOutput[]> {
      if (job.signal.aborted) throw abortError();
      const { signal, onProgress, ...rest } = job;
      const channel = new MessageChannel();
      channel.port1.on('message', (p: Parameters<EngineJob['onProgress']>[0]) => onProgress(p));
      try {
        const result = await call(
          { kind: 'run', job: rest, ctx, progress: channel.port2 },
          signal,
          [channel.port2],
        );
        return 'outputs' in result ? result.outputs : [];
      } finally {
        channel.port1.close();
      }
    },
    /** The structure-kept score of a result against its input, computed in a worker. */
    async structureScore(task: StructureTask, signal?: AbortSignal): Promise<number> {
      const result = await call({ kind: 'structure', ...task }, signal);
      return 'score' in result ? result.score : 0;
    },
    /** Loads OpenCV.js in a worker (not here) and says it is ready. */
    async health(): Promise<string> {
      const result = await call({ kind: 'health' });
      return 'health' in result ? result.health : '';
    },
    /**
     * Ends the threads, waiting at most CLOSE_WAIT_MS: a thread inside a native call ends only
     * when the call returns, and shutdown does not wait for that (process-policy.ts).
     */
    async close(): Promise<void> {
      const closing = pool;
      pool = undefined;
      if (!closing) return;
      let timer: NodeJS.Timeout | undefined;
      await Promise.race([
        closing.destroy(),
        new Promise((resolve) => (timer = setTimeout(resolve, CLOSE_WAIT_MS))),
      ]);
      clearTimeout(timer);
    },
  };
};
export type LocalPool = ReturnType<typeof createLocalPool>;
