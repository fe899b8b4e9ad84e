import type { Kysely } from 'kysely';

// One row per call to a hosted provider (a DashScope task, an Ark images request or Seedance
// task), failed ones included: what it was, what the provider reported using, and what it cost
// at the configured unit price. Money is integer micro-yuan (百万分之一元) so per-token prices
// stay exact and sums are integer arithmetic on every dialect.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('provider_calls')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('task_id', 'text', (c) => c.notNull())
    .addColumn('tool_id', 'text', (c) => c.notNull())
    .addColumn('provider', 'text', (c) => c.notNull())
    .addColumn('model', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('unit', 'text', (c) => c.notNull())
    .addColumn('units', 'real', (c) => c.notNull())
    .addColumn('unit_price_micro', 'bigint', (c) => c.notNull())
    .addColumn('cost_micro', 'bigint', (c) => c.notNull())
    .addColumn('request_id', 'text')
    .addColumn('provider_task_id', 'text')
    .addColumn('error_code', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('provider_calls_created_idx')
    .on('provider_calls')
    .column('created_at')
    .execute();
  await db.schema
    .createIndex('provider_calls_task_idx')
    .on('provider_calls')
    .column('task_id')
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('provider_calls').execute();
}
