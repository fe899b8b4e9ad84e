import type { Kysely } from 'kysely';

// Commerce: VIP granted by an admin gets the monthly ticket allowance too. Each grant is
// a `vip_grants` row (where its days begin, how many, the tier's monthly allowance frozen at grant
// time, when its next month is due); `vip_grant_allowances` is the idempotency key of its months
// (one row per grant and period), written in the same transaction as the ledger credit, like
// `vip_allowances` is for a paid order.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('vip_grants')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id'))
    .addColumn('tier', 'text', (c) => c.notNull())
    .addColumn('vip_days', 'integer', (c) => c.notNull())
    .addColumn('vip_from', 'text', (c) => c.notNull())
    .addColumn('grants', 'text', (c) => c.notNull())
    .addColumn('allowance_next_at', 'text')
    .addColumn('granted_by', 'text')
    .addColumn('reason', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('vip_grants_due_idx')
    .on('vip_grants')
    .column('allowance_next_at')
    .execute();
  await db.schema
    .createIndex('vip_grants_user_idx')
    .on('vip_grants')
    .columns(['user_id', 'vip_from'])
    .execute();

  await db.schema
    .createTable('vip_grant_allowances')
    .addColumn('grant_id', 'text', (c) => c.notNull().references('vip_grants.id'))
    .addColumn('period', 'integer', (c) => c.notNull())
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id'))
    .addColumn('period_start', 'text', (c) => c.notNull())
    .addColumn('grants', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('vip_grant_allowances_pk', ['grant_id', 'period'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('vip_grant_allowances').execute();
  await db.schema.dropTable('vip_grants').execute();
}
