import type { Kysely } from 'kysely';

// Commerce: the product catalogue, orders (one row per out_trade_no), the incidents a
// verified-but-wrong provider notify leaves for the admin, and refunds. Money is integer fen;
// timestamps ISO text; booleans 0/1. The activity's stock is a `sold` counter beside `stock`, so
// a reservation is one conditional UPDATE on both dialects. Same DDL on SQLite and PostgreSQL.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('products')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('description', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('price_fen', 'integer', (c) => c.notNull())
    .addColumn('original_price_fen', 'integer')
    // JSON {"1": 100, …}: tickets granted per ticket type.
    .addColumn('grants', 'text', (c) => c.notNull().defaultTo('{}'))
    .addColumn('vip_days', 'integer')
    .addColumn('vip_tier', 'text')
    .addColumn('stock', 'integer')
    .addColumn('sold', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('per_user_limit', 'integer')
    .addColumn('starts_at', 'text')
    .addColumn('ends_at', 'text')
    .addColumn('on_sale', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('sort', 'integer', (c) => c.notNull().defaultTo(0))
    // JSON of kind-specific settings (the custom page's unit prices and tiers).
    .addColumn('config', 'text', (c) => c.notNull().defaultTo('{}'))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('orders')
    .addColumn('order_no', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id'))
    .addColumn('product_id', 'text', (c) => c.notNull().references('products.id'))
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('amount_fen', 'integer', (c) => c.notNull())
    .addColumn('channel', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    // What settling grants, frozen at purchase (an operator may change the product later).
    .addColumn('grants', 'text', (c) => c.notNull().defaultTo('{}'))
    .addColumn('vip_days', 'integer')
    .addColumn('vip_tier', 'text')
    // Same product and grants: a second channel for one purchase closes the first order.
    .addColumn('purchase_key', 'text', (c) => c.notNull())
    .addColumn('pay_url', 'text')
    .addColumn('provider_trade_no', 'text')
    // 1 while the order holds one unit of a limited product (activity stock).
    .addColumn('holds_stock', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('expires_at', 'text', (c) => c.notNull())
    .addColumn('paid_at', 'text')
    .addColumn('closed_at', 'text')
    .addColumn('close_reason', 'text')
    .addColumn('refunded_at', 'text')
    // The reconciler's schedule: when to ask the provider next, and how often it has asked.
    .addColumn('next_check_at', 'text')
    .addColumn('checks', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('orders_user_idx')
    .on('orders')
    .columns(['user_id', 'created_at'])
    .execute();
  await db.schema
    .createIndex('orders_pending_idx')
    .on('orders')
    .columns(['status', 'next_check_at'])
    .execute();

  await db.schema
    .createTable('payment_incidents')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('order_no', 'text')
    .addColumn('channel', 'text', (c) => c.notNull())
    .addColumn('kind', 'text', (c) => c.notNull())
    // JSON: what the provider said (amounts, ids), never keys or signatures.
    .addColumn('detail', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('payment_incidents_order_idx')
    .on('payment_incidents')
    .columns(['order_no'])
    .execute();

  await db.schema
    .createTable('order_refunds')
    // The provider's out_refund_no; one per order, so a repeated refund refunds nothing more.
    .addColumn('refund_no', 'text', (c) => c.primaryKey())
    .addColumn('order_no', 'text', (c) => c.notNull().unique().references('orders.order_no'))
    .addColumn('admin_id', 'text', (c) => c.notNull())
    .addColumn('reason', 'text', (c) => c.notNull())
    .addColumn('refund_fen', 'integer', (c) => c.notNull())
    // JSON {"1": n, …}: tickets taken back; and VIP days taken back.
    .addColumn('tickets_taken', 'text', (c) => c.notNull().defaultTo('{}'))
    .addColumn('vip_days_taken', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('note', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();

  // /dingzhi's enterprise contact form (purchases beyond the largest online tier).
  await db.schema
    .createTable('enterprise_leads')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'text')
    .addColumn('company', 'text', (c) => c.notNull())
    .addColumn('contact', 'text', (c) => c.notNull())
    .addColumn('phone', 'text', (c) => c.notNull())
    .addColumn('seats', 'integer')
    .addColumn('note', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('enterprise_leads').ifExists().execute();
  await db.schema.dropTable('order_refunds').ifExists().execute();
  await db.schema.dropTable('payment_incidents').ifExists().execute();
  await db.schema.dropTable('orders').ifExists().execute();
  await db.schema.dropTable('products').ifExists().execute();
}
