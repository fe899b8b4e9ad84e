import type { AuditEntry, AuditQuery, Page } from '@huijing/contracts';
import type { FastifyRequest } from 'fastify';
import type { Kysely, Selectable, Transaction } from 'kysely';
import { sql } from 'kysely';
import type { Logger } from 'pino';
import type { Clock } from '../../config/clock';
import { newId } from '../../db/ids';
import type { Database } from '../../db/schema';
import type { AdminAuditLogTable } from './audit.schema';
import './audit.schema';

/** One audit row as written: who (id, username, role), what, on what, from which state to which. */
export type AuditRecord = {
  /** A pre-made id, when another row (a ledger line) refers to this entry. */
  id?: string;
  actor: { id: string; username: string } | null;
  role: string | null;
  action: string;
  target?: string | null;
  before?: unknown;
  after?: unknown;
  reason?: string | null;
  ip?: string | null;
  requestId?: string | null;
};

/** What a route knows about the change; the actor, IP and request id come from the request. */
export type AuditChange = Omit<AuditRecord, 'actor' | 'role' | 'ip' | 'requestId'>;
export type AuditDb = Db;

/**
 * What an audited change returns: its result (`value`) and its audit entry; `action` here
 * replaces the one named up front when the outcome decides it (a repeat, a request).
 */
/**
 * Who an audited change is by: an admin route's request, or a caller named outright (the CLI, a
 * sign-in before its session exists).
 */
export type AuditCaller = FastifyRequest | Pick<AuditRecord, 'actor' | 'role' | 'ip' | 'requestId'>;

export type AuditedChange<T> = Omit<AuditChange, 'action'> & { action?: string; value: T };

type Db = Kysely<Database> | Transaction<Database>;

const json = (v: unknown) => (v === undefined || v === null ? null : JSON.stringify(v));
const parse = (v: string | null): unknown => (v === null ? null : (JSON.parse(v) as unknown));

const toEntry = (row: Selectable<AdminAuditLogTable>): AuditEntry => ({
  id: row.id,
  at: row.at,
  actorId: row.actor_id,
  actorUsername: row.actor_username,
  role: row.role,
  action: row.action,
  target: row.target,
  before: parse(row.before_json),
  after: parse(row.after_json),
  reason: row.reason,
  ip: row.ip,
  requestId: row.request_id,
});

const likePattern = (s: string) => `%${s.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

export type AuditLog = ReturnType<typeof createAuditLog>;

/**
 * The admin audit log service. Stateless over the database, so any module may use the core's
 * (`core.admin.audit`) or build its own. Every admin change goes through `audited(request,
 * action, trx => …)`: one transaction holds the change and its audit row, so a failed change
 * leaves no row and a failed row undoes the change. There is deliberately no update or delete
 * here; the database refuses both too (migration 0011).
 */
export const createAuditLog = (deps: { db: Kysely<Database>; now: Clock; logger?: Logger }) => {
  // Only ever inside a transaction: an entry written beside its change could outlive a
  // rolled-back change or go missing after a committed one.
  const record = async (entry: AuditRecord, trx: Transaction<Database>): Promise<string> => {
    const id = entry.id ?? newId();
    await trx
      .insertInto('admin_audit_log')
      .values({
        id,
        at: deps.now().toISOString(),
        actor_id: entry.actor?.id ?? null,
        actor_username: entry.actor?.username ?? null,
        role: entry.role,
        action: entry.action,
        target: entry.target ?? null,
        before_json: json(entry.before),
        after_json: json(entry.after),
        reason: entry.reason ?? null,
        ip: entry.ip ?? null,
        request_id: entry.requestId ?? null,
      })
      .execute();
    deps.logger?.info(
      {
        audit: entry.action,
        actorId: entry.actor?.id,
        actor: entry.actor?.username,
        target: entry.target,
        reqId: entry.requestId,
      },
      'admin action',
    );
    return id;
  };

  /** The actor, role, IP and request id of an admin route guarded by requireAdmin. */
  const actorOf = async (request: FastifyRequest, trx: Db = deps.db) => {
    const auth = request.adminAuth;
    if (!auth) return { actor: null, role: null, ip: request.ip, requestId: request.id };
    const row = await trx
      .selectFrom('admin_accounts')
      .select('username')
      .where('id', '=', auth.adminId)
      .executeTakeFirst();
    return {
      actor: { id: auth.adminId, username: row?.username ?? auth.adminId },
      role: auth.role,
      ip: request.ip,
      requestId: request.id,
    };
  };

  return {
    actorOf,

    /**
     * Records an admin route's change, with the caller filled in from the request, in the
     * transaction the change runs in (a service that opens its own hands it over, e.g. through an
     * `inTransaction` callback). There is no way to write an entry outside a transaction.
     */
    recordFor: async (request: FastifyRequest, change: AuditChange, trx: Transaction<Database>) =>
      record({ ...(await actorOf(request, trx)), ...change }, trx),

    /**
     * Opens a transaction, runs the change in it and inserts its audit row in the same one; the
     * change's result is returned after the commit. Throwing from `change` rolls back both.
     */
    audited: <T>(
      caller: AuditCaller,
      action: string,
      change: (trx: Transaction<Database>) => Promise<AuditedChange<T>>,
    ): Promise<T> =>
      deps.db.transaction().execute(async (trx) => {
        const { value, ...entry } = await change(trx);
        const who = 'raw' in caller ? await actorOf(caller, trx) : caller;
        await record({ ...who, action, ...entry }, trx);
        return value;
      }),

    async list(q: AuditQuery): Promise<Page<AuditEntry>> {
      let base = deps.db.selectFrom('admin_audit_log');
      if (q.actor) {
        const like = likePattern(q.actor);
        base = base.where((eb) =>
          eb.or([
            eb('actor_id', '=', q.actor!),
            sql<boolean>`lower(actor_username) like ${like} escape '\\'`,
          ]),
        );
      }
      if (q.action) base = base.where('action', 'like', `${q.action.replace(/[\\%_]/g, '')}%`);
      if (q.target) base = base.where('target', '=', q.target);
      if (q.from) base = base.where('at', '>=', q.from);
      if (q.to) base = base.where('at', '<=', q.to);
      const total = await base
        .select((eb) => eb.fn.countAll<string | number>().as('n'))
        .executeTakeFirstOrThrow();
      const rows = await base
        .selectAll()
        .orderBy('at', 'desc')
        .orderBy('id', 'desc')
        .limit(q.pageSize)
        .offset((q.current - 1) * q.pageSize)
        .execute();
      return {
        list: rows.map(toEntry),
        total: Number(total.n),
        page: q.current,
        pageSize: q.pageSize,
      };
    },
  };
};
