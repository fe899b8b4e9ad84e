import { sql } from 'kysely';
import type { Kysely, Transaction } from 'kysely';
import type { Logger } from 'pino';
import type { RefundResult, TicketGrants } from '@huijing/contracts';
import type { Clock } from '../../config/clock';
import type { Dialect } from '../../db/kysely';
import { newId } from '../../db/ids';
import type { Database } from '../../db/schema';
import { AppError } from '../../http/app-error';
import { createOrdersRepository, parseGrants } from './orders.repository';
import type { OrderRow } from './orders.repository';
import { createMembership } from './membership';
import { grantEntries } from './settlement';
import type { ChannelProviders } from './orders.service';
import { grantedBy } from './vip-allowance';

/** Work in a refund's transaction (the admin's audit row); see `refund`. */
type OnRefund = (trx: Transaction<Database>, done: RefundResult) => Promise<unknown>;

export const refundNoOf = (orderNo: string) => `RF${orderNo}`;

/**
 * The refund policy's arithmetic (docs/payments.md): the order amount times the unspent share
 * (the smaller share when an order granted both tickets and VIP days), rounded down to the fen.
 */
export const refundAmount = (r: {
  amountFen: number;
  grantedSum: number;
  takenSum: number;
  vipDays: number;
  vipDaysTaken: number;
}) => {
  const shares: number[] = [];
  if (r.grantedSum > 0) shares.push(r.takenSum / r.grantedSum);
  if (r.vipDays > 0) shares.push(r.vipDaysTaken / r.vipDays);
  const share = shares.length > 0 ? Math.min(...shares) : 1;
  const refundFen = Math.floor(r.amountFen * share);
  const note =
    share < 1
      ? `部分权益已使用：收回次数 ${r.takenSum}/${r.grantedSum}${
          r.vipDays > 0 ? `，会员天数 ${r.vipDaysTaken}/${r.vipDays}` : ''
        }，按未使用比例退款 ${(refundFen / 100).toFixed(2)} 元（见 docs/payments.md）`
      : '权益已全部收回，全额退款';
  return { refundFen, note };
};

type RefundRow = NonNullable<
  Awaited<ReturnType<ReturnType<typeof createOrdersRepository>['findRefund']>>
>;

const toResult = (row: RefundRow, repeated: boolean): RefundResult => ({
  orderNo: row.order_no,
  refundNo: row.refund_no,
  refundFen: Number(row.refund_fen),
  ticketsTaken: parseGrants(row.tickets_taken),
  vipDaysTaken: Number(row.vip_days_taken),
  note: row.note,
  repeated,
});

/**
 * Refunds (the admin console's orders.refund). The refund policy (docs/payments.md): what was
 * granted is taken back as far as it is unspent; the money returned is the order amount times the
 * unspent share (the smaller share when an order granted both tickets and VIP days), rounded down
 * to the fen. paid→refunded, the take-back and the refund record commit in one transaction; the
 * provider is then asked with a refund number fixed per order, so a retry refunds nothing more.
 */
export const createRefundsService = (deps: {
  db: Kysely<Database>;
  dialect: Dialect;
  now: Clock;
  logger: Logger;
  providers: ChannelProviders;
}) => {
  const repo = createOrdersRepository(deps.db);
  const membership = createMembership(deps);

  const askProvider = async (order: OrderRow, row: RefundRow) => {
    const provider = deps.providers[order.channel];
    if (!provider) throw new AppError('PAY_CHANNEL_OFF');
    if (Number(row.refund_fen) === 0) return;
    try {
      await provider.refund({
        orderNo: order.order_no,
        refundNo: row.refund_no,
        refundFen: Number(row.refund_fen),
        totalFen: Number(order.amount_fen),
        reason: row.reason,
      });
    } catch (err) {
      deps.logger.error({ err, orderNo: order.order_no }, 'provider refund failed');
      throw new AppError('PAYMENT_PROVIDER_FAILED', {
        message:
          '退款已记录并已收回权益，但支付平台暂未受理；请稍后再次点击退款重试（不会重复退款）',
        cause: err,
      });
    }
  };

  /**
   * paid→refunded, the take-back, the refund row and `inTransaction` in one transaction; false
   * when another refund of the order won the race.
   */
  const record = async (
    order: OrderRow,
    adminId: string,
    reason: string,
    inTransaction?: OnRefund,
  ): Promise<boolean> => {
    const orderNo = order.order_no;
    const at = deps.now();
    const iso = at.toISOString();
    const refundNo = refundNoOf(orderNo);
    return deps.db.transaction().execute(async (trx) => {
      const r = createOrdersRepository(trx);
      const changed = await r.transition(orderNo, ['paid'], 'refunded', {
        refunded_at: iso,
        updated_at: iso,
      });
      if (!changed) return false;
      // A VIP plan credited its months one by one: take back what those months granted.
      const granted = grantEntries(
        order.vip_from ? await grantedBy(trx, orderNo) : parseGrants(order.grants),
      );
      await trx
        .updateTable('orders')
        .set({ allowance_next_at: null })
        .where('order_no', '=', orderNo)
        .execute();
      const taken: TicketGrants = {};
      let grantedSum = 0;
      let takenSum = 0;
      for (const g of granted) {
        const row = await trx
          .selectFrom('ticket_balances')
          .select('balance')
          .where('user_id', '=', order.user_id)
          .where('ticket_type', '=', g.ticketType)
          .executeTakeFirst();
        const take = Math.max(0, Math.min(g.count, Number(row?.balance ?? 0)));
        grantedSum += g.count;
        if (take === 0) continue;
        const debited = await trx
          .updateTable('ticket_balances')
          .set({ balance: sql<number>`balance - ${take}` })
          .where('user_id', '=', order.user_id)
          .where('ticket_type', '=', g.ticketType)
          .where('balance', '>=', take)
          .executeTakeFirst();
        if (Number(debited.numUpdatedRows) !== 1) continue;
        await trx
          .insertInto('ticket_ledger')
          .values({
            id: newId(),
            user_id: order.user_id,
            ticket_type: g.ticketType,
            delta: -take,
            reason: 'refund',
            ref: orderNo,
            created_at: iso,
          })
          .execute();
        taken[String(g.ticketType) as keyof TicketGrants] = take;
        takenSum += take;
      }
      let vipDaysTaken = 0;
      const vipDays = Number(order.vip_days ?? 0);
      if (vipDays > 0) {
        // The order's period goes; the periods after it move forward (membership.ts).
        ({ daysTaken: vipDaysTaken } = await membership.revoke(trx, {
          userId: order.user_id,
          sourceId: orderNo,
          vipDays,
          at,
        }));
      }
      const { refundFen, note } = refundAmount({
        amountFen: Number(order.amount_fen),
        grantedSum,
        takenSum,
        vipDays,
        vipDaysTaken,
      });
      await trx
        .insertInto('order_refunds')
        .values({
          refund_no: refundNo,
          order_no: orderNo,
          admin_id: adminId,
          reason,
          refund_fen: refundFen,
          tickets_taken: JSON.stringify(taken),
          vip_days_taken: vipDaysTaken,
          note,
          created_at: iso,
        })
        .execute();
      await inTransaction?.(trx, {
        orderNo,
        refundNo,
        refundFen,
        ticketsTaken: taken,
        vipDaysTaken,
        note,
        repeated: false,
      });
      return true;
    });
  };

  return {
    /**
     * `inTransaction` writes the admin's audit row: for a new refund in the transaction that
     * records it; for a repeat (`done.repeated`) in one that reads the refund row, committed
     * before the provider is asked again. Either way, throwing from it asks the provider nothing.
     */
    async refund(
      adminId: string,
      orderNo: string,
      reason: string,
      inTransaction?: OnRefund,
    ): Promise<RefundResult> {
      const order = await repo.findOrder(orderNo);
      if (!order) throw new AppError('ORDER_NOT_FOUND');
      let won = false;
      if (!(await repo.findRefund(orderNo))) {
        if (order.status !== 'paid') throw new AppError('REFUND_NOT_ALLOWED');
        won = await record(order, adminId, reason, inTransaction);
      }
      const row = await deps.db.transaction().execute(async (trx) => {
        const found = await createOrdersRepository(trx).findRefund(orderNo);
        // Refunded already (here or by a concurrent call): the provider is asked again with the
        // same refund number, nothing else changes.
        if (found && !won) await inTransaction?.(trx, toResult(found, true));
        return found;
      });
      if (!row) throw new AppError('REFUND_NOT_ALLOWED');
      await askProvider(order, row);
      if (won) deps.logger.info({ orderNo, adminId, refundFen: row.refund_fen }, 'order refunded');
      return toResult(row, !won);
    },
  };
};

export type RefundsService = ReturnType<typeof createRefundsService>;
