import type { Kysely, Transaction } from 'kysely';
import type { Logger } from 'pino';
import type { TicketGrants } from '@huijing/contracts';
import type { Clock } from '../../config/clock';
import type { Dialect } from '../../db/kysely';
import type { Database } from '../../db/schema';
import { createTicketsRepository } from '../tickets/tickets.repository';
import type { TicketType } from '../tickets/tickets.repository';
import { createOrdersRepository, parseGrants } from './orders.repository';
import type { OrderRow } from './orders.repository';
import { createMembership } from './membership';
import { createVipAllowance } from './vip-allowance';
import { createLatePayments } from './late-payment';
import type { PaymentProvider } from '../../providers/payments/payment-provider';
import type { PayChannel } from './orders.schema';

type Mismatch = { kind: string; reason: string; detail: Record<string, unknown> };

/** Why a payment cannot be credited to this order (recorded as an incident), if it cannot. */
const mismatchOf = (
  orderNo: string,
  order: OrderRow | undefined,
  ev: PaymentEvidence,
): Mismatch | undefined => {
  if (!order) {
    return {
      kind: 'unknown_order',
      reason: 'unknown order',
      detail: { orderNo, paidFen: ev.paidFen },
    };
  }
  if (order.channel !== ev.channel) {
    return {
      kind: 'channel_mismatch',
      reason: 'channel mismatch',
      detail: { orderChannel: order.channel },
    };
  }
  if (ev.expectedEvent && ev.event !== ev.expectedEvent) {
    return { kind: 'event_mismatch', reason: 'not a payment event', detail: { event: ev.event } };
  }
  if (
    ev.expectedMerchantId &&
    ev.merchantId !== undefined &&
    ev.merchantId !== ev.expectedMerchantId
  ) {
    return {
      kind: 'merchant_mismatch',
      reason: 'merchant mismatch',
      detail: { merchantId: ev.merchantId },
    };
  }
  if (ev.currency !== undefined && ev.currency !== 'CNY') {
    return {
      kind: 'currency_mismatch',
      reason: 'currency mismatch',
      detail: { currency: ev.currency, paidFen: ev.paidFen, providerTradeNo: ev.providerTradeNo },
    };
  }
  if (ev.paidFen !== Number(order.amount_fen)) {
    return {
      kind: 'amount_mismatch',
      reason: 'amount mismatch',
      detail: {
        orderFen: Number(order.amount_fen),
        paidFen: ev.paidFen,
        providerTradeNo: ev.providerTradeNo,
      },
    };
  }
  return undefined;
};

/** What a provider said about a payment (a verified notify or a query answer). */
export type PaymentEvidence = {
  channel: OrderRow['channel'];
  paidFen: number | undefined;
  providerTradeNo?: string;
  paidAt?: string;
  /** The merchant the provider named; compared with ours when both are known. */
  merchantId?: string;
  expectedMerchantId?: string;
  /** The currency the provider named (WeChat amount.currency); only CNY is ours. */
  currency?: string;
  /** The notify's event (WeChat event_type) and the one a payment carries. */
  event?: string;
  expectedEvent?: string;
  source: 'notify' | 'query' | 'sandbox';
};

export type SettleOutcome =
  | { outcome: 'settled'; order: OrderRow }
  | { outcome: 'already'; order: OrderRow }
  /** Paid after we closed it and no longer grantable: refunded in full through the provider. */
  | { outcome: 'refunded'; order: OrderRow }
  | { outcome: 'rejected'; reason: string; order?: OrderRow };

export const grantEntries = (grants: TicketGrants) =>
  (Object.entries(grants) as [string, number][])
    .filter(([, n]) => n > 0)
    .map(([type, n]) => ({ ticketType: Number(type) as TicketType, count: n }));

/** Reads a user's VIP row, locked on PostgreSQL (SQLite transactions are serialized already). */
export const lockVipRow = async (trx: Kysely<Database>, dialect: Dialect, userId: string) => {
  const query = trx.selectFrom('users').select(['vip_tier', 'vip_until']).where('id', '=', userId);
  return dialect === 'postgres' ? query.forUpdate().executeTakeFirst() : query.executeTakeFirst();
};

/**
 * Money moves once (ARCHITECTURE rule 13). A payment is credited only after the order exists, the
 * merchant is ours and the paid amount equals the order amount; anything else is recorded as an
 * incident for the admin and credits nothing. The pending→paid update and the ledger credit (or
 * the VIP extension) commit in one transaction guarded by that conditional update, so concurrent
 * notifies, 我已支付 and the reconciler settle an order exactly once.
 */
export const createSettlement = (deps: {
  db: Kysely<Database>;
  dialect: Dialect;
  now: Clock;
  logger: Logger;
  /** The providers that refund a late payment that can no longer be granted. */
  providers?: Partial<Record<PayChannel, PaymentProvider>>;
}) => {
  const repo = createOrdersRepository(deps.db);
  const allowance = createVipAllowance(deps);
  const membership = createMembership(deps);
  const late = createLatePayments({ ...deps, providers: deps.providers ?? {} });

  /** One incident per order and kind: a provider retrying for a day is not a hundred incidents. */
  const incident = async (
    orderNo: string | null,
    channel: string,
    kind: string,
    detail: unknown,
  ) => {
    const at = deps.now().toISOString();
    if (await repo.recordIncident({ orderNo, channel, kind, detail, at })) {
      deps.logger.warn({ orderNo, channel, kind, detail }, 'payment incident');
    }
  };

  /**
   * The settlement inside its transaction: true when this call credited the order, 'refunding'
   * when a late payment is refunded instead, false when it was settled already or is wrong.
   */
  const apply = async (
    trx: Transaction<Database>,
    orderNo: string,
    ev: PaymentEvidence,
    at: Date,
  ): Promise<{ won: boolean | 'refunding'; mismatch?: Mismatch & { recorded: boolean } }> => {
    const iso = at.toISOString();
    const r = createOrdersRepository(trx);
    // Locked: a second settlement of this order waits and then finds it settled, so a late
    // payment's stock and limit checks run once.
    const before = await r.lockOrder(orderNo, deps.dialect);
    // Decided with the order row in hand; the unique (order, kind) keeps a provider retrying
    // the same wrong notify for a day to one incident, however many arrive at once.
    const wrong = mismatchOf(orderNo, before, ev);
    if (wrong) {
      const recorded = await r.recordIncident({
        orderNo: before ? orderNo : null,
        channel: ev.channel,
        kind: wrong.kind,
        detail: wrong.detail,
        at: iso,
      });
      return { won: false, mismatch: { ...wrong, recorded } };
    }
    if (!before || (before.status !== 'pending' && before.status !== 'closed')) {
      return { won: false };
    }
    if (before.status === 'closed') {
      const refusal = await late.refusal(trx, before);
      if (refusal) {
        const paid = {
          paidAt: ev.paidAt ?? iso,
          providerTradeNo: ev.providerTradeNo ?? null,
          channel: ev.channel,
        };
        return { won: (await late.refundInstead(trx, before, paid, refusal)) && 'refunding' };
      }
    }
    const ok = await r.transition(orderNo, [before.status], 'paid', {
      paid_at: ev.paidAt ?? iso,
      provider_trade_no: ev.providerTradeNo ?? null,
      updated_at: iso,
    });
    if (!ok) return { won: false };
    if (before.status === 'closed') {
      // Paid although we closed it (the provider's close lost a race): the money is real and
      // the product can still be granted (late.refusal took its unit), so the buyer gets it.
      await r.recordIncident({
        orderNo,
        channel: ev.channel,
        kind: 'paid_after_close',
        detail: { closeReason: before.close_reason },
        at: iso,
      });
    }
    if (before.vip_days && before.vip_tier) {
      // The order's membership period and its first month's allowance (membership.ts).
      await membership.startOrder(trx, before, at);
      return { won: true };
    }
    await createTicketsRepository(trx).creditEntries(
      grantEntries(parseGrants(before.grants)).map((g) => ({
        userId: before.user_id,
        ticketType: g.ticketType,
        delta: g.count,
        reason: 'purchase',
        ref: orderNo,
        at: iso,
      })),
    );
    return { won: true };
  };

  /**
   * `inTransaction` runs in the settlement's transaction when the order is (or already was)
   * paid, e.g. an admin's 补单 audit row: throwing from it rolls the credit back.
   */
  const settle = async (
    orderNo: string,
    ev: PaymentEvidence,
    inTransaction?: (
      trx: Transaction<Database>,
      outcome: 'settled' | 'already',
    ) => Promise<unknown>,
  ): Promise<SettleOutcome> => {
    const at = deps.now();
    const { won, mismatch } = await deps.db.transaction().execute(async (trx) => {
      const result = await apply(trx, orderNo, ev, at);
      if (!result.mismatch && result.won !== 'refunding') {
        await inTransaction?.(trx, result.won ? 'settled' : 'already');
      }
      return result;
    });
    if (mismatch) {
      if (mismatch.recorded) {
        deps.logger.warn(
          { orderNo, channel: ev.channel, kind: mismatch.kind, detail: mismatch.detail },
          'payment incident',
        );
      }
      const order = await repo.findOrder(orderNo);
      return { outcome: 'rejected', reason: mismatch.reason, ...(order && { order }) };
    }
    if (won === 'refunding') {
      await late.sendRefund(orderNo);
      return { outcome: 'refunded', order: (await repo.findOrder(orderNo))! };
    }
    const after = (await repo.findOrder(orderNo))!;
    if (won) {
      deps.logger.info(
        { orderNo, channel: ev.channel, amountFen: after.amount_fen, source: ev.source },
        'order paid',
      );
      return { outcome: 'settled', order: after };
    }
    return { outcome: 'already', order: after };
  };

  return { settle, incident, allowance, late };
};

export type Settlement = ReturnType<typeof createSettlement>;
