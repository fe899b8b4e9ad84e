import { sql } from 'kysely';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';

export type LiveCode = { id: string; codeHash: string; attempts: number };

export type SmsCodesRepository = ReturnType<typeof createSmsCodesRepository>;

/** Verification codes and the send log the limits are counted from. */
export const createSmsCodesRepository = (db: Kysely<Database>) => ({
  /** A new code replaces any earlier one for the same phone and purpose. */
  async supersedeCodes(phone: string, purpose: string, at: string): Promise<void> {
    await db
      .updateTable('sms_codes')
      .set({ consumed_at: at })
      .where('phone', '=', phone)
      .where('purpose', '=', purpose)
      .where('consumed_at', 'is', null)
      .execute();
  },

  async insertCode(c: {
    id: string;
    phone: string;
    purpose: string;
    codeHash: string;
    createdAt: string;
    expiresAt: string;
  }): Promise<void> {
    await db
      .insertInto('sms_codes')
      .values({
        id: c.id,
        phone: c.phone,
        purpose: c.purpose,
        code_hash: c.codeHash,
        created_at: c.createdAt,
        expires_at: c.expiresAt,
      })
      .execute();
  },

  async invalidateCode(id: string, at: string): Promise<void> {
    await db.updateTable('sms_codes').set({ consumed_at: at }).where('id', '=', id).execute();
  },

  async findLiveCode(phone: string, purpose: string, now: string): Promise<LiveCode | undefined> {
    const row = await db
      .selectFrom('sms_codes')
      .select(['id', 'code_hash', 'attempts'])
      .where('phone', '=', phone)
      .where('purpose', '=', purpose)
      .where('consumed_at', 'is', null)
      .where('expires_at', '>', now)
      .orderBy('created_at', 'desc')
      .executeTakeFirst();
    return row
      ? { id: row.id, codeHash: row.code_hash, attempts: Number(row.attempts) }
      : undefined;
  },

  /**
   * Counts a wrong try in one statement; the try that reaches `max` kills the code. Returns the
   * attempts now recorded (0 when the code was already dead).
   */
  async recordWrongAttempt(id: string, max: number, at: string): Promise<number> {
    await db
      .updateTable('sms_codes')
      .set({
        attempts: sql`attempts + 1`,
        consumed_at: sql`case when attempts + 1 >= ${max} then ${at} else null end`,
      })
      .where('id', '=', id)
      .where('consumed_at', 'is', null)
      .execute();
    const row = await db
      .selectFrom('sms_codes')
      .select('attempts')
      .where('id', '=', id)
      .executeTakeFirst();
    return Number(row?.attempts ?? 0);
  },

  /**
   * Single use under concurrency: only the one UPDATE that still sees consumed_at null changes a
   * row, so of many simultaneous logins with the same code exactly one gets true.
   */
  async consumeCode(id: string, at: string): Promise<boolean> {
    const result = await db
      .updateTable('sms_codes')
      .set({ consumed_at: at })
      .where('id', '=', id)
      .where('consumed_at', 'is', null)
      .where('expires_at', '>', at)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) === 1;
  },

  async logSend(entry: { id: string; phone: string; ip: string; at: string }): Promise<void> {
    await db.insertInto('sms_send_log').values(entry).execute();
  },

  async deleteSend(id: string): Promise<void> {
    await db.deleteFrom('sms_send_log').where('id', '=', id).execute();
  },

  /** Sends logged for the phone after `since` (inclusive of one just logged), oldest first. */
  async phoneSendsSince(phone: string, since: string): Promise<string[]> {
    const rows = await db
      .selectFrom('sms_send_log')
      .select('at')
      .where('phone', '=', phone)
      .where('at', '>', since)
      .orderBy('at')
      .execute();
    return rows.map((r) => r.at);
  },

  async countIpSendsSince(ip: string, since: string): Promise<number> {
    const row = await db
      .selectFrom('sms_send_log')
      .select((eb) => eb.fn.countAll<string | number>().as('n'))
      .where('ip', '=', ip)
      .where('at', '>', since)
      .executeTakeFirstOrThrow();
    return Number(row.n);
  },
});
