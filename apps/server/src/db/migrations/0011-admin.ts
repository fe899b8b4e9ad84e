import { PostgresAdapter, sql } from 'kysely';
import type { Kysely } from 'kysely';

// The admin audit log: one row per admin action or sign-in, never changed or removed. The
// application has no update or delete path for it, and the database refuses both as well (a
// trigger on each dialect), so neither a bug nor a hand-run statement can rewrite history.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('admin_audit_log')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('at', 'text', (c) => c.notNull())
    .addColumn('actor_id', 'text')
    .addColumn('actor_username', 'text')
    .addColumn('role', 'text')
    .addColumn('action', 'text', (c) => c.notNull())
    .addColumn('target', 'text')
    .addColumn('before_json', 'text')
    .addColumn('after_json', 'text')
    .addColumn('reason', 'text')
    .addColumn('ip', 'text')
    .addColumn('request_id', 'text')
    .execute();
  await db.schema.createIndex('admin_audit_at_idx').on('admin_audit_log').columns(['at']).execute();
  await db.schema
    .createIndex('admin_audit_target_idx')
    .on('admin_audit_log')
    .columns(['target', 'at'])
    .execute();
  await db.schema
    .createIndex('admin_audit_actor_idx')
    .on('admin_audit_log')
    .columns(['actor_id', 'at'])
    .execute();

  if (db.getExecutor().adapter instanceof PostgresAdapter) {
    await sql`create function admin_audit_append_only() returns trigger language plpgsql as $$
      begin raise exception 'admin_audit_log is append-only'; end $$`.execute(db);
    await sql`create trigger admin_audit_no_change before update or delete on admin_audit_log
      for each row execute function admin_audit_append_only()`.execute(db);
    await sql`create trigger admin_audit_no_truncate before truncate on admin_audit_log
      for each statement execute function admin_audit_append_only()`.execute(db);
  } else {
    await sql`create trigger admin_audit_no_update before update on admin_audit_log
      begin select raise(abort, 'admin_audit_log is append-only'); end`.execute(db);
    await sql`create trigger admin_audit_no_delete before delete on admin_audit_log
      begin select raise(abort, 'admin_audit_log is append-only'); end`.execute(db);
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('admin_audit_log').ifExists().execute();
  if (db.getExecutor().adapter instanceof PostgresAdapter) {
    await sql`drop function if exists admin_audit_append_only()`.execute(db);
  }
}
