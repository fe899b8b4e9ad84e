import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';

export type FaceRepository = ReturnType<typeof createFaceRepository>;

export const createFaceRepository = (db: Kysely<Database>) => ({
  async insertCheck(c: { id: string; userId: string; createdAt: string; expiresAt: string }) {
    await db
      .insertInto('face_verifications')
      .values({
        id: c.id,
        user_id: c.userId,
        status: 'pending',
        created_at: c.createdAt,
        expires_at: c.expiresAt,
      })
      .execute();
  },

  async findCheck(id: string) {
    const row = await db
      .selectFrom('face_verifications')
      .select(['id', 'user_id', 'status', 'expires_at'])
      .where('id', '=', id)
      .executeTakeFirst();
    return row
      ? { id: row.id, userId: row.user_id, status: row.status, expiresAt: row.expires_at }
      : undefined;
  },

  /** A result is recorded once, while the check is pending and live. */
  async settleCheck(id: string, status: 'passed' | 'failed', now: string): Promise<boolean> {
    const result = await db
      .updateTable('face_verifications')
      .set({ status })
      .where('id', '=', id)
      .where('status', '=', 'pending')
      .where('expires_at', '>', now)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) === 1;
  },
});
