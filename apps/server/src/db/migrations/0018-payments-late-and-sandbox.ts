import { sql } from 'kysely';
import type { Kysely } from 'kysely';

// Payments across processes and payments that arrive late. Same DDL on both dialects.
// - `sandbox_trades`: the development sandbox's trades live in the database, so any API process
//   serves an order another one created (and one whose process died can still be paid).
// - `payment_incidents` (order_no, kind) is unique: a provider retrying the same wrong notify is
//   one incident, decided by the insert itself (earlier duplicates are folded into the first).
// - `order_refunds.retry_at`: a refund the server started itself (a payment that arrived for a
//   closed order whose product could no longer be granted) waits here until the provider has
//   accepted it; the worker pass asks again when it is due.
// - `orders.next_check_at` on a closed order is now its one last provider query (a payment that
//   beat the close with its notify lost); orders closed before have had theirs.
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`update orders set next_check_at = null where status <> 'pending'`.execute(db);
  await db.schema
    .createTable('sandbox_trades')
    .addColumn('order_no', 'text', (c) => c.primaryKey())
    .addColumn('amount_fen', 'integer', (c) => c.notNull())
    // pending | paid | closed | refunded
    .addColumn('state', 'text', (c) => c.notNull())
    .addColumn('paid_at', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();

  await sql`delete from payment_incidents where order_no is not null and id not in (
    select min(id) from payment_incidents where order_no is not null group by order_no, kind)`.execute(
    db,
  );
  await db.schema
    .createIndex('payment_incidents_order_kind_uq')
    .on('payment_incidents')
    .columns(['order_no', 'kind'])
    .unique()
    .execute();

  await db.schema.alterTable('order_refunds').addColumn('retry_at', 'text').execute();
  await db.schema
    .createIndex('order_refunds_retry_idx')
    .on('order_refunds')
    .column('retry_at')
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('order_refunds_retry_idx').execute();
  await db.schema.alterTable('order_refunds').dropColumn('retry_at').execute();
  await db.schema.dropIndex('payment_incidents_order_kind_uq').execute();
  await db.schema.dropTable('sandbox_trades').execute();
}
