import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';

export type CaptchaRepository = ReturnType<typeof createCaptchaRepository>;

export const createCaptchaRepository = (db: Kysely<Database>) => ({
  /** False when the challenge already yielded a token (a solved challenge is single use too). */
  async insertToken(t: {
    tokenHash: string;
    challengeId: string;
    createdAt: string;
    expiresAt: string;
  }): Promise<boolean> {
    const result = await db
      .insertInto('captcha_tokens')
      .values({
        token_hash: t.tokenHash,
        challenge_id: t.challengeId,
        created_at: t.createdAt,
        expires_at: t.expiresAt,
      })
      .onConflict((oc) => oc.column('challenge_id').doNothing())
      .executeTakeFirst();
    return Number(result.numInsertedOrUpdatedRows ?? 0) === 1;
  },

  async consumeToken(tokenHash: string, at: string): Promise<boolean> {
    const result = await db
      .updateTable('captcha_tokens')
      .set({ used_at: at })
      .where('token_hash', '=', tokenHash)
      .where('used_at', 'is', null)
      .where('expires_at', '>', at)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) === 1;
  },
});
