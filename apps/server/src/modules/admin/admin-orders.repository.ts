import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import type { OrdersTable } from '../orders/orders.schema';

type OrderRow = Pick<
  OrdersTable,
  | 'order_no'
  | 'user_id'
  | 'title'
  | 'kind'
  | 'amount_fen'
  | 'channel'
  | 'status'
  | 'provider_trade_no'
  | 'created_at'
  | 'paid_at'
  | 'refunded_at'
  | 'close_reason'
> & { phone?: string | null };

const toRow = (r: OrderRow) => ({
  orderNo: r.order_no,
  userId: r.user_id,
  userPhone: r.phone ?? null,
  title: r.title,
  kind: String(r.kind),
  amountFen: Number(r.amount_fen),
  channel: String(r.channel),
  status: String(r.status),
  providerTradeNo: r.provider_trade_no,
  createdAt: r.created_at,
  paidAt: r.paid_at,
  refundedAt: r.refunded_at,
  closeReason: r.close_reason,
});

/**
 * Read-only views of the commerce module's orders for the console (a user's orders, paid amounts
 * for statistics). Money moves only through the commerce module's own endpoints.
 */
export const createAdminOrdersRepository = (db: Kysely<Database>) => ({
  async ofUser(userId: string) {
    const rows = await db
      .selectFrom('orders')
      .selectAll()
      .where('user_id', '=', userId)
      .orderBy('created_at', 'desc')
      .limit(20)
      .execute();
    return rows.map((r): Record<string, unknown> => toRow(r));
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
});
