import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';

export type OrphanFilesRepository = ReturnType<typeof createOrphanFilesRepository>;

/**
 * Which storage keys rows point at. Files rows hold every upload's, output's and mask's key;
 * every other table that shows a picture (tasks' outputs, gallery, avatars, feedback, models'
 * samples) points at a files row by id. Models also hold their LoRA weights' key directly.
 */
export const createOrphanFilesRepository = (db: Kysely<Database>) => ({
  /** The keys of `keys` some row refers to. */
  async referencedKeys(keys: readonly string[]): Promise<Set<string>> {
    if (keys.length === 0) return new Set();
    const files = await db
      .selectFrom('files')
      .select('storage_key as key')
      .where('storage_key', 'in', keys)
      .execute();
    const loras = await db
      .selectFrom('models')
      .select('lora_key as key')
      .where('lora_key', 'in', keys)
      .execute();
    return new Set([...files, ...loras].map((r) => r.key).filter((k): k is string => k !== null));
  },

  /** False on a database with no files at all (a fresh one, or the wrong one for this storage). */
  async hasFiles(): Promise<boolean> {
    return (await db.selectFrom('files').select('id').limit(1).executeTakeFirst()) !== undefined;
  },
});
