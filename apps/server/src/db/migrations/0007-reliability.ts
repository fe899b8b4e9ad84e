import type { Kysely } from 'kysely';

// Reliability: a heartbeat row per running worker process, so a dead worker's leased
// tasks are re-queued within seconds and health can say "work is queued but nobody runs it"; an
// index for the fair claim (users in turn within an engine lane). Same DDL on both dialects.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('workers')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('host', 'text', (c) => c.notNull())
    .addColumn('pid', 'integer', (c) => c.notNull())
    .addColumn('lanes', 'text', (c) => c.notNull())
    .addColumn('started_at', 'text', (c) => c.notNull())
    .addColumn('heartbeat_at', 'text', (c) => c.notNull())
    .execute();
  // How often a restart found the task interrupted: only the first is free (a task that kills
  // its worker every time must still run out of attempts).
  await db.schema
    .alterTable('tasks')
    .addColumn('interruptions', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema
    .createIndex('tasks_lane_user_idx')
    .on('tasks')
    .columns(['engine', 'user_id', 'status'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('tasks_lane_user_idx').ifExists().execute();
  await db.schema.alterTable('tasks').dropColumn('interruptions').execute();
  await db.schema.dropTable('workers').ifExists().execute();
}
