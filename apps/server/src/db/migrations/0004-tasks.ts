import { sql } from 'kysely';
import type { Kysely } from 'kysely';

// Task platform: ticket balances (kept beside the append-only ledger in the same transaction),
// stored files, tasks, idempotency keys and a counter for task order. Same DDL on both dialects.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('ticket_balances')
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id'))
    .addColumn('ticket_type', 'integer', (c) => c.notNull())
    .addColumn('balance', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('ticket_balances_pk', ['user_id', 'ticket_type'])
    .execute();
  // Every balance so far is the sum of its ledger lines.
  await sql`insert into ticket_balances (user_id, ticket_type, balance)
    select user_id, ticket_type, sum(delta) from ticket_ledger group by user_id, ticket_type`.execute(
    db,
  );
  await db.schema
    .createIndex('ticket_ledger_ref_idx')
    .on('ticket_ledger')
    .columns(['ref', 'reason'])
    .execute();

  await db.schema
    .createTable('files')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id'))
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('mime', 'text', (c) => c.notNull())
    .addColumn('width', 'integer', (c) => c.notNull())
    .addColumn('height', 'integer', (c) => c.notNull())
    .addColumn('bytes', 'integer', (c) => c.notNull())
    .addColumn('duration', 'real')
    .addColumn('storage_key', 'text', (c) => c.notNull())
    .addColumn('public', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('files_user_idx').on('files').columns(['user_id']).execute();

  await db.schema
    .createTable('counters')
    .addColumn('name', 'text', (c) => c.primaryKey())
    .addColumn('value', 'integer', (c) => c.notNull())
    .execute();
  await sql`insert into counters (name, value) values ('task_seq', 0)`.execute(db);

  await db.schema
    .createTable('tasks')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('seq', 'integer', (c) => c.notNull().unique())
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id'))
    .addColumn('tool_id', 'text', (c) => c.notNull())
    .addColumn('family', 'text', (c) => c.notNull())
    .addColumn('capability', 'text', (c) => c.notNull())
    .addColumn('engine', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('params', 'text', (c) => c.notNull())
    .addColumn('inputs', 'text', (c) => c.notNull())
    .addColumn('outputs', 'text', (c) => c.notNull().defaultTo('[]'))
    .addColumn('error', 'text')
    .addColumn('progress', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('ticket_type', 'integer', (c) => c.notNull())
    .addColumn('price', 'integer', (c) => c.notNull())
    .addColumn('tickets_state', 'text', (c) => c.notNull())
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('hidden', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('worker_id', 'text')
    .addColumn('lease_until', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('started_at', 'text')
    .addColumn('finished_at', 'text')
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('tasks_lane_idx')
    .on('tasks')
    .columns(['status', 'engine', 'seq'])
    .execute();
  await db.schema
    .createIndex('tasks_user_idx')
    .on('tasks')
    .columns(['user_id', 'hidden', 'seq'])
    .execute();

  await db.schema
    .createTable('idempotency_keys')
    .addColumn('user_id', 'text', (c) => c.notNull())
    .addColumn('key', 'text', (c) => c.notNull())
    .addColumn('task_id', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('idempotency_keys_pk', ['user_id', 'key'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of ['idempotency_keys', 'tasks', 'counters', 'files', 'ticket_balances']) {
    await db.schema.dropTable(table).ifExists().execute();
  }
  await db.schema.dropIndex('ticket_ledger_ref_idx').ifExists().execute();
}
