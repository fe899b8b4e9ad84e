import type { Kysely } from 'kysely';

// Refunds that wait for a second admin (setting features.refundSecondApprover): one request per
// order (the primary key), kept after approval with who approved it.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('admin_refund_requests')
    .addColumn('order_no', 'text', (c) => c.primaryKey())
    .addColumn('requested_by', 'text', (c) => c.notNull())
    .addColumn('requested_by_name', 'text', (c) => c.notNull())
    .addColumn('reason', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('approved_by', 'text')
    .addColumn('approved_at', 'text')
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('admin_refund_requests').execute();
}
