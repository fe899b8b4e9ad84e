import type { Kysely } from 'kysely';
import { DAY, type Clock } from '../../config/clock';
import type { Database } from '../../db/schema';
import type { StoragePort } from '../../providers/storage';
import { createOrphanFilesRepository } from './orphan-files.repository';

/**
 * A stored file is written before the row that points at it is committed, so a file without a
 * row is normal for the moment in between. Only files last written longer ago than this are
 * orphans: a failed commit, a crash between the write and the commit, a write's leftover temp file.
 */
export const ORPHAN_GRACE_MS = DAY;

/**
 * The file store's own keys (files.service: YYYY/MM/<id>.<ext>) and their temp files. Nothing
 * else is ever swept: samples/, loras/, watermarked/ and whatever else shares the storage.
 */
const SWEPT_KEY = /^\d{4}\/\d{2}\/[0-9a-f-]+\.[a-z0-9]+(?:\.\d+\.tmp)?$/;
const BATCH = 500;

export type OrphanSweep = { checked: number; removed: number };

/**
 * Removes stored files under the file store's keys that no row points at and that were last
 * written over ORPHAN_GRACE_MS ago. A write still in progress or not yet committed is younger
 * than that and is never touched. Skipped on a database without any files row: storage next
 * to an empty database is a misconfiguration, not a pile of orphans.
 */
export const sweepOrphanFiles = async (deps: {
  db: Kysely<Database>;
  storage: StoragePort;
  now: Clock;
  graceMs?: number;
}): Promise<OrphanSweep> => {
  const repo = createOrphanFilesRepository(deps.db);
  const result: OrphanSweep = { checked: 0, removed: 0 };
  if (!(await repo.hasFiles())) return result;
  const cutoff = deps.now().getTime() - (deps.graceMs ?? ORPHAN_GRACE_MS);
  let batch: string[] = [];
  const settle = async () => {
    const referenced = await repo.referencedKeys(batch);
    for (const key of batch) {
      if (referenced.has(key)) continue;
      await deps.storage.delete(key);
      result.removed += 1;
    }
    result.checked += batch.length;
    batch = [];
  };
  for await (const object of deps.storage.list('')) {
    if (!SWEPT_KEY.test(object.key) || object.modifiedAt.getTime() >= cutoff) continue;
    batch.push(object.key);
    if (batch.length >= BATCH) await settle();
  }
  if (batch.length > 0) await settle();
  return result;
};
