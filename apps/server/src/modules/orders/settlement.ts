import type { Kysely } from 'kysely';
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

/** What a provider said about a payment (a verified notify or a query answer). */
export type PaymentEvidence = {
  channel: OrderRow['channel'];
  paidFen: number | undefined;
  providerTradeNo?: string;
  paidAt?: string;
  /** The merchant the provider named; compared with ours when both are known. */
  merchantId?: string;
  expectedMerchantId?: string;
  source: 'notify' | 'query' | 'sandbox';
};

export type SettleOutcome =
  | { outcome: 'settled'; order: OrderRow }
  | { outcome: 'already'; order: OrderRow }
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

export const activeVip = (row: { vip_tier: string | null; vip_until: string | null }, now: Date) =>
  Boolean(row.vip_tier && row.vip_until && Date.parse(row.vip_until) > now.getTime());

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
}) => {
  const repo = createOrdersRepository(deps.db);
  const allowance = createVipAllowance(deps);
  const membership = createMembership(deps);

  /** One incident per order and kind: a provider retrying for a day is not a hundred incidents. */
  const incident = async (
    orderNo: string | null,
    channel: string,
    kind: string,
    detail: unknown,
  ) => {
    if (orderNo && (await repo.incidentsFor(orderNo)).some((i) => i.kind === kind)) return;
    await repo.recordIncident({ orderNo, channel, kind, detail, at: deps.now().toISOString() });
    deps.logger.warn({ orderNo, channel, kind, detail }, 'payment incident');
  };

  const settle = async (orderNo: string, ev: PaymentEvidence): Promise<SettleOutcome> => {
    const order = await repo.findOrder(orderNo);
    if (!order) {
      await incident(null, ev.channel, 'unknown_order', { orderNo, paidFen: ev.paidFen });
      return { outcome: 'rejected', reason: 'unknown order' };
    }
    if (order.channel !== ev.channel) {
      await incident(orderNo, ev.channel, 'channel_mismatch', { orderChannel: order.channel });
      return { outcome: 'rejected', reason: 'channel mismatch', order };
    }
    if (
      ev.expectedMerchantId &&
      ev.merchantId !== undefined &&
      ev.merchantId !== ev.expectedMerchantId
    ) {
      await incident(orderNo, ev.channel, 'merchant_mismatch', { merchantId: ev.merchantId });
      return { outcome: 'rejected', reason: 'merchant mismatch', order };
    }
    if (ev.paidFen !== Number(order.amount_fen)) {
      await incident(orderNo, ev.channel, 'amount_mismatch', {
        orderFen: Number(order.amount_fen),
        paidFen: ev.paidFen,
        providerTradeNo: ev.providerTradeNo,
      });
      return { outcome: 'rejected', reason: 'amount mismatch', order };
    }
    if (order.status === 'paid' || order.status === 'refunded')
      return { outcome: 'already', order };

    const at = deps.now();
    const iso = at.toISOString();
    const won = await deps.db.transaction().execute(async (trx) => {
      const r = createOrdersRepository(trx);
      const before = await r.findOrder(orderNo);
      if (!before || (before.status !== 'pending' && before.status !== 'closed')) return false;
      const ok = await r.transition(orderNo, [before.status], 'paid', {
        paid_at: ev.paidAt ?? iso,
        provider_trade_no: ev.providerTradeNo ?? null,
        updated_at: iso,
      });
      if (!ok) return false;
      if (before.status === 'closed') {
        // Paid although we closed it (the provider's close lost a race): the money is real, so
        // the buyer gets what they paid for; the admin sees why the stock moved.
        if (Number(before.holds_stock) === 0) {
          const product = await r.findProduct(before.product_id);
          if (product?.stock != null) await r.takeUnit(before.product_id);
        }
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
        return true;
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
      return true;
    });
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

  return { settle, incident, allowance };
};

export type Settlement = ReturnType<typeof createSettlement>;
