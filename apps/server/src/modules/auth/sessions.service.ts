import type { Clock } from '../../config/clock';
import { DAY, HOUR, MINUTE, addMs } from '../../config/clock';
import { newId } from '../../db/ids';
import type { SessionBus, SessionInvalidation } from './session-bus';
import type { SessionsRepository } from './sessions.repository';
import { randomToken } from '../../db/ids';
import { TOKEN_PREFIX, sha256Hex } from './secrets';
import type { SessionKind } from './secrets';

/** Spec: 30-day user sessions; up to 12 devices per user, the oldest is signed out. */
export const USER_SESSION_TTL_MS = 30 * DAY;
export const MAX_USER_DEVICES = 12;
/** Admin sessions are short (ASVS 5: privileged sessions expire sooner). */
export const ADMIN_SESSION_TTL_MS = 12 * HOUR;
const MAX_ADMIN_DEVICES = 5;
// last_seen_at is informational; writing it at most every few minutes keeps reads read-only.
const TOUCH_EVERY_MS = 5 * MINUTE;

export type SessionMeta = { ip?: string | null; ua?: string | null; clientType?: number | null };

export type ResolvedSession = { id: string; kind: SessionKind; subjectId: string };

/** Tells a token that never existed (UNAUTHORIZED) from one that ended (SESSION_EXPIRED). */
export type SessionLookup =
  { ok: true; session: ResolvedSession } | { ok: false; reason: 'missing' | 'invalid' | 'ended' };

export type SessionsService = ReturnType<typeof createSessionsService>;

/**
 * How long a resolved session is trusted without asking the database again. Every poll of a
 * waiting page is authenticated, so this takes one query off each. Logout and revocation drop
 * the entry here at once and, through the session bus (Redis pub/sub when configured), in every
 * other API process too; while the bus may have missed a message the cache is not used.
 */
export const SESSION_CACHE_MS = 5_000;
const SESSION_CACHE_MAX = 10_000;

export const createSessionsService = (deps: {
  repo: SessionsRepository;
  now: Clock;
  cacheMs?: number;
  bus?: SessionBus;
}) => {
  const { repo, now, bus } = deps;
  const cacheMs = deps.cacheMs ?? SESSION_CACHE_MS;
  const cache = new Map<string, { session: ResolvedSession; until: number }>();
  // A lookup that raced an invalidation (read the row before it ended) must not be cached.
  let generation = 0;
  const listeners: ((message: SessionInvalidation) => void)[] = [];
  const drop = (message: SessionInvalidation) => {
    generation += 1;
    if ('hash' in message) cache.delete(message.hash);
    else {
      for (const [key, entry] of cache) {
        const { kind, subjectId } = entry.session;
        if (
          kind === message.kind &&
          (message.subjectId === '*' || subjectId === message.subjectId)
        ) {
          cache.delete(key);
        }
      }
    }
    // After the cache is cleaned: a listener re-checking a session must not read the old entry.
    for (const listener of listeners) listener(message);
  };
  bus?.subscribe(drop);
  /** Here at once, and in every other API process through the bus. */
  const forget = (message: SessionInvalidation) => {
    drop(message);
    bus?.publish(message);
  };
  const cacheTrusted = () => cacheMs > 0 && (bus?.live() ?? true);

  return {
    /**
     * Hears every invalidation, here and (through the bus) from other processes: a token ended
     * (`{hash}`), or some session of a subject may have ended (`{kind, subjectId}`, also sent on
     * every login, `'*'` after the bus reconnects) — the listener re-checks its sessions then.
     */
    onInvalidated(listener: (message: SessionInvalidation) => void) {
      listeners.push(listener);
    },

    /** A new token on every login; only its hash is stored. */
    async issue(kind: SessionKind, subjectId: string, meta: SessionMeta = {}): Promise<string> {
      const at = now();
      const token = `${TOKEN_PREFIX[kind]}${randomToken(32)}`;
      const ttl = kind === 'user' ? USER_SESSION_TTL_MS : ADMIN_SESSION_TTL_MS;
      const id = newId();
      await repo.insertSession({
        id,
        kind,
        subjectId,
        tokenHash: sha256Hex(token),
        clientType: meta.clientType ?? null,
        createdAt: at.toISOString(),
        expiresAt: addMs(at, ttl).toISOString(),
        ua: meta.ua?.slice(0, 300) ?? null,
        ip: meta.ip ?? null,
      });
      forget({ kind, subjectId });
      await repo.revokeBeyondNewest(
        kind,
        subjectId,
        { count: kind === 'user' ? MAX_USER_DEVICES : MAX_ADMIN_DEVICES, issuedId: id },
        at.toISOString(),
        'device-limit',
      );
      return token;
    },

    async resolve(kind: SessionKind, token: string | undefined): Promise<SessionLookup> {
      if (!token) return { ok: false, reason: 'missing' };
      // The prefix is checked before any lookup: a user token never reaches the admin query.
      if (!token.startsWith(TOKEN_PREFIX[kind]) || token.length > 128) {
        return { ok: false, reason: 'invalid' };
      }
      const hash = sha256Hex(token);
      const at = now();
      const cached = cache.get(hash);
      if (cacheTrusted() && cached && cached.session.kind === kind && cached.until > at.getTime()) {
        return { ok: true, session: cached.session };
      }
      const seen = generation;
      const session = await repo.findActiveSession(kind, hash, at.toISOString());
      if (!session) {
        cache.delete(hash);
        return { ok: false, reason: (await repo.sessionExisted(kind, hash)) ? 'ended' : 'invalid' };
      }
      if (at.getTime() - Date.parse(session.lastSeenAt) > TOUCH_EVERY_MS) {
        await repo.touchSession(session.id, at.toISOString());
      }
      const resolved: ResolvedSession = { id: session.id, kind, subjectId: session.subjectId };
      if (cacheTrusted() && generation === seen) {
        if (cache.size >= SESSION_CACHE_MAX) cache.clear();
        // Never trusted past the session's own expiry.
        const until = Math.min(at.getTime() + cacheMs, Date.parse(session.expiresAt));
        cache.set(hash, { session: resolved, until });
      }
      return { ok: true, session: resolved };
    },

    async revokeToken(token: string, reason = 'logout'): Promise<boolean> {
      const hash = sha256Hex(token);
      const revoked = await repo.revokeSessionByHash(hash, now().toISOString(), reason);
      forget({ hash });
      return revoked;
    },

    async revokeAll(kind: SessionKind, subjectId: string, reason: string) {
      const revoked = await repo.revokeSubjectSessions(
        kind,
        subjectId,
        now().toISOString(),
        reason,
      );
      forget({ kind, subjectId });
      return revoked;
    },

    countActive: (kind: SessionKind, subjectId: string) =>
      repo.countActiveSessions(kind, subjectId, now().toISOString()),
  };
};
