import type { Kysely } from 'kysely';

// Commerce: how an order is paid — 'qr' (WeChat Pay Native / Alipay precreate, pay_url
// is what the QR encodes) or 'h5' (a phone's browser: pay_url is WeChat Pay's h5_url or Alipay's
// wap cashier).
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('orders')
    .addColumn('pay_mode', 'text', (c) => c.notNull().defaultTo('qr'))
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('orders').dropColumn('pay_mode').execute();
}
