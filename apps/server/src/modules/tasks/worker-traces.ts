import fs from 'node:fs/promises';
import path from 'node:path';
import type { Kysely } from 'kysely';
import { z } from 'zod';
import { DAY, type Clock } from '../../config/clock';
import type { Database } from '../../db/schema';
import { createWorkersRepository } from './worker-heartbeats';

export const workerTracesEnvSchema = z.object({
  /**
   * A worker silent this long is gone for good: its `workers` row and its work directory are
   * removed. Far above the 7 s after which its tasks are re-queued, so only the dead are swept.
   */
  WORKER_STALE_AFTER_MS: z.coerce
    .number()
    .int()
    .min(60_000)
    .max(7 * DAY)
    .default(5 * 60_000),
});

/** Worker roles sweep at start and then every minute. */
export const WORKER_TRACES_SWEEP_MS = 60_000;
/**
 * Entries of DATA_DIR/work that no worker owns (a click mask's scratch directory, left by an API
 * process killed mid-request) are only ever used for seconds; a day later they are debris.
 */
export const UNOWNED_WORK_KEEP_MS = DAY;

const OWNED_PREFIX = 'worker-';
const dirNameOf = (workerId: string) => OWNED_PREFIX + workerId.replace(/[^A-Za-z0-9._-]/g, '_');

/** A worker's own directory under DATA_DIR/work: each of its task runs works inside it. */
export const workerWorkDir = (dataDir: string, workerId: string): string =>
  path.join(dataDir, 'work', dirNameOf(workerId));

const listWork = async (root: string) => {
  try {
    return await fs.readdir(root, { withFileTypes: true });
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return [];
    throw err;
  }
};

const olderThan = async (file: string, cutoffMs: number) => {
  const stat = await fs.stat(file).catch(() => undefined);
  return stat !== undefined && stat.mtimeMs < cutoffMs;
};

/**
 * Removes what dead workers leave behind: `workers` rows silent for `staleAfterMs`, and the work
 * directories of workers that have no row any more (so never a live worker's, on this host or on
 * another one sharing DATA_DIR). Safe to run from every worker at once.
 */
export const sweepWorkerTraces = async (deps: {
  db: Kysely<Database>;
  dataDir: string;
  now: Clock;
  staleAfterMs: number;
}): Promise<{ workers: number; workDirs: number }> => {
  const root = path.join(deps.dataDir, 'work');
  // Listed before the rows are read: a worker writes its row before it makes its directory, so
  // every directory listed here has its row in the read below unless its worker is gone.
  const entries = await listWork(root);
  const workers = createWorkersRepository(deps.db);
  const at = deps.now().getTime();
  const pruned = await workers.prune(new Date(at - deps.staleAfterMs).toISOString());
  const owners = new Set((await workers.list()).map((w) => dirNameOf(w.id)));
  let workDirs = 0;
  for (const entry of entries) {
    const file = path.join(root, entry.name);
    const owned = entry.name.startsWith(OWNED_PREFIX);
    if (owned ? owners.has(entry.name) : !(await olderThan(file, at - UNOWNED_WORK_KEEP_MS))) {
      continue;
    }
    await fs.rm(file, { recursive: true, force: true });
    workDirs++;
  }
  return { workers: pruned, workDirs };
};
