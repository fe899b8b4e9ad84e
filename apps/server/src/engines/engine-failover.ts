import { EngineError } from './engine';
import type { Engine, EngineJob, EngineOutput } from './engine';
import { ProviderError } from './hosted-call';

/**
 * The provider's own account cannot serve (bad key, overdue, model not opened, endpoint gone):
 * not the designer's doing, and another engine may well serve the same job.
 */
const ACCOUNT_CODES =
  /^(InvalidApiKey|Arrearage|AccessDenied|AuthenticationError|AccountOverdueError|InvalidEndpointOrModel)/;

/**
 * Whether a failure may pass the job to the next engine of its capability: the engine is busy,
 * down or timed out after its own retries (a retryable EngineError), or its account cannot
 * serve. A refused picture (content safety) or bad input stays with the designer: another
 * provider would be asked the same thing, and billed for it.
 */
export const failsOver = (error: unknown): boolean =>
  error instanceof EngineError &&
  (error.retryable || (error instanceof ProviderError && ACCOUNT_CODES.test(error.code ?? '')));

export interface FailoverResult {
  outputs: EngineOutput[];
  /** The engine that finally served. */
  engine: Engine;
}

/**
 * Runs the job on `first`; while it fails in a way that fails over, on the next engine of
 * `next()` (asked once, the first time it is needed). The last failure is what the caller sees.
 * Every output names the engine that made it (`provider`), hosted or not.
 */
export const runWithFailover = async (
  first: Engine,
  next: () => Promise<readonly Engine[]>,
  job: EngineJob,
  onFailover?: (from: Engine, to: Engine, error: unknown) => void,
): Promise<FailoverResult> => {
  let engine = first;
  let rest: readonly Engine[] | undefined;
  for (let i = 0; ; i += 1) {
    try {
      const outputs = await engine.run(job);
      const served = engine;
      return {
        engine: served,
        outputs: outputs.map((o) => ({
          ...o,
          provider: o.provider ?? { provider: served.id, model: served.id },
        })),
      };
    } catch (error) {
      if (job.signal.aborted || !failsOver(error)) throw error;
      rest ??= await next();
      const to = rest[i];
      if (!to) throw error;
      onFailover?.(engine, to, error);
      engine = to;
    }
  }
};

/** Every engine the job could go to is throttling its account (ProviderError.busy). */
const isBusy = (error: unknown): boolean => error instanceof ProviderError && error.busy;

/**
 * Runs `attempt`; while it fails only because the providers are throttling, waits (doubling from
 * a twentieth of the budget, at most a minute) and runs it again, until `maxWaitMs` is spent.
 * A throttled provider then makes a task wait instead of failing; 0 turns the waiting off.
 */
export const waitOutBusy = async <T>(
  attempt: () => Promise<T>,
  opts: {
    maxWaitMs: number;
    signal: AbortSignal;
    sleep: (ms: number, signal: AbortSignal) => Promise<void>;
    onWait?: (delayMs: number, error: unknown) => void;
  },
): Promise<T> => {
  let waited = 0;
  let delay = Math.min(5_000, Math.max(1, Math.floor(opts.maxWaitMs / 20)));
  for (;;) {
    try {
      return await attempt();
    } catch (error) {
      if (opts.signal.aborted || !isBusy(error) || waited + delay > opts.maxWaitMs) throw error;
      opts.onWait?.(delay, error);
      await opts.sleep(delay, opts.signal);
      waited += delay;
      delay = Math.min(60_000, delay * 2);
    }
  }
};
