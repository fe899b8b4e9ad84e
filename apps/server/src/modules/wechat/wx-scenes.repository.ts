import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';

export type SceneStatus = 'waiting' | 'scanned' | 'confirmed' | 'consumed';
export type Scene = {
  id: string;
  browserHash: string;
  status: SceneStatus;
  userId: string | null;
  expiresAt: string;
};

export type WxScenesRepository = ReturnType<typeof createWxScenesRepository>;

export const createWxScenesRepository = (db: Kysely<Database>) => ({
  async insertScene(s: { id: string; browserHash: string; createdAt: string; expiresAt: string }) {
    await db
      .insertInto('wx_scenes')
      .values({
        id: s.id,
        browser_hash: s.browserHash,
        status: 'waiting',
        created_at: s.createdAt,
        expires_at: s.expiresAt,
        updated_at: s.createdAt,
      })
      .execute();
  },

  async findScene(id: string): Promise<Scene | undefined> {
    const row = await db
      .selectFrom('wx_scenes')
      .select(['id', 'browser_hash', 'status', 'user_id', 'expires_at'])
      .where('id', '=', id)
      .executeTakeFirst();
    return row
      ? {
          id: row.id,
          browserHash: row.browser_hash,
          status: row.status,
          userId: row.user_id,
          expiresAt: row.expires_at,
        }
      : undefined;
  },

  async markScanned(id: string, now: string): Promise<void> {
    await db
      .updateTable('wx_scenes')
      .set({ status: 'scanned', updated_at: now })
      .where('id', '=', id)
      .where('status', '=', 'waiting')
      .where('expires_at', '>', now)
      .execute();
  },

  /** Only a live, unconfirmed scene can be confirmed (a replayed push changes nothing). */
  async confirmScene(id: string, userId: string, now: string): Promise<boolean> {
    const result = await db
      .updateTable('wx_scenes')
      .set({ status: 'confirmed', user_id: userId, updated_at: now })
      .where('id', '=', id)
      .where('status', 'in', ['waiting', 'scanned'])
      .where('expires_at', '>', now)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) === 1;
  },

  /** Hands the confirmed login out once: concurrent polls race here and one wins. */
  async consumeScene(id: string, now: string): Promise<boolean> {
    const result = await db
      .updateTable('wx_scenes')
      .set({ status: 'consumed', updated_at: now })
      .where('id', '=', id)
      .where('status', '=', 'confirmed')
      .where('expires_at', '>', now)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) === 1;
  },
});
