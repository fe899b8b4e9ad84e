import type { AdminOrderQuery, AdminOrderRow } from '@huijing/contracts';
import type { Kysely, Selectable } from 'kysely';
import { DAY } from '../../config/clock';
import type { Database } from '../../db/schema';
import type { OrdersTable } from '../orders/orders.schema';
import './audit.schema';

type OrderRow = Pick<
  Selectable<OrdersTable>,
  | 'order_no'
  | 'user_id'
  | 'product_id'
  | 'kind'
  | 'title'
  | 'amount_fen'
  | 'channel'
  | 'status'
  | 'provider_trade_no'
  | 'created_at'
  | 'paid_at'
  | 'closed_at'
  | 'close_reason'
  | 'refunded_at'
> & {
  phone?: string | null;
  requested?: string | null;
  asked_reason?: string | null;
  asked_at?: string | null;
};

/** Business days are China days (UTC+8). */
const CST_MS = 8 * 60 * 60 * 1000;
export const cstDayStartIso = (day: string) =>
  new Date(Date.parse(`${day}T00:00:00.000Z`) - CST_MS).toISOString();
export const cstDayEndIso = (day: string) =>
  new Date(Date.parse(`${day}T00:00:00.000Z`) - CST_MS + DAY).toISOString();

export const toAdminOrderRow = (r: OrderRow): AdminOrderRow => ({
  orderNo: r.order_no,
  userId: r.user_id,
  userPhone: r.phone ?? null,
  productId: r.product_id,
  kind: r.kind,
  title: r.title,
  amountFen: Number(r.amount_fen),
  channel: r.channel,
  status: r.status,
  providerTradeNo: r.provider_trade_no,
  createdAt: r.created_at,
  paidAt: r.paid_at,
  closedAt: r.closed_at,
  closeReason: r.close_reason,
  refundedAt: r.refunded_at,
  refundRequested: Boolean(r.requested),
  buyerRequest:
    r.asked_reason != null && r.asked_at ? { reason: r.asked_reason, createdAt: r.asked_at } : null,
});

const sortColumns = {
  createdAt: 'orders.created_at',
  amountFen: 'orders.amount_fen',
  paidAt: 'orders.paid_at',
} as const;

/**
 * Read-only views of the commerce module's orders for the console (lists, a user's orders, paid
 * amounts for statistics). Money moves only through the commerce module's services.
 */
export const createAdminOrdersRepository = (db: Kysely<Database>) => {
  const base = () =>
    db
      .selectFrom('orders')
      .leftJoin('users', 'users.id', 'orders.user_id')
      .leftJoin('admin_refund_requests as rr', (j) =>
        j.onRef('rr.order_no', '=', 'orders.order_no').on('rr.approved_at', 'is', null),
      )
      .leftJoin('order_refund_requests as asked', 'asked.order_no', 'orders.order_no');
  const columns = [
    'orders.order_no',
    'orders.user_id',
    'orders.product_id',
    'orders.kind',
    'orders.title',
    'orders.amount_fen',
    'orders.channel',
    'orders.status',
    'orders.provider_trade_no',
    'orders.created_at',
    'orders.paid_at',
    'orders.closed_at',
    'orders.close_reason',
    'orders.refunded_at',
    'users.phone',
    'rr.requested_by as requested',
    'asked.reason as asked_reason',
    'asked.created_at as asked_at',
  ] as const;

  return {
    async ofUser(userId: string) {
      const rows = await base()
        .selectAll('orders')
        .select([
          'users.phone',
          'rr.requested_by as requested',
          'asked.reason as asked_reason',
          'asked.created_at as asked_at',
        ])
        .where('orders.user_id', '=', userId)
        .orderBy('orders.created_at', 'desc')
        .limit(20)
        .execute();
      return rows.map((r): Record<string, unknown> => toAdminOrderRow(r));
    },

    async page(q: AdminOrderQuery) {
      let query = base();
      if (q.status) query = query.where('orders.status', '=', q.status);
      if (q.channel) query = query.where('orders.channel', '=', q.channel);
      if (q.orderNo) query = query.where('orders.order_no', '=', q.orderNo);
      if (q.user) {
        const key = q.user;
        query = query.where((eb) =>
          eb.or([eb('orders.user_id', '=', key), eb('users.phone', '=', key)]),
        );
      }
      if (q.from) query = query.where('orders.created_at', '>=', cstDayStartIso(q.from));
      if (q.to) query = query.where('orders.created_at', '<', cstDayEndIso(q.to));
      if (q.asked) {
        query = query.where('asked.order_no', 'is not', null).where('orders.status', '=', 'paid');
      }
      const total = await query
        .select((eb) => eb.fn.countAll<string | number>().as('n'))
        .executeTakeFirstOrThrow();
      const rows = await query
        .select(columns)
        .orderBy(sortColumns[q.sortField ?? 'createdAt'], q.sortOrder === 'ascend' ? 'asc' : 'desc')
        .orderBy('orders.order_no', 'desc')
        .limit(q.pageSize)
        .offset((q.current - 1) * q.pageSize)
        .execute();
      return { list: rows.map(toAdminOrderRow), total: Number(total.n) };
    },

    async find(orderNo: string) {
      const row = await base()
        .selectAll('orders')
        .select([
          'users.phone',
          'rr.requested_by as requested',
          'asked.reason as asked_reason',
          'asked.created_at as asked_at',
        ])
        .where('orders.order_no', '=', orderNo)
        .executeTakeFirst();
      return row && { row, order: toAdminOrderRow(row) };
    },

    /** Orders created in [from, to) in the given states, oldest first, at most `limit` + 1. */
    async forReconcile(range: { from: string; to: string }, limit: number) {
      const rows = await base()
        .select(columns)
        .where('orders.created_at', '>=', range.from)
        .where('orders.created_at', '<', range.to)
        .where('orders.status', 'in', ['pending', 'closed', 'paid'])
        .where('orders.channel', 'in', ['wechat', 'alipay', 'sandbox'])
        .orderBy('orders.created_at')
        .limit(limit + 1)
        .execute();
      return rows.map(toAdminOrderRow);
    },

    ledgerOf: (orderNo: string) =>
      db
        .selectFrom('ticket_ledger')
        .select(['ticket_type', 'delta', 'reason', 'created_at'])
        .where('ref', '=', orderNo)
        .orderBy('created_at')
        .execute(),

    incidents: (range: { from: string; to: string } | { orderNo: string }) => {
      let q = db.selectFrom('payment_incidents').selectAll();
      q =
        'orderNo' in range
          ? q.where('order_no', '=', range.orderNo)
          : q.where('created_at', '>=', range.from).where('created_at', '<', range.to);
      return q.orderBy('created_at', 'desc').limit(200).execute();
    },

    refundOf: (orderNo: string) =>
      db.selectFrom('order_refunds').selectAll().where('order_no', '=', orderNo).executeTakeFirst(),

    requestOf: (orderNo: string) =>
      db
        .selectFrom('admin_refund_requests')
        .selectAll()
        .where('order_no', '=', orderNo)
        .executeTakeFirst(),

    /** The first approval of a refund; false when the order has a request already. */
    async insertRequest(r: {
      orderNo: string;
      by: string;
      byName: string;
      reason: string;
      at: string;
    }): Promise<boolean> {
      const inserted = await db
        .insertInto('admin_refund_requests')
        .values({
          order_no: r.orderNo,
          requested_by: r.by,
          requested_by_name: r.byName,
          reason: r.reason,
          created_at: r.at,
          approved_by: null,
          approved_at: null,
        })
        .onConflict((oc) => oc.column('order_no').doNothing())
        .executeTakeFirst();
      return Number(inserted.numInsertedOrUpdatedRows ?? 0) === 1;
    },

    /** Paid, not refunded, within [from, to): revenue for the dashboard. */
    async paid(range: { from: string; to: string }) {
      const rows = await db
        .selectFrom('orders')
        .select(['paid_at', 'amount_fen'])
        .where('status', '=', 'paid')
        .where('paid_at', '>=', range.from)
        .where('paid_at', '<', range.to)
        .execute();
      return rows.map((r) => ({ paidAt: r.paid_at!, amountFen: Number(r.amount_fen) }));
    },
  };
};

export type AdminOrdersRepository = ReturnType<typeof createAdminOrdersRepository>;
