import type { Kysely } from 'kysely';

// Share links for finished tasks: an unguessable token the owner creates on purpose and may
// revoke. Several rows per task are possible over time (share, revoke, share again); at most one
// has revoked_at null. Same DDL on both dialects.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('task_shares')
    .addColumn('token', 'text', (c) => c.primaryKey())
    .addColumn('task_id', 'text', (c) => c.notNull().references('tasks.id'))
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id'))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('revoked_at', 'text')
    .execute();
  await db.schema
    .createIndex('task_shares_task_idx')
    .on('task_shares')
    .columns(['task_id'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('task_shares').ifExists().execute();
}
