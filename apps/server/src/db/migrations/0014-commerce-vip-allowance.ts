import { sql } from 'kysely';
import type { Kysely } from 'kysely';

// Commerce: a VIP plan's ticket grant becomes a monthly allowance, granted at the start
// of each month of the membership the order bought. `vip_allowances` is the idempotency key (one
// row per order and period, i.e. per user and month of membership), written in the same
// transaction as the ledger credit; `orders.vip_from` is where the order's bought days begin
// (after a running membership) and `allowance_next_at` when its next month is due.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('orders').addColumn('vip_from', 'text').execute();
  await db.schema.alterTable('orders').addColumn('allowance_next_at', 'text').execute();
  await db.schema
    .createIndex('orders_allowance_due_idx')
    .on('orders')
    .column('allowance_next_at')
    .execute();

  await db.schema
    .createTable('vip_allowances')
    .addColumn('order_no', 'text', (c) => c.notNull().references('orders.order_no'))
    .addColumn('period', 'integer', (c) => c.notNull())
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id'))
    .addColumn('period_start', 'text', (c) => c.notNull())
    .addColumn('grants', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('vip_allowances_pk', ['order_no', 'period'])
    .execute();
  await db.schema
    .createIndex('vip_allowances_user_idx')
    .on('vip_allowances')
    .columns(['user_id', 'period_start'])
    .execute();

  // The seeded plans, where an operator has not changed them: monthly amounts instead of one grant.
  const plans: [string, string, string, string][] = [
    ['vip-month', '{"1":300}', '{"1":300}', '30 天会员，每月通用次数 ×300，优先排队'],
    [
      'vip-quarter',
      '{"1":1000}',
      '{"1":350}',
      '90 天会员，每月通用次数 ×350（共 3 个月），优先排队',
    ],
    [
      'vip-year',
      '{"1":4000,"4":50}',
      '{"1":350,"4":5}',
      '365 天会员，每月通用次数 ×350、视频 ×5（共 12 个月），最高优先级排队',
    ],
  ];
  for (const [id, before, after, description] of plans) {
    await sql`update products set grants = ${after}, description = ${description}
      where id = ${id} and grants = ${before}`.execute(db);
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('vip_allowances').execute();
  await db.schema.dropIndex('orders_allowance_due_idx').execute();
  await db.schema.alterTable('orders').dropColumn('allowance_next_at').execute();
  await db.schema.alterTable('orders').dropColumn('vip_from').execute();
}
