import { sql } from 'kysely';
import type { Kysely } from 'kysely';
import type { Logger } from 'pino';
import type { TicketGrants } from '@huijing/contracts';
import type { Clock } from '../../config/clock';
import { DAY } from '../../config/clock';
import type { Database } from '../../db/schema';
import { createTicketsRepository } from '../tickets/tickets.repository';
import { parseGrants } from './orders.repository';
import type { OrderRow } from './orders.repository';

/** A plan's bought days in months: 30 → 1, 90 → 3, 365 → 12 (at least one). */
export const allowanceMonths = (vipDays: number) => Math.max(1, Math.round(vipDays / 30));

/** Start of month `k` (0-based) of an order's bought days; the days are split into equal months. */
export const periodStartMs = (fromMs: number, vipDays: number, k: number) =>
  fromMs + Math.floor((k * vipDays * DAY) / allowanceMonths(vipDays));

const positive = (grants: TicketGrants) =>
  (Object.entries(grants) as [keyof TicketGrants, number][]).filter(([, n]) => n > 0);

/** What an order's months have credited so far (a refund takes back what is unspent). */
export const grantedBy = async (db: Kysely<Database>, orderNo: string): Promise<TicketGrants> => {
  const rows = await db
    .selectFrom('vip_allowances')
    .select('grants')
    .where('order_no', '=', orderNo)
    .execute();
  const sum: TicketGrants = {};
  for (const row of rows) {
    for (const [type, n] of positive(parseGrants(row.grants))) sum[type] = (sum[type] ?? 0) + n;
  }
  return sum;
};

export type AllowanceStatus = {
  /** The running plan's monthly allowance ({} without a running plan that has one). */
  monthlyTickets: TicketGrants;
  /** When the next month's allowance is due; null when the bought membership has none left. */
  nextAllowanceAt: string | null;
};

/**
 * The VIP monthly ticket allowance (issue 13). A paid VIP order grants its `grants` at the start of
 * each month of the days it bought (which begin after a running membership, `vip_from`). Each
 * month is one `vip_allowances` row keyed by (order, month) — per user and month of membership —
 * inserted with ON CONFLICT DO NOTHING in the same transaction as the ledger credit, so only the
 * insert that wrote the row credits: several workers, a restart mid-pass and a lazy grant on read
 * give each month once. The order row is taken first (a no-op conditional update, a row lock on
 * PostgreSQL), so a refund and a grant of the same order never interleave.
 */
export const createVipAllowance = (deps: { db: Kysely<Database>; now: Clock; logger: Logger }) => {
  /** Grants the due months of a paid order inside `trx`; returns how many months it credited. */
  const grantDueIn = async (trx: Kysely<Database>, order: OrderRow, at: Date): Promise<number> => {
    if (!order.vip_from || !order.vip_days) return 0;
    const days = Number(order.vip_days);
    const months = allowanceMonths(days);
    const from = Date.parse(order.vip_from);
    const entries = positive(parseGrants(order.grants));
    const done = await trx
      .selectFrom('vip_allowances')
      .select((eb) => eb.fn.max<number | null>('period').as('last'))
      .where('order_no', '=', order.order_no)
      .executeTakeFirst();
    let k = done?.last == null ? 0 : Number(done.last) + 1;
    let credited = 0;
    const iso = at.toISOString();
    for (; k < months; k++) {
      const start = periodStartMs(from, days, k);
      if (start > at.getTime()) break;
      const inserted = await trx
        .insertInto('vip_allowances')
        .values({
          order_no: order.order_no,
          period: k,
          user_id: order.user_id,
          period_start: new Date(start).toISOString(),
          grants: order.grants,
          created_at: iso,
        })
        .onConflict((oc) => oc.columns(['order_no', 'period']).doNothing())
        .executeTakeFirst();
      if (Number(inserted.numInsertedOrUpdatedRows ?? 0) !== 1) continue;
      await createTicketsRepository(trx).creditEntries(
        entries.map(([type, n]) => ({
          userId: order.user_id,
          ticketType: Number(type) as 1 | 2 | 3 | 4,
          delta: n,
          reason: 'vip_allowance',
          ref: order.order_no,
          at: iso,
        })),
      );
      credited += 1;
    }
    const next = k < months ? new Date(periodStartMs(from, days, k)).toISOString() : null;
    await trx
      .updateTable('orders')
      .set({ allowance_next_at: next })
      .where('order_no', '=', order.order_no)
      .execute();
    return credited;
  };

  /** One order in its own transaction, holding the order row; nothing unless it is still paid. */
  const grantOrder = (orderNo: string) =>
    deps.db.transaction().execute(async (trx) => {
      const held = await trx
        .updateTable('orders')
        .set({ allowance_next_at: sql<string | null>`allowance_next_at` })
        .where('order_no', '=', orderNo)
        .where('status', '=', 'paid')
        .executeTakeFirst();
      if (Number(held.numUpdatedRows) !== 1) {
        await trx
          .updateTable('orders')
          .set({ allowance_next_at: null })
          .where('order_no', '=', orderNo)
          .execute();
        return 0;
      }
      const order = await trx
        .selectFrom('orders')
        .selectAll()
        .where('order_no', '=', orderNo)
        .executeTakeFirstOrThrow();
      return grantDueIn(trx, order, deps.now());
    });

  const dueOrders = (limit: number, userId?: string) => {
    let q = deps.db
      .selectFrom('orders')
      .select('order_no')
      .where('allowance_next_at', '<=', deps.now().toISOString())
      .where('status', '=', 'paid');
    if (userId) q = q.where('user_id', '=', userId);
    return q.orderBy('allowance_next_at').limit(limit).execute();
  };

  const grantAll = async (rows: { order_no: string }[]) => {
    let months = 0;
    for (const { order_no } of rows) {
      months += await grantOrder(order_no).catch((err: unknown) => {
        deps.logger.warn({ err, orderNo: order_no }, 'vip allowance failed; retried next pass');
        return 0;
      });
    }
    return months;
  };

  return {
    grantDueIn,
    grantOrder,

    /** The worker's pass: every paid VIP order whose next month has begun. Months credited. */
    grantDue: async (limit = 200) => {
      const months = await grantAll(await dueOrders(limit));
      if (months > 0) deps.logger.info({ months }, 'vip allowances granted');
      return months;
    },

    /** Lazy grant on read (getVipInfo, the ticket counter), then what the member has running. */
    async forUser(userId: string): Promise<AllowanceStatus> {
      await grantAll(await dueOrders(20, userId));
      const at = deps.now().getTime();
      const orders = await deps.db
        .selectFrom('orders')
        .select(['vip_from', 'vip_days', 'grants', 'allowance_next_at'])
        .where('user_id', '=', userId)
        .where('status', '=', 'paid')
        .where('vip_from', 'is not', null)
        .orderBy('vip_from', 'desc')
        .execute();
      const running = orders.find(
        (o) =>
          Date.parse(o.vip_from!) <= at &&
          Date.parse(o.vip_from!) + Number(o.vip_days ?? 0) * DAY > at,
      );
      const next = orders
        .map((o) => o.allowance_next_at)
        .filter((n): n is string => Boolean(n))
        .sort()[0];
      return {
        monthlyTickets: running ? Object.fromEntries(positive(parseGrants(running.grants))) : {},
        nextAllowanceAt: next ?? null,
      };
    },
  };
};

export type VipAllowance = ReturnType<typeof createVipAllowance>;
