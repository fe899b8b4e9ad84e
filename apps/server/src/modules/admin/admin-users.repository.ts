import type { AdminUserQuery, AdminUserRow } from '@huijing/contracts';
import { sql } from 'kysely';
import type { Kysely, Selectable, Transaction } from 'kysely';
import { newId } from '../../db/ids';
import type { Database, UsersTable } from '../../db/schema';

type Db = Kysely<Database> | Transaction<Database>;

export const likeOf = (s: string) => `%${s.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

const emptyBalances = () => ({ 1: 0, 2: 0, 3: 0, 4: 0 });

const toRow = (u: Selectable<UsersTable>, balances = emptyBalances()): AdminUserRow => ({
  id: u.id,
  phone: u.phone,
  nickname: u.nickname,
  hasWechat: u.wx_openid !== null,
  isTestUser: Number(u.is_test_user) === 1,
  vipTier: u.vip_tier,
  vipUntil: u.vip_until,
  disabled: u.disabled_at !== null,
  disabledAt: u.disabled_at,
  createdAt: u.created_at,
  lastLoginAt: u.last_login_at,
  balances,
});

/** Reads and the ticket adjustment of the admin users screen; SQL only, rules in the service. */
export const createAdminUsersRepository = (db: Kysely<Database>) => {
  const balancesFor = async (ids: string[], trx: Db = db) => {
    const map = new Map<string, ReturnType<typeof emptyBalances>>();
    if (ids.length === 0) return map;
    const rows = await trx
      .selectFrom('ticket_balances')
      .select(['user_id', 'ticket_type', 'balance'])
      .where('user_id', 'in', ids)
      .execute();
    for (const r of rows) {
      const b = map.get(r.user_id) ?? emptyBalances();
      b[Number(r.ticket_type) as 1 | 2 | 3 | 4] = Number(r.balance);
      map.set(r.user_id, b);
    }
    return map;
  };

  return {
    async list(q: AdminUserQuery) {
      let base = db.selectFrom('users');
      if (q.keyword) {
        const like = likeOf(q.keyword);
        base = base.where((eb) =>
          eb.or([
            eb('id', '=', q.keyword!),
            sql<boolean>`phone like ${like} escape '\\'`,
            sql<boolean>`lower(nickname) like ${like} escape '\\'`,
          ]),
        );
      }
      if (q.status === 'disabled') base = base.where('disabled_at', 'is not', null);
      if (q.status === 'active') base = base.where('disabled_at', 'is', null);
      if (q.vip === 'none') base = base.where('vip_tier', 'is', null);
      else if (q.vip) base = base.where('vip_tier', '=', q.vip);
      const total = await base
        .select((eb) => eb.fn.countAll<string | number>().as('n'))
        .executeTakeFirstOrThrow();
      const column = q.sortField === 'lastLoginAt' ? 'last_login_at' : 'created_at';
      const rows = await base
        .selectAll()
        .orderBy(column, q.sortOrder === 'ascend' ? 'asc' : 'desc')
        .orderBy('id', 'desc')
        .limit(q.pageSize)
        .offset((q.current - 1) * q.pageSize)
        .execute();
      const balances = await balancesFor(rows.map((r) => r.id));
      return { list: rows.map((r) => toRow(r, balances.get(r.id))), total: Number(total.n) };
    },

    async find(id: string, trx: Db = db): Promise<AdminUserRow | undefined> {
      const row = await trx.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirst();
      if (!row) return undefined;
      return toRow(row, (await balancesFor([id], trx)).get(id));
    },

    async ledger(userId: string, limit = 50) {
      const rows = await db
        .selectFrom('ticket_ledger')
        .selectAll()
        .where('user_id', '=', userId)
        .orderBy('created_at', 'desc')
        .orderBy('id', 'desc')
        .limit(limit)
        .execute();
      return rows.map((r) => ({
        id: r.id,
        ticketType: Number(r.ticket_type),
        delta: Number(r.delta),
        reason: r.reason,
        ref: r.ref,
        createdAt: r.created_at,
      }));
    },

    async activeSessions(userId: string, at: string) {
      const rows = await db
        .selectFrom('sessions')
        .selectAll()
        .where('kind', '=', 'user')
        .where('subject_id', '=', userId)
        .where('revoked_at', 'is', null)
        .where('expires_at', '>', at)
        .orderBy('last_seen_at', 'desc')
        .limit(20)
        .execute();
      return rows.map((r) => ({
        id: r.id,
        clientType: r.client_type === null ? null : Number(r.client_type),
        ip: r.ip,
        ua: r.ua,
        createdAt: r.created_at,
        lastSeenAt: r.last_seen_at,
        expiresAt: r.expires_at,
      }));
    },

    async balance(trx: Db, userId: string, type: number): Promise<number> {
      const row = await trx
        .selectFrom('ticket_balances')
        .select('balance')
        .where('user_id', '=', userId)
        .where('ticket_type', '=', type)
        .executeTakeFirst();
      return Number(row?.balance ?? 0);
    },

    /**
     * Adds delta to a balance inside the caller's transaction, never below zero: a removal is one
     * conditional UPDATE re-checked under the row lock, so concurrent spends cannot be overdrawn.
     */
    async adjust(
      trx: Db,
      e: { userId: string; type: number; delta: number; ref: string; at: string },
    ): Promise<boolean> {
      if (e.delta > 0) {
        await trx
          .insertInto('ticket_balances')
          .values({ user_id: e.userId, ticket_type: e.type, balance: e.delta })
          .onConflict((oc) =>
            oc.columns(['user_id', 'ticket_type']).doUpdateSet({
              balance: sql<number>`ticket_balances.balance + ${e.delta}`,
            }),
          )
          .execute();
      } else {
        const result = await trx
          .updateTable('ticket_balances')
          .set({ balance: sql<number>`balance + ${e.delta}` })
          .where('user_id', '=', e.userId)
          .where('ticket_type', '=', e.type)
          .where('balance', '>=', -e.delta)
          .executeTakeFirst();
        if (Number(result.numUpdatedRows) !== 1) return false;
      }
      await trx
        .insertInto('ticket_ledger')
        .values({
          id: newId(),
          user_id: e.userId,
          ticket_type: e.type,
          delta: e.delta,
          reason: 'admin_adjust',
          ref: e.ref,
          created_at: e.at,
        })
        .execute();
      return true;
    },

    /** Takes the user row for the transaction (a no-op write: a row lock on PostgreSQL). */
    async holdUser(trx: Db, id: string) {
      await trx
        .updateTable('users')
        .set({ updated_at: sql<string>`updated_at` })
        .where('id', '=', id)
        .execute();
    },

    /** Takes the admin's row for the transaction (a row lock on PostgreSQL), before the user's. */
    async holdAdmin(trx: Db, adminId: string) {
      await trx
        .updateTable('admin_accounts')
        .set({ updated_at: sql<string>`updated_at` })
        .where('id', '=', adminId)
        .execute();
    },

    /** Tickets an admin added (admin_adjust lines, found by their audit entry) since `since`. */
    async ticketsAddedBy(trx: Db, adminId: string, since: string): Promise<number> {
      const row = await trx
        .selectFrom('ticket_ledger as l')
        .innerJoin('admin_audit_log as a', 'a.id', 'l.ref')
        .select((eb) => eb.fn.sum<string | number | null>('l.delta').as('n'))
        .where('l.reason', '=', 'admin_adjust')
        .where('l.delta', '>', 0)
        .where('a.actor_id', '=', adminId)
        .where('l.created_at', '>=', since)
        .executeTakeFirst();
      return Number(row?.n ?? 0);
    },

    /** Tickets admins other than super admins added to one user since `since`. */
    async ticketsAddedTo(trx: Db, userId: string, since: string): Promise<number> {
      const row = await trx
        .selectFrom('ticket_ledger as l')
        .innerJoin('admin_audit_log as a', 'a.id', 'l.ref')
        .select((eb) => eb.fn.sum<string | number | null>('l.delta').as('n'))
        .where('l.reason', '=', 'admin_adjust')
        .where('l.delta', '>', 0)
        .where('l.user_id', '=', userId)
        .where('a.role', '<>', 'super')
        .where('l.created_at', '>=', since)
        .executeTakeFirst();
      return Number(row?.n ?? 0);
    },

    /** VIP days granted by one admin, or to one user by admins other than super, since `since`. */
    async vipDaysGranted(
      trx: Db,
      who: { adminId: string } | { userId: string },
      since: string,
    ): Promise<number> {
      let q = trx
        .selectFrom('vip_grants as g')
        .select((eb) => eb.fn.sum<string | number | null>('g.vip_days').as('n'))
        .where('g.created_at', '>=', since);
      if ('adminId' in who) q = q.where('g.granted_by', '=', who.adminId);
      else
        q = q
          .innerJoin('admin_accounts as a', 'a.id', 'g.granted_by')
          .where('g.user_id', '=', who.userId)
          .where('a.role', '<>', 'super');
      const row = await q.executeTakeFirst();
      return Number(row?.n ?? 0);
    },
  };
};
