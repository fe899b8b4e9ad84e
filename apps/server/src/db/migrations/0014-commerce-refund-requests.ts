import type { Kysely } from 'kysely';

// Commerce: a buyer's 申请退款 from the order history, one per order (the primary key).
// The refund itself stays an admin decision (POST /api/user/manage/order/{no}/refund).
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('order_refund_requests')
    .addColumn('order_no', 'text', (c) => c.primaryKey().references('orders.order_no'))
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id'))
    .addColumn('reason', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('order_refund_requests_created_idx')
    .on('order_refund_requests')
    .column('created_at')
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('order_refund_requests').execute();
}
