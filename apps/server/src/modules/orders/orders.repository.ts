import { sql } from 'kysely';
import type { Insertable, Kysely, Selectable } from 'kysely';
import type { OrderItem, Product, TicketGrants } from '@huijing/contracts';
import { customPricingSchema, ticketGrantsSchema } from '@huijing/contracts';
import { newId } from '../../db/ids';
import type { Database } from '../../db/schema';
import type {
  OrderRefundsTable,
  OrderStatus,
  OrdersTable,
  PayChannel,
  ProductsTable,
} from './orders.schema';

export type ProductRow = Selectable<ProductsTable>;
export type OrderRow = Selectable<OrdersTable>;

export const parseGrants = (text: string): TicketGrants => {
  try {
    const parsed = ticketGrantsSchema.safeParse(JSON.parse(text));
    return parsed.success ? parsed.data : {};
  } catch {
    return {};
  }
};

export const toProduct = (row: ProductRow): Product => {
  const grants = parseGrants(row.grants);
  const custom =
    row.kind === 'custom' ? customPricingSchema.safeParse(JSON.parse(row.config)) : undefined;
  return {
    id: row.id,
    kind: row.kind,
    name: row.name,
    description: row.description,
    priceFen: Number(row.price_fen),
    ...(row.original_price_fen != null && { originalPriceFen: Number(row.original_price_fen) }),
    ...(Object.keys(grants).length > 0 && { tickets: grants }),
    ...(row.vip_days != null && { vipDays: Number(row.vip_days) }),
    ...(row.vip_tier && { vipTier: row.vip_tier }),
    ...(row.stock != null && { stock: Math.max(0, Number(row.stock) - Number(row.sold)) }),
    ...(row.per_user_limit != null && { perUserLimit: Number(row.per_user_limit) }),
    ...(row.starts_at && { startsAt: row.starts_at }),
    ...(row.ends_at && { endsAt: row.ends_at }),
    ...(custom?.success && { custom: custom.data }),
    onSale: Number(row.on_sale) === 1,
  };
};

export const toOrderItem = (row: OrderRow): OrderItem => ({
  orderNo: row.order_no,
  status: row.status,
  productId: row.product_id,
  amountFen: Number(row.amount_fen),
  channel: row.channel,
  ...(row.paid_at && { paidAt: row.paid_at }),
  kind: row.kind,
  title: row.title,
  tickets: parseGrants(row.grants),
  ...(row.vip_days != null && { vipDays: Number(row.vip_days) }),
  createdAt: row.created_at,
  expiresAt: row.expires_at,
  ...(row.refunded_at && { refundedAt: row.refunded_at }),
});

/**
 * SQL of the commerce area. Methods that change money or stock are single conditional statements
 * (rows affected tell who won), meant to run inside the caller's transaction.
 */
export const createOrdersRepository = (db: Kysely<Database>) => ({
  listProducts: () => db.selectFrom('products').selectAll().orderBy('sort').orderBy('id').execute(),

  findProduct: (id: string) =>
    db.selectFrom('products').selectAll().where('id', '=', id).executeTakeFirst(),

  /** The running activity (the newest on-sale one), for /active/250513/stock. */
  findActivity: () =>
    db
      .selectFrom('products')
      .selectAll()
      .where('kind', '=', 'activity')
      .where('on_sale', '=', 1)
      .orderBy('ends_at', 'desc')
      .executeTakeFirst(),

  /** One unit of a limited product, atomically: false when none is left. */
  async reserveUnit(productId: string): Promise<boolean> {
    const result = await db
      .updateTable('products')
      .set({ sold: sql<number>`sold + 1` })
      .where('id', '=', productId)
      .where('stock', 'is not', null)
      .where(sql<boolean>`sold < stock`)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) === 1;
  },

  async releaseUnit(productId: string): Promise<void> {
    await db
      .updateTable('products')
      .set({ sold: sql<number>`sold - 1` })
      .where('id', '=', productId)
      .where('sold', '>', 0)
      .execute();
  },

  /** A unit sold outside a reservation (a payment that arrived after its order was closed). */
  async takeUnit(productId: string): Promise<void> {
    await db
      .updateTable('products')
      .set({ sold: sql<number>`sold + 1` })
      .where('id', '=', productId)
      .execute();
  },

  /** Pending or paid orders of a user for a product (the per-user limit). */
  async countLive(userId: string, productId: string): Promise<number> {
    const row = await db
      .selectFrom('orders')
      .select(sql<string | number>`count(*)`.as('n'))
      .where('user_id', '=', userId)
      .where('product_id', '=', productId)
      .where('status', 'in', ['pending', 'paid'])
      .executeTakeFirst();
    return Number(row?.n ?? 0);
  },

  /** A user's unpaid orders still payable at `at` (the pending cap). */
  async countPending(userId: string, at: string): Promise<number> {
    const row = await db
      .selectFrom('orders')
      .select(sql<string | number>`count(*)`.as('n'))
      .where('user_id', '=', userId)
      .where('status', '=', 'pending')
      .where('expires_at', '>', at)
      .executeTakeFirst();
    return Number(row?.n ?? 0);
  },

  insertOrder: (row: Insertable<OrdersTable>) => db.insertInto('orders').values(row).execute(),

  findOrder: (orderNo: string) =>
    db.selectFrom('orders').selectAll().where('order_no', '=', orderNo).executeTakeFirst(),

  /** The order row, locked on PostgreSQL: concurrent settlements of one order queue here. */
  lockOrder: (orderNo: string, dialect: 'sqlite' | 'postgres') => {
    const q = db.selectFrom('orders').selectAll().where('order_no', '=', orderNo);
    return (dialect === 'postgres' ? q.forUpdate() : q).executeTakeFirst();
  },

  findOwnedOrder: (userId: string, orderNo: string) =>
    db
      .selectFrom('orders')
      .selectAll()
      .where('order_no', '=', orderNo)
      .where('user_id', '=', userId)
      .executeTakeFirst(),

  /** The user's other unpaid orders for the same purchase (a second channel closes them). */
  pendingForPurchase: (userId: string, purchaseKey: string) =>
    db
      .selectFrom('orders')
      .selectAll()
      .where('user_id', '=', userId)
      .where('purchase_key', '=', purchaseKey)
      .where('status', '=', 'pending')
      .execute(),

  setPayUrl: (orderNo: string, payUrl: string, at: string) =>
    db
      .updateTable('orders')
      .set({ pay_url: payUrl, updated_at: at })
      .where('order_no', '=', orderNo)
      .execute(),

  /** The state change every settlement, close and refund hinges on: true for the one winner. */
  async transition(
    orderNo: string,
    from: OrderStatus[],
    to: OrderStatus,
    set: Partial<OrderRow>,
  ): Promise<boolean> {
    const result = await db
      .updateTable('orders')
      .set({ ...set, status: to })
      .where('order_no', '=', orderNo)
      .where('status', 'in', from)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) === 1;
  },

  async pageOwned(userId: string, page: number, pageSize: number) {
    const [rows, count] = await Promise.all([
      db
        .selectFrom('orders')
        .selectAll()
        .where('user_id', '=', userId)
        .orderBy('created_at', 'desc')
        .orderBy('order_no', 'desc')
        .limit(pageSize)
        .offset((page - 1) * pageSize)
        .execute(),
      db
        .selectFrom('orders')
        .select(sql<string | number>`count(*)`.as('n'))
        .where('user_id', '=', userId)
        .executeTakeFirst(),
    ]);
    return { rows, total: Number(count?.n ?? 0) };
  },

  /** Pending orders due for a provider query and closed ones due their last look, oldest first. */
  dueForCheck: (at: string, limit: number) =>
    db
      .selectFrom('orders')
      .selectAll()
      .where((eb) =>
        eb.or([
          eb.and([
            eb('status', '=', 'pending'),
            eb.or([eb('next_check_at', '<=', at), eb('expires_at', '<=', at)]),
          ]),
          eb.and([eb('status', '=', 'closed'), eb('next_check_at', '<=', at)]),
        ]),
      )
      .orderBy('created_at')
      .limit(limit)
      .execute(),

  lastLookDone: (orderNo: string) =>
    db
      .updateTable('orders')
      .set({ next_check_at: null })
      .where('order_no', '=', orderNo)
      .where('status', '<>', 'pending')
      .execute(),

  scheduleCheck: (orderNo: string, nextAt: string, checks: number) =>
    db
      .updateTable('orders')
      .set({ next_check_at: nextAt, checks })
      .where('order_no', '=', orderNo)
      .where('status', '=', 'pending')
      .execute(),

  /** One incident per order and kind (a unique index): true when this call recorded it. */
  async recordIncident(i: {
    orderNo: string | null;
    channel: PayChannel | string;
    kind: string;
    detail: unknown;
    at: string;
  }): Promise<boolean> {
    const result = await db
      .insertInto('payment_incidents')
      .values({
        id: newId(),
        order_no: i.orderNo,
        channel: i.channel,
        kind: i.kind,
        detail: JSON.stringify(i.detail),
        created_at: i.at,
      })
      .onConflict((oc) => oc.columns(['order_no', 'kind']).doNothing())
      .executeTakeFirst();
    return Number(result.numInsertedOrUpdatedRows ?? 0) === 1;
  },

  incidentsFor: (orderNo: string) =>
    db
      .selectFrom('payment_incidents')
      .selectAll()
      .where('order_no', '=', orderNo)
      .orderBy('created_at')
      .execute(),

  /** A refund the server starts itself; `retry_at` stays set until the provider accepted it. */
  insertRefund: (row: Insertable<OrderRefundsTable>) =>
    db.insertInto('order_refunds').values(row).execute(),

  /** Refunds the server started that the provider has not accepted yet, due by `at`. */
  refundsToRetry: (at: string, limit: number) =>
    db
      .selectFrom('order_refunds')
      .selectAll()
      .where('retry_at', 'is not', null)
      .where('retry_at', '<=', at)
      .orderBy('retry_at')
      .limit(limit)
      .execute(),

  setRefundRetry: (refundNo: string, retryAt: string | null) =>
    db
      .updateTable('order_refunds')
      .set({ retry_at: retryAt })
      .where('refund_no', '=', refundNo)
      .execute(),

  findRefund: (orderNo: string) =>
    db.selectFrom('order_refunds').selectAll().where('order_no', '=', orderNo).executeTakeFirst(),
});

export type OrdersRepository = ReturnType<typeof createOrdersRepository>;
