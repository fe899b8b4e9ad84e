import type { EngineJob } from '../engine';
import { runners } from './local-engine';
import type { PoolResult, PoolTask } from './local-pool';
import { toPoolError } from './local-pool';
import { loadCv } from './opencv-runtime';
import { structureScore } from '../structure-score';

/**
 * One local job inside a pool thread (local-pool.ts). Progress goes back over the task's port;
 * cancellation is the pool ending this thread, so the job's own signal here never fires.
 */
export default async (task: PoolTask): Promise<PoolResult> => {
  if (task.kind === 'health') {
    try {
      await loadCv();
      return { ok: true, health: 'OpenCV.js ready' };
    } catch (error) {
      return { ok: false, error: toPoolError(error) };
    }
  }
  if (task.kind === 'structure') {
    try {
      return { ok: true, score: await structureScore(task) };
    } catch (error) {
      return { ok: false, error: toPoolError(error) };
    }
  }
  const { job, ctx, progress } = task;
  try {
    const runner = runners[job.capability];
    if (!runner) throw new Error(`capability ${job.capability} has no local runner`);
    const onProgress: EngineJob['onProgress'] = (p) => progress.postMessage(p);
    const outputs = await runner({ ...job, signal: new AbortController().signal, onProgress }, ctx);
    return { ok: true, outputs };
  } catch (error) {
    return { ok: false, error: toPoolError(error) };
  } finally {
    progress.close();
  }
};
