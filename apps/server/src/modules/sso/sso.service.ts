import type { Kysely } from 'kysely';
import { HOUR, MINUTE, type Clock } from '../../config/clock';
import type { Database } from '../../db/schema';
import { AppError } from '../../http/app-error';
import { randomToken, sha256Hex } from '../auth/secrets';
import { isAllowedService } from './sso.config';
import type { AllowedService } from './sso.config';
import './sso.schema';

/** A ticket-granting ticket lives as long as its session, at most this long. */
export const TGT_TTL_MS = 8 * HOUR;
/** A service ticket must be validated soon after it is issued (CAS recommends seconds to minutes). */
export const ST_TTL_MS = 5 * MINUTE;

export const TGT_PATTERN = /^TGT-[A-Za-z0-9_-]{20,80}$/;

export type SsoService = ReturnType<typeof createSsoService>;

export type ValidatedTicket = { userId: string; nickname: string; userType: string };

/**
 * Single sign-on in the style of the CAS REST protocol, with the API itself as the auth host:
 * a signed-in session asks for a ticket-granting ticket (TGT); a TGT issues one-time service
 * tickets (ST) for a sibling site's URL; that site validates the ST once; deleting the TGT ends
 * the single sign-on. A TGT dies with the session it came from (logout anywhere ends it).
 */
export const createSsoService = (deps: {
  db: Kysely<Database>;
  now: Clock;
  allowedServices: readonly AllowedService[];
}) => {
  const { db, now, allowedServices } = deps;

  const liveTgt = async (tgt: string) => {
    if (!TGT_PATTERN.test(tgt)) return undefined;
    const at = now().toISOString();
    const row = await db
      .selectFrom('sso_tickets as t')
      .innerJoin('sessions as s', 's.id', 't.session_id')
      .select(['t.id_hash', 't.user_id', 't.session_id'])
      .where('t.id_hash', '=', sha256Hex(tgt))
      .where('t.kind', '=', 'tgt')
      .where('t.revoked_at', 'is', null)
      .where('t.expires_at', '>', at)
      .where('s.revoked_at', 'is', null)
      .where('s.expires_at', '>', at)
      .executeTakeFirst();
    return row;
  };

  return {
    /** A new TGT for the caller's session; answers its location. */
    async grant(userId: string, sessionId: string): Promise<{ tgt: string; expiresAt: string }> {
      const session = await db
        .selectFrom('sessions')
        .select('expires_at')
        .where('id', '=', sessionId)
        .executeTakeFirstOrThrow();
      const t = now();
      const cap = new Date(t.getTime() + TGT_TTL_MS).toISOString();
      const expiresAt = session.expires_at < cap ? session.expires_at : cap;
      const tgt = `TGT-${randomToken(32)}`;
      await db
        .insertInto('sso_tickets')
        .values({
          id_hash: sha256Hex(tgt),
          kind: 'tgt',
          user_id: userId,
          session_id: sessionId,
          tgt_hash: null,
          service: null,
          created_at: t.toISOString(),
          expires_at: expiresAt,
          used_at: null,
          revoked_at: null,
        })
        .execute();
      return { tgt, expiresAt };
    },

    /** Whether tickets may be issued for and validated by `service` (CAS_ALLOWED_SERVICES). */
    allows: (service: string) => isAllowedService(allowedServices, service),

    /**
     * A one-time service ticket for `service`: SSO_TICKET_NOT_FOUND when the TGT is dead,
     * SSO_SERVICE_NOT_ALLOWED for a service outside the allow-list.
     */
    async issueServiceTicket(tgt: string, service: string): Promise<string> {
      const row = await liveTgt(tgt);
      if (!row) throw new AppError('SSO_TICKET_NOT_FOUND');
      if (!isAllowedService(allowedServices, service))
        throw new AppError('SSO_SERVICE_NOT_ALLOWED');
      const st = `ST-${randomToken(24)}`;
      const t = now();
      await db
        .insertInto('sso_tickets')
        .values({
          id_hash: sha256Hex(st),
          kind: 'st',
          user_id: row.user_id,
          session_id: row.session_id,
          tgt_hash: row.id_hash,
          service,
          created_at: t.toISOString(),
          expires_at: new Date(t.getTime() + ST_TTL_MS).toISOString(),
          used_at: null,
          revoked_at: null,
        })
        .execute();
      return st;
    },

    /**
     * Validates a service ticket for the same service URL, once: the conditional update decides
     * between two concurrent validations. A ticket whose TGT or session has ended fails too.
     */
    async validate(service: string, ticket: string): Promise<ValidatedTicket | undefined> {
      if (!/^ST-[A-Za-z0-9_-]{16,80}$/.test(ticket)) return undefined;
      const hash = sha256Hex(ticket);
      const at = now().toISOString();
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
      if (Number(used.numUpdatedRows) !== 1) return undefined;
      const row = await db
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
      if (!row || row.disabled_at) return undefined;
      return { userId: row.id, nickname: row.nickname, userType: row.user_type };
    },

    /** Ends a TGT and every service ticket not yet used; only its owner may (others: not found). */
    async revoke(tgt: string, userId: string): Promise<void> {
      if (!TGT_PATTERN.test(tgt)) throw new AppError('SSO_TICKET_NOT_FOUND');
      const hash = sha256Hex(tgt);
      const at = now().toISOString();
      const done = await db
        .updateTable('sso_tickets')
        .set({ revoked_at: at })
        .where('id_hash', '=', hash)
        .where('kind', '=', 'tgt')
        .where('user_id', '=', userId)
        .where('revoked_at', 'is', null)
        .executeTakeFirst();
      if (Number(done.numUpdatedRows) !== 1) throw new AppError('SSO_TICKET_NOT_FOUND');
      await db
        .updateTable('sso_tickets')
        .set({ revoked_at: at })
        .where('tgt_hash', '=', hash)
        .where('revoked_at', 'is', null)
        .execute();
    },

    /** Housekeeping: tickets past their expiry for a day are of no use to anyone. */
    async prune(): Promise<number> {
      const before = new Date(now().getTime() - 24 * HOUR).toISOString();
      const r = await db
        .deleteFrom('sso_tickets')
        .where('expires_at', '<', before)
        .executeTakeFirst();
      return Number(r.numDeletedRows);
    },
  };
};
