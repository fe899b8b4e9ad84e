import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import type { SessionKind } from './secrets';

export type NewSession = {
  id: string;
  kind: SessionKind;
  subjectId: string;
  tokenHash: string;
  clientType: number | null;
  createdAt: string;
  expiresAt: string;
  ua: string | null;
  ip: string | null;
};

export type ActiveSession = {
  id: string;
  kind: SessionKind;
  subjectId: string;
  expiresAt: string;
  lastSeenAt: string;
};

export type SessionsRepository = ReturnType<typeof createSessionsRepository>;

export const createSessionsRepository = (db: Kysely<Database>) => ({
  async insertSession(s: NewSession): Promise<void> {
    await db
      .insertInto('sessions')
      .values({
        id: s.id,
        kind: s.kind,
        subject_id: s.subjectId,
        token_hash: s.tokenHash,
        client_type: s.clientType,
        created_at: s.createdAt,
        expires_at: s.expiresAt,
        last_seen_at: s.createdAt,
        ua: s.ua,
        ip: s.ip,
      })
      .execute();
  },

  /** Only a live session of the asked kind: not revoked, not expired. */
  async findActiveSession(
    kind: SessionKind,
    tokenHash: string,
    now: string,
  ): Promise<ActiveSession | undefined> {
    const row = await db
      .selectFrom('sessions')
      .select(['id', 'kind', 'subject_id', 'expires_at', 'last_seen_at'])
      .where('token_hash', '=', tokenHash)
      .where('kind', '=', kind)
      .where('revoked_at', 'is', null)
      .where('expires_at', '>', now)
      .executeTakeFirst();
    return row
      ? {
          id: row.id,
          kind: row.kind,
          subjectId: row.subject_id,
          expiresAt: row.expires_at,
          lastSeenAt: row.last_seen_at,
        }
      : undefined;
  },

  /** Whether the hash names a session that existed but is over (for SESSION_EXPIRED vs UNAUTHORIZED). */
  async sessionExisted(kind: SessionKind, tokenHash: string): Promise<boolean> {
    const row = await db
      .selectFrom('sessions')
      .select('id')
      .where('token_hash', '=', tokenHash)
      .where('kind', '=', kind)
      .executeTakeFirst();
    return row !== undefined;
  },

  async touchSession(id: string, at: string): Promise<void> {
    await db.updateTable('sessions').set({ last_seen_at: at }).where('id', '=', id).execute();
  },

  async revokeSessionByHash(tokenHash: string, at: string, reason: string): Promise<boolean> {
    const result = await db
      .updateTable('sessions')
      .set({ revoked_at: at, revoke_reason: reason })
      .where('token_hash', '=', tokenHash)
      .where('revoked_at', 'is', null)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) > 0;
  },

  async revokeSubjectSessions(
    kind: SessionKind,
    subjectId: string,
    at: string,
    reason: string,
  ): Promise<number> {
    const result = await db
      .updateTable('sessions')
      .set({ revoked_at: at, revoke_reason: reason })
      .where('kind', '=', kind)
      .where('subject_id', '=', subjectId)
      .where('revoked_at', 'is', null)
      .executeTakeFirst();
    return Number(result.numUpdatedRows);
  },

  /**
   * Ends every live session of the subject except the one just issued (`issuedId`) and the
   * newest `keep - 1` others (the device cap). The new one is named because logins in the same
   * millisecond tie on created_at, and random ids would then pick which of them survives.
   */
  async revokeBeyondNewest(
    kind: SessionKind,
    subjectId: string,
    keep: { count: number; issuedId: string },
    now: string,
    reason: string,
  ): Promise<number> {
    const stale = await db
      .selectFrom('sessions')
      .select('id')
      .where('kind', '=', kind)
      .where('subject_id', '=', subjectId)
      .where('id', '!=', keep.issuedId)
      .where('revoked_at', 'is', null)
      .where('expires_at', '>', now)
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .offset(keep.count - 1)
      .limit(1000)
      .execute();
    if (stale.length === 0) return 0;
    const result = await db
      .updateTable('sessions')
      .set({ revoked_at: now, revoke_reason: reason })
      .where(
        'id',
        'in',
        stale.map((s) => s.id),
      )
      .where('revoked_at', 'is', null)
      .executeTakeFirst();
    return Number(result.numUpdatedRows);
  },

  async countActiveSessions(kind: SessionKind, subjectId: string, now: string): Promise<number> {
    const row = await db
      .selectFrom('sessions')
      .select((eb) => eb.fn.countAll<string | number>().as('n'))
      .where('kind', '=', kind)
      .where('subject_id', '=', subjectId)
      .where('revoked_at', 'is', null)
      .where('expires_at', '>', now)
      .executeTakeFirstOrThrow();
    return Number(row.n);
  },
});
