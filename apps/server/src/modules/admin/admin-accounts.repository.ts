import type { AdminRole } from '@huijing/contracts';
import { sql } from 'kysely';
import type { Kysely, Selectable } from 'kysely';
import type { AdminAccountsTable, Database } from '../../db/schema';

export type { AdminRole };

export type AdminRecord = {
  id: string;
  username: string;
  displayName: string;
  role: AdminRole;
  disabled: boolean;
  lastLoginAt: string | null;
  createdAt: string;
};

const toAdmin = (row: Selectable<AdminAccountsTable>): AdminRecord => ({
  id: row.id,
  username: row.username,
  displayName: row.display_name,
  role: row.role,
  disabled: row.disabled_at !== null,
  lastLoginAt: row.last_login_at,
  createdAt: row.created_at,
});

export type AdminPatch = Partial<{
  displayName: string;
  passwordHash: string;
  role: AdminRole;
  disabled: boolean;
}>;

export type AdminAccountsRepository = ReturnType<typeof createAdminAccountsRepository>;

export const createAdminAccountsRepository = (db: Kysely<Database>) => ({
  async findAdminById(id: string): Promise<AdminRecord | undefined> {
    const row = await db
      .selectFrom('admin_accounts')
      .selectAll()
      .where('id', '=', id)
      .executeTakeFirst();
    return row ? toAdmin(row) : undefined;
  },

  /** The account with its password hash, for the login check only; any letter case matches. */
  async findCredentials(username: string) {
    const row = await db
      .selectFrom('admin_accounts')
      .selectAll()
      .where((eb) => eb(eb.fn('lower', ['username']), '=', username.toLowerCase()))
      .executeTakeFirst();
    return row ? { account: toAdmin(row), passwordHash: row.password_hash } : undefined;
  },

  async listAdmins(q: { page: number; pageSize: number; keyword?: string }) {
    let base = db.selectFrom('admin_accounts');
    if (q.keyword) {
      const like = `%${q.keyword.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
      base = base.where((eb) =>
        eb.or([
          eb(eb.fn('lower', ['username']), 'like', eb.val(like)),
          eb(eb.fn('lower', ['display_name']), 'like', eb.val(like)),
        ]),
      );
    }
    const total = await base
      .select((eb) => eb.fn.countAll<string | number>().as('n'))
      .executeTakeFirstOrThrow();
    const rows = await base
      .selectAll()
      .orderBy('created_at')
      .orderBy('id')
      .limit(q.pageSize)
      .offset((q.page - 1) * q.pageSize)
      .execute();
    return { list: rows.map(toAdmin), total: Number(total.n) };
  },

  async insertAdmin(a: {
    id: string;
    username: string;
    displayName: string;
    passwordHash: string;
    role: AdminRole;
    at: string;
  }): Promise<boolean> {
    const result = await db
      .insertInto('admin_accounts')
      .values({
        id: a.id,
        username: a.username,
        display_name: a.displayName,
        password_hash: a.passwordHash,
        role: a.role,
        created_at: a.at,
        updated_at: a.at,
      })
      // Any unique clash, the case-insensitive username index included, means "taken".
      .onConflict((oc) => oc.doNothing())
      .executeTakeFirst();
    return Number(result.numInsertedOrUpdatedRows ?? 0) === 1;
  },

  async updateAdmin(id: string, patch: AdminPatch, at: string): Promise<void> {
    await db
      .updateTable('admin_accounts')
      .set({
        ...(patch.displayName !== undefined && { display_name: patch.displayName }),
        ...(patch.passwordHash !== undefined && { password_hash: patch.passwordHash }),
        ...(patch.role !== undefined && { role: patch.role }),
        ...(patch.disabled !== undefined && { disabled_at: patch.disabled ? at : null }),
        updated_at: at,
      })
      .where('id', '=', id)
      .execute();
  },

  async deleteAdmin(id: string): Promise<void> {
    await db.deleteFrom('admin_accounts').where('id', '=', id).execute();
  },

  /**
   * The enabled super admins' ids, row-locked on PostgreSQL until the transaction ends: a second
   * change waits, then sees the first one's result (SQLite runs one transaction at a time).
   */
  async lockActiveSupers(forUpdate: boolean): Promise<string[]> {
    const rows = await db
      .selectFrom('admin_accounts')
      .select('id')
      .where('role', '=', 'super')
      .where('disabled_at', 'is', null)
      .$if(forUpdate, (q) => q.forUpdate())
      .execute();
    return rows.map((r) => r.id);
  },

  async recordLogin(id: string, at: string): Promise<void> {
    await db
      .updateTable('admin_accounts')
      .set({ last_login_at: at })
      .where('id', '=', id)
      .execute();
  },

  // ---- login attempts, per key: a username as typed (known or not) or `ip:` and an address

  /**
   * Counts one attempt in a single conditional upsert (no read-then-write, so parallel guesses
   * cannot share a count): a count older than the window starts again at 1. Returns the count
   * including this attempt and the lock, if any.
   */
  async countAttempt(key: string, at: string, windowStart: string) {
    const t = sql.ref('admin_login_failures');
    const inWindow = sql`${t}.first_failed_at > ${windowStart}`;
    const row = await db
      .insertInto('admin_login_failures')
      .values({ username: key, failures: 1, first_failed_at: at, locked_until: null })
      .onConflict((oc) =>
        oc.column('username').doUpdateSet({
          failures: sql<number>`CASE WHEN ${inWindow} THEN ${t}.failures + 1 ELSE 1 END`,
          first_failed_at: sql<string>`CASE WHEN ${inWindow} THEN ${t}.first_failed_at ELSE ${at} END`,
        }),
      )
      .returning(['failures', 'locked_until'])
      .executeTakeFirstOrThrow();
    return { attempts: Number(row.failures), lockedUntil: row.locked_until };
  },

  async lock(key: string, until: string): Promise<void> {
    await db
      .updateTable('admin_login_failures')
      .set({ locked_until: until })
      .where('username', '=', key)
      .execute();
  },

  /** Takes back one counted attempt (a successful login does not count against its address). */
  async uncount(key: string): Promise<void> {
    await db
      .updateTable('admin_login_failures')
      .set((eb) => ({ failures: eb('failures', '-', 1) }))
      .where('username', '=', key)
      .where('failures', '>', 0)
      .execute();
  },

  async clearFailures(username: string): Promise<void> {
    await db.deleteFrom('admin_login_failures').where('username', '=', username).execute();
  },
});
