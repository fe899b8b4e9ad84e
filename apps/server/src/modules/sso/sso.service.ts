import type { Kysely } from 'kysely';
import { HOUR, MINUTE, type Clock } from '../../config/clock';
import type { Database } from '../../db/schema';
import { AppError } from '../../http/app-error';
import { randomToken } from '../../db/ids';
import { sha256Hex } from '../auth/secrets';
import { isAllowedService } from './sso.config';
import { createSsoRepository } from './sso.repository';
import type { AllowedService } from './sso.config';

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
  const { now, allowedServices } = deps;
  const repo = createSsoRepository(deps.db);

  const liveTgt = async (tgt: string) => {
    if (!TGT_PATTERN.test(tgt)) return undefined;
    return repo.findLiveTgt(sha256Hex(tgt), now().toISOString());
  };

  return {
    /** A new TGT for the caller's session; answers its location. */
    async grant(userId: string, sessionId: string): Promise<{ tgt: string; expiresAt: string }> {
      const sessionExpiry = await repo.sessionExpiry(sessionId);
      const t = now();
      const cap = new Date(t.getTime() + TGT_TTL_MS).toISOString();
      const expiresAt = sessionExpiry < cap ? sessionExpiry : cap;
      const tgt = `TGT-${randomToken(32)}`;
      await repo.insertTicket({
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
      });
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
      await repo.insertTicket({
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
      });
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
      if (!(await repo.useServiceTicket(hash, service, at))) return undefined;
      const row = await repo.userOfServiceTicket(hash, at);
      if (!row || row.disabled_at) return undefined;
      return { userId: row.id, nickname: row.nickname, userType: row.user_type };
    },

    /** Ends a TGT and every service ticket not yet used; only its owner may (others: not found). */
    async revoke(tgt: string, userId: string): Promise<void> {
      if (!TGT_PATTERN.test(tgt)) throw new AppError('SSO_TICKET_NOT_FOUND');
      const hash = sha256Hex(tgt);
      const at = now().toISOString();
      if (!(await repo.revokeOwnedTgt(hash, userId, at)))
        throw new AppError('SSO_TICKET_NOT_FOUND');
      await repo.revokeIssuedBy(hash, at);
    },

    /** Housekeeping: tickets past their expiry for a day are of no use to anyone. */
    async prune(): Promise<number> {
      const before = new Date(now().getTime() - 24 * HOUR).toISOString();
      return repo.deleteExpiredBefore(before);
    },
  };
};
