import type { Kysely, Selectable } from 'kysely';
import type { AdminAccountsTable, Database } from '../../db/schema';

export type AdminRole = 'super' | 'operator';

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

  /** The account with its password hash, for the login check only. */
  async findCredentials(username: string) {
    const row = await db
      .selectFrom('admin_accounts')
      .selectAll()
      .where('username', '=', username)
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
      .onConflict((oc) => oc.column('username').doNothing())
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

  async countActiveSupers(): Promise<number> {
    const row = await db
      .selectFrom('admin_accounts')
      .select((eb) => eb.fn.countAll<string | number>().as('n'))
      .where('role', '=', 'super')
      .where('disabled_at', 'is', null)
      .executeTakeFirstOrThrow();
    return Number(row.n);
  },

  async recordLogin(id: string, at: string): Promise<void> {
    await db
      .updateTable('admin_accounts')
      .set({ last_login_at: at })
      .where('id', '=', id)
      .execute();
  },

  // ---- login failures, per username as typed (known or not)

  async findLock(username: string) {
    const row = await db
      .selectFrom('admin_login_failures')
      .selectAll()
      .where('username', '=', username)
      .executeTakeFirst();
    return row
      ? {
          failures: Number(row.failures),
          firstFailedAt: row.first_failed_at,
          lockedUntil: row.locked_until,
        }
      : undefined;
  },

  async saveFailures(
    username: string,
    failures: number,
    firstFailedAt: string,
    lockedUntil: string | null,
  ) {
    await db
      .insertInto('admin_login_failures')
      .values({ username, failures, first_failed_at: firstFailedAt, locked_until: lockedUntil })
      .onConflict((oc) =>
        oc
          .column('username')
          .doUpdateSet({ failures, first_failed_at: firstFailedAt, locked_until: lockedUntil }),
      )
      .execute();
  },

  async clearFailures(username: string): Promise<void> {
    await db.deleteFrom('admin_login_failures').where('username', '=', username).execute();
  },
});
