import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import type { SsoTicketsTable } from './sso.schema';
import './sso.schema';

const affected = (r: { numUpdatedRows?: bigint }) => Number(r.numUpdatedRows ?? 0);

/** SQL of single sign-on tickets; tickets are found by the sha256 of their value only. */
export const createSsoRepository = (db: Kysely<Database>) => ({
  /** A TGT not revoked nor expired at `at`, whose session is still live. */
  async findLiveTgt(hash: string, at: string) {
    return db
      .selectFrom('sso_tickets as t')
      .innerJoin('sessions as s', 's.id', 't.session_id')
      .select(['t.id_hash', 't.user_id', 't.session_id'])
      .where('t.id_hash', '=', hash)
      .where('t.kind', '=', 'tgt')
      .where('t.revoked_at', 'is', null)
      .where('t.expires_at', '>', at)
      .where('s.revoked_at', 'is', null)
      .where('s.expires_at', '>', at)
      .executeTakeFirst();
  },

  async sessionExpiry(sessionId: string): Promise<string> {
    const session = await db
      .selectFrom('sessions')
      .select('expires_at')
      .where('id', '=', sessionId)
      .executeTakeFirstOrThrow();
    return session.expires_at;
  },

  async insertTicket(ticket: SsoTicketsTable): Promise<void> {
    await db.insertInto('sso_tickets').values(ticket).execute();
  },

  /** Marks an unused, live service ticket of `service` used; false when another took it. */
  async useServiceTicket(hash: string, service: string, at: string): Promise<boolean> {
    const used = await db
      .updateTable('sso_tickets')
      .set({ used_at: at })
      .where('id_hash', '=', hash)
      .where('kind', '=', 'st')
      .where('service', '=', service)
      .where('used_at', 'is', null)
      .where('revoked_at', 'is', null)
      .where('expires_at', '>', at)
      .executeTakeFirst();
    return affected(used) === 1;
  },

  /** The user of a service ticket whose TGT and session are still live at `at`. */
  async userOfServiceTicket(hash: string, at: string) {
    return db
      .selectFrom('sso_tickets as st')
      .innerJoin('sso_tickets as tgt', 'tgt.id_hash', 'st.tgt_hash')
      .innerJoin('sessions as s', 's.id', 'st.session_id')
      .innerJoin('users as u', 'u.id', 'st.user_id')
      .select(['u.id', 'u.nickname', 'u.user_type', 'u.disabled_at'])
      .where('st.id_hash', '=', hash)
      .where('tgt.revoked_at', 'is', null)
      .where('s.revoked_at', 'is', null)
      .where('s.expires_at', '>', at)
      .executeTakeFirst();
  },

  /** Revokes the owner's live TGT; false when there is none. */
  async revokeOwnedTgt(hash: string, userId: string, at: string): Promise<boolean> {
    const done = await db
      .updateTable('sso_tickets')
      .set({ revoked_at: at })
      .where('id_hash', '=', hash)
      .where('kind', '=', 'tgt')
      .where('user_id', '=', userId)
      .where('revoked_at', 'is', null)
      .executeTakeFirst();
    return affected(done) === 1;
  },

  /** Revokes every service ticket a TGT issued that is not revoked yet. */
  async revokeIssuedBy(tgtHash: string, at: string): Promise<void> {
    await db
      .updateTable('sso_tickets')
      .set({ revoked_at: at })
      .where('tgt_hash', '=', tgtHash)
      .where('revoked_at', 'is', null)
      .execute();
  },

  async deleteExpiredBefore(before: string): Promise<number> {
    const r = await db
      .deleteFrom('sso_tickets')
      .where('expires_at', '<', before)
      .executeTakeFirst();
    return Number(r.numDeletedRows);
  },
});
