import type { Kysely } from 'kysely';
import type { Logger } from 'pino';
import type { Clock } from '../../config/clock';
import { MINUTE } from '../../config/clock';
import type { Dialect } from '../../db/kysely';
import type { Database } from '../../db/schema';
import type { PaymentProvider } from '../../providers/payments/payment-provider';
import { createOrdersRepository } from './orders.repository';
import type { OrderRow } from './orders.repository';
import type { PayChannel } from './orders.schema';

/** Why a payment for a closed order cannot be granted: it is refunded instead. */
export type LateRefusal = { code: 'product_gone' | 'sold_out' | 'per_user_limit'; message: string };

/** A refund the provider has not accepted yet is asked again after this long. */
export const LATE_REFUND_RETRY_MS = 5 * MINUTE;

/** The refund number of an order (admin refunds use the same one, so the provider refunds once). */
const refundNoOf = (orderNo: string) => `RF${orderNo}`;

/** Who `order_refunds.admin_id` names for a refund the server made itself. */
export const SYSTEM_REFUNDER = 'system';

/**
 * A payment that arrives for an order we had closed (expired, replaced by the other channel, the
 * provider's close lost a race) never sits in limbo: it is credited when the product can still be
 * granted — an activity unit is left and the buyer's limit is not reached — and otherwise refunded
 * in full through the provider. Either way an incident is recorded. The decision and the state
 * change commit in the settlement transaction; the provider is asked afterwards, and again by the
 * worker pass until it accepts (the refund number is fixed, so it refunds once).
 */
export const createLatePayments = (deps: {
  dialect: Dialect;
  db: Kysely<Database>;
  now: Clock;
  logger: Logger;
  providers: Partial<Record<PayChannel, PaymentProvider>>;
}) => {
  /**
   * Whether the closed order can still be granted, taking the activity unit when it can (inside
   * the settlement transaction, so the stock is never oversold).
   */
  const refusal = async (
    trx: Kysely<Database>,
    order: OrderRow,
  ): Promise<LateRefusal | undefined> => {
    const r = createOrdersRepository(trx);
    const product = await r.findProduct(order.product_id);
    if (!product) return { code: 'product_gone', message: '商品已不存在' };
    if (product.per_user_limit != null) {
      // The user row serializes a buyer's purchases of a limited product (as at order creation).
      const lock = trx.selectFrom('users').select('id').where('id', '=', order.user_id);
      await (deps.dialect === 'postgres' ? lock.forUpdate() : lock).executeTakeFirst();
      if ((await r.countLive(order.user_id, product.id)) >= Number(product.per_user_limit)) {
        return { code: 'per_user_limit', message: '已达到该商品的限购数量' };
      }
    }
    if (product.stock != null && Number(order.holds_stock) === 0) {
      if (!(await r.reserveUnit(product.id)))
        return { code: 'sold_out', message: '活动名额已售罄' };
    }
    return undefined;
  };

  /** closed→refunded with a full refund row awaiting the provider, and the incident. */
  const refundInstead = async (
    trx: Kysely<Database>,
    order: OrderRow,
    paid: { paidAt: string; providerTradeNo: string | null; channel: string },
    why: LateRefusal,
  ): Promise<boolean> => {
    const r = createOrdersRepository(trx);
    const iso = deps.now().toISOString();
    const won = await r.transition(order.order_no, ['closed'], 'refunded', {
      paid_at: paid.paidAt,
      provider_trade_no: paid.providerTradeNo,
      refunded_at: iso,
      updated_at: iso,
    });
    if (!won) return false;
    await r.insertRefund({
      refund_no: refundNoOf(order.order_no),
      order_no: order.order_no,
      admin_id: SYSTEM_REFUNDER,
      reason: `订单关闭后才到账，${why.message}，原路全额退款`,
      refund_fen: Number(order.amount_fen),
      note: '未发放任何权益，全额退款',
      created_at: iso,
      retry_at: iso,
    });
    await r.recordIncident({
      orderNo: order.order_no,
      channel: paid.channel,
      kind: 'refunded_after_close',
      detail: { closeReason: order.close_reason, why: why.code, refundFen: order.amount_fen },
      at: iso,
    });
    return true;
  };

  const repo = createOrdersRepository(deps.db);

  /** Asks the provider to refund one server-started refund; a failure is asked again later. */
  const sendRefund = async (orderNo: string): Promise<boolean> => {
    const row = await repo.findRefund(orderNo);
    const order = await repo.findOrder(orderNo);
    if (!row || !order || row.retry_at == null) return false;
    const provider = deps.providers[order.channel];
    try {
      if (!provider) throw new Error(`no ${order.channel} provider on this process`);
      await provider.refund({
        orderNo,
        refundNo: row.refund_no,
        refundFen: Number(row.refund_fen),
        totalFen: Number(order.amount_fen),
        reason: row.reason,
      });
    } catch (err) {
      const next = new Date(deps.now().getTime() + LATE_REFUND_RETRY_MS).toISOString();
      await repo.setRefundRetry(row.refund_no, next);
      deps.logger.error({ err, orderNo }, 'late payment refund not accepted; asked again later');
      return false;
    }
    await repo.setRefundRetry(row.refund_no, null);
    deps.logger.warn({ orderNo, refundFen: row.refund_fen }, 'late payment refunded');
    return true;
  };

  return {
    refusal,
    refundInstead,
    sendRefund,
    /** The worker pass: refunds the provider has not accepted yet, when they are due. */
    async retryDue(limit = 20): Promise<number> {
      const due = await repo.refundsToRetry(deps.now().toISOString(), limit);
      for (const row of due) await sendRefund(row.order_no);
      return due.length;
    },
  };
};

export type LatePayments = ReturnType<typeof createLatePayments>;
