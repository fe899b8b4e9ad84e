import type { Health } from '@huijing/contracts';
import type { Engine, EngineId } from './engine';

export type EngineStatus = Health['engines'][number];

const knownEngines: readonly EngineId[] = ['local', 'comfyui', 'openai-images'];

/**
 * What health reports about each engine: every known engine, probed through its own health()
 * when configured, "unconfigured" otherwise. Health is polled by load balancers, so probes are
 * cached for `ttlMs` and bounded by `timeoutMs` (a hung ComfyUI reads as down, not as a hung
 * health check). Concurrent callers share one probe.
 */
export const createEngineStatus = (
  engines: readonly Engine[],
  options: { ttlMs?: number; timeoutMs?: number; now?: () => number } = {},
) => {
  const ttlMs = options.ttlMs ?? 10_000;
  const timeoutMs = options.timeoutMs ?? 2_000;
  const now = options.now ?? Date.now;
  const byId = new Map(engines.map((e) => [e.id, e]));
  let cached: { at: number; value: Promise<EngineStatus[]> } | undefined;

  const probe = async (engine: Engine): Promise<EngineStatus> => {
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<EngineStatus>((resolve) => {
      timer = setTimeout(
        () =>
          resolve({ id: engine.id, status: 'down', detail: `no answer within ${timeoutMs} ms` }),
        timeoutMs,
      );
    });
    try {
      return await Promise.race([
        engine.health().then(
          (h): EngineStatus => ({ id: engine.id, status: h.status, detail: h.detail }),
          (e: unknown): EngineStatus => ({
            id: engine.id,
            status: 'down',
            detail: e instanceof Error ? e.message : String(e),
          }),
        ),
        timeout,
      ]);
    } finally {
      clearTimeout(timer);
    }
  };

  // Hosted engines show only when configured (one per provider key).
  const ids = [...new Set([...knownEngines, ...engines.map((e) => e.id)])];
  return (): Promise<EngineStatus[]> => {
    if (cached && now() - cached.at < ttlMs) return cached.value;
    const value = Promise.all(
      ids.map((id) => {
        const engine = byId.get(id);
        return engine
          ? probe(engine)
          : Promise.resolve<EngineStatus>({ id, status: 'unconfigured' });
      }),
    );
    cached = { at: now(), value };
    return value;
  };
};
