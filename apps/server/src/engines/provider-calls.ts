import { EngineError } from './engine';
import type { EngineJob } from './engine';
import { ProviderError } from './hosted-call';

/**
 * What a hosted engine tells about each call it made to a provider (a DashScope task, an Ark
 * images request or Seedance task), billed or not: the cost ledger is built from these. Engines
 * know nothing of the database; the composition root passes a sink that prices and stores them.
 */
export interface ProviderCallRecord {
  taskId: string;
  toolId: string;
  provider: ProviderError['provider'];
  model: string;
  status: 'succeeded' | 'failed' | 'canceled';
  /** What the provider bills by, as its `usage` reports it: pictures, seconds of video, tokens. */
  units: number;
  unit: 'image' | 'second' | 'token';
  requestId?: string;
  providerTaskId?: string;
  /** The provider's error code of a failed call. */
  errorCode?: string;
}

export type ProviderCallSink = (call: ProviderCallRecord) => Promise<void> | void;

type Ids = Pick<ProviderCallRecord, 'requestId' | 'providerTaskId'>;

/**
 * Runs one provider call and reports it to the sink: its usage when it succeeded, a row with no
 * units when it failed or was canceled. `run` notes the ids it learns in `ids` as it goes, so a
 * task that fails after its submit still names itself. A sink that fails never fails the run.
 */
export const recordedCall = async <T>(
  sink: ProviderCallSink | undefined,
  job: Pick<EngineJob, 'taskId' | 'toolId' | 'signal'>,
  call: Pick<ProviderCallRecord, 'provider' | 'model' | 'unit'>,
  run: (ids: Ids) => Promise<{ value: T; units: number }>,
): Promise<T> => {
  const ids: Ids = {};
  const report = async (rest: Partial<ProviderCallRecord> & Pick<ProviderCallRecord, 'status'>) => {
    try {
      await sink?.({ taskId: job.taskId, toolId: job.toolId, units: 0, ...call, ...ids, ...rest });
    } catch {
      // The ledger is bookkeeping: a lost row must not cost the designer their picture.
    }
  };
  try {
    const { value, units } = await run(ids);
    await report({ status: 'succeeded', units });
    return value;
  } catch (e) {
    const aborted = job.signal.aborted || (e as Error).name === 'AbortError';
    const provider = e instanceof ProviderError ? e : undefined;
    await report({
      status: aborted ? 'canceled' : 'failed',
      requestId: provider?.requestId ?? ids.requestId,
      providerTaskId: provider?.taskId ?? ids.providerTaskId,
      errorCode: provider?.code ?? (e instanceof EngineError ? 'engine' : undefined),
    });
    throw e;
  }
};

/** A usage figure the provider reported, or the fallback when it reported none. */
export const usageOf = (
  usage: Record<string, unknown> | undefined,
  keys: readonly string[],
  fallback: number,
): number => {
  for (const k of keys) {
    const v = usage?.[k];
    if (typeof v === 'number' && Number.isFinite(v) && v >= 0) return v;
  }
  return fallback;
};
