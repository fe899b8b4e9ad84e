import { sql } from 'kysely';
import type { Kysely } from 'kysely';
import type { Logger } from 'pino';
import type { TicketGrants } from '@huijing/contracts';
import type { Clock } from '../../config/clock';
import { DAY } from '../../config/clock';
import { newId } from '../../db/ids';
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

/** A membership that carries a monthly allowance: a paid VIP order, or an admin's grant. */
type AllowancePlan = {
  /** The order number or the grant id: the ledger's ref and the key of its months. */
  key: string;
  userId: string;
  vipFrom: string | null;
  vipDays: number | null;
  grants: string;
};

/** Where one kind of plan keeps its months (`vip_allowances` or `vip_grant_allowances`). */
type MonthsStore = {
  lastPeriod(trx: Kysely<Database>, key: string): Promise<number | null>;
  /** Inserts the month's row unless it exists; true when this call wrote it. */
  insert(
    trx: Kysely<Database>,
    plan: AllowancePlan,
    period: number,
    start: string,
    at: string,
  ): Promise<boolean>;
  setNext(trx: Kysely<Database>, key: string, next: string | null): Promise<void>;
};

const orderMonths: MonthsStore = {
  async lastPeriod(trx, key) {
    const done = await trx
      .selectFrom('vip_allowances')
      .select((eb) => eb.fn.max<number | null>('period').as('last'))
      .where('order_no', '=', key)
      .executeTakeFirst();
    return done?.last == null ? null : Number(done.last);
  },
  async insert(trx, plan, period, start, at) {
    const inserted = await trx
      .insertInto('vip_allowances')
      .values({
        order_no: plan.key,
        period,
        user_id: plan.userId,
        period_start: start,
        grants: plan.grants,
        created_at: at,
      })
      .onConflict((oc) => oc.columns(['order_no', 'period']).doNothing())
      .executeTakeFirst();
    return Number(inserted.numInsertedOrUpdatedRows ?? 0) === 1;
  },
  async setNext(trx, key, next) {
    await trx
      .updateTable('orders')
      .set({ allowance_next_at: next })
      .where('order_no', '=', key)
      .execute();
  },
};

const grantMonths: MonthsStore = {
  async lastPeriod(trx, key) {
    const done = await trx
      .selectFrom('vip_grant_allowances')
      .select((eb) => eb.fn.max<number | null>('period').as('last'))
      .where('grant_id', '=', key)
      .executeTakeFirst();
    return done?.last == null ? null : Number(done.last);
  },
  async insert(trx, plan, period, start, at) {
    const inserted = await trx
      .insertInto('vip_grant_allowances')
      .values({
        grant_id: plan.key,
        period,
        user_id: plan.userId,
        period_start: start,
        grants: plan.grants,
        created_at: at,
      })
      .onConflict((oc) => oc.columns(['grant_id', 'period']).doNothing())
      .executeTakeFirst();
    return Number(inserted.numInsertedOrUpdatedRows ?? 0) === 1;
  },
  async setNext(trx, key, next) {
    await trx
      .updateTable('vip_grants')
      .set({ allowance_next_at: next })
      .where('id', '=', key)
      .execute();
  },
};

/** An admin's VIP grant, as `recordGrant` writes it. */
export type VipGrantInput = {
  userId: string;
  tier: 'vip' | 'svip';
  days: number;
  /** Where the granted days begin (after a running membership). */
  vipFrom: string;
  grantedBy: string | null;
  reason: string;
};

/**
 * The VIP monthly ticket allowance. A paid VIP order grants its `grants` at the start of
 * each month of the days it bought (which begin after a running membership, `vip_from`), and so
 * does VIP granted by an admin (`vip_grants`, the tier's plan allowance frozen at grant time).
 * Each month is one row keyed by (order or grant, month) — per user and month of membership —
 * inserted with ON CONFLICT DO NOTHING in the same transaction as the ledger credit, so only the
 * insert that wrote the row credits: several workers, a restart mid-pass and a lazy grant on read
 * give each month once. The order (or grant) row is taken first (a no-op conditional update, a row
 * lock on PostgreSQL), so a refund and a grant of the same order never interleave.
 */
export const createVipAllowance = (deps: { db: Kysely<Database>; now: Clock; logger: Logger }) => {
  /** Credits the due months of a plan inside `trx`; returns how many months it credited. */
  const creditDue = async (
    trx: Kysely<Database>,
    store: MonthsStore,
    plan: AllowancePlan,
    at: Date,
  ): Promise<number> => {
    if (!plan.vipFrom || !plan.vipDays) return 0;
    const days = Number(plan.vipDays);
    const months = allowanceMonths(days);
    const from = Date.parse(plan.vipFrom);
    const entries = positive(parseGrants(plan.grants));
    const last = await store.lastPeriod(trx, plan.key);
    let k = last == null ? 0 : last + 1;
    let credited = 0;
    const iso = at.toISOString();
    for (; k < months; k++) {
      const start = periodStartMs(from, days, k);
      if (start > at.getTime()) break;
      if (!(await store.insert(trx, plan, k, new Date(start).toISOString(), iso))) continue;
      await createTicketsRepository(trx).creditEntries(
        entries.map(([type, n]) => ({
          userId: plan.userId,
          ticketType: Number(type) as 1 | 2 | 3 | 4,
          delta: n,
          reason: 'vip_allowance',
          ref: plan.key,
          at: iso,
        })),
      );
      credited += 1;
    }
    const next = k < months ? new Date(periodStartMs(from, days, k)).toISOString() : null;
    await store.setNext(trx, plan.key, next);
    return credited;
  };

  /** Grants the due months of a paid order inside `trx`; returns how many months it credited. */
  const grantDueIn = (trx: Kysely<Database>, order: OrderRow, at: Date) =>
    creditDue(
      trx,
      orderMonths,
      {
        key: order.order_no,
        userId: order.user_id,
        vipFrom: order.vip_from,
        vipDays: order.vip_days == null ? null : Number(order.vip_days),
        grants: order.grants,
      },
      at,
    );

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

  const grantPlan = (row: {
    id: string;
    user_id: string;
    vip_from: string;
    vip_days: number;
    grants: string;
  }): AllowancePlan => ({
    key: row.id,
    userId: row.user_id,
    vipFrom: row.vip_from,
    vipDays: Number(row.vip_days),
    grants: row.grants,
  });

  /** One admin grant in its own transaction, holding the grant row. */
  const grantGrant = (grantId: string) =>
    deps.db.transaction().execute(async (trx) => {
      const held = await trx
        .updateTable('vip_grants')
        .set({ allowance_next_at: sql<string | null>`allowance_next_at` })
        .where('id', '=', grantId)
        .executeTakeFirst();
      if (Number(held.numUpdatedRows) !== 1) return 0;
      const grant = await trx
        .selectFrom('vip_grants')
        .selectAll()
        .where('id', '=', grantId)
        .executeTakeFirstOrThrow();
      return creditDue(trx, grantMonths, grantPlan(grant), deps.now());
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

  const dueGrants = (limit: number, userId?: string) => {
    let q = deps.db
      .selectFrom('vip_grants')
      .select('id')
      .where('allowance_next_at', '<=', deps.now().toISOString());
    if (userId) q = q.where('user_id', '=', userId);
    return q.orderBy('allowance_next_at').limit(limit).execute();
  };

  const grantAll = async (orders: { order_no: string }[], grants: { id: string }[]) => {
    const one = (key: string, work: Promise<number>) =>
      work.catch((err: unknown) => {
        deps.logger.warn({ err, key }, 'vip allowance failed; retried next pass');
        return 0;
      });
    let months = 0;
    for (const { order_no } of orders) months += await one(order_no, grantOrder(order_no));
    for (const { id } of grants) months += await one(id, grantGrant(id));
    return months;
  };

  /** The tier's monthly allowance: its shortest plan's grants (the on-sale one first). */
  const tierAllowance = async (trx: Kysely<Database>, tier: 'vip' | 'svip') => {
    const plan = await trx
      .selectFrom('products')
      .select('grants')
      .where('kind', '=', 'vip')
      .where('vip_tier', '=', tier)
      .orderBy('on_sale', 'desc')
      .orderBy('vip_days')
      .orderBy('id')
      .executeTakeFirst();
    return JSON.stringify(Object.fromEntries(positive(parseGrants(plan?.grants ?? '{}'))));
  };

  /** A plan whose days moved (an earlier period was refunded): its months follow, inside `trx`. */
  const replan = async (
    trx: Kysely<Database>,
    source: 'order' | 'grant',
    key: string,
    at: Date,
  ) => {
    if (source === 'order') {
      const order = await trx
        .selectFrom('orders')
        .selectAll()
        .where('order_no', '=', key)
        .where('status', '=', 'paid')
        .executeTakeFirst();
      return order ? grantDueIn(trx, order, at) : 0;
    }
    const grant = await trx
      .selectFrom('vip_grants')
      .selectAll()
      .where('id', '=', key)
      .executeTakeFirst();
    return grant ? creditDue(trx, grantMonths, grantPlan(grant), at) : 0;
  };

  return {
    grantDueIn,
    grantOrder,
    grantGrant,
    replan,

    /**
     * VIP granted by an admin, inside the admin's transaction: the grant row (the tier's monthly
     * allowance frozen on it) and its first month when its days have begun. Returns the grant id.
     */
    async recordGrant(trx: Kysely<Database>, input: VipGrantInput) {
      const at = deps.now();
      const id = `VG${newId()}`;
      const row = {
        id,
        user_id: input.userId,
        tier: input.tier,
        vip_days: input.days,
        vip_from: input.vipFrom,
        grants: await tierAllowance(trx, input.tier),
        allowance_next_at: input.vipFrom,
        granted_by: input.grantedBy,
        reason: input.reason,
        created_at: at.toISOString(),
      };
      await trx.insertInto('vip_grants').values(row).execute();
      const months = await creditDue(trx, grantMonths, grantPlan(row), at);
      return { grantId: id, months, grants: parseGrants(row.grants) };
    },

    /** The worker's pass: every paid VIP order and admin grant whose next month has begun. */
    grantDue: async (limit = 200) => {
      const months = await grantAll(await dueOrders(limit), await dueGrants(limit));
      if (months > 0) deps.logger.info({ months }, 'vip allowances granted');
      return months;
    },

    /** Lazy grant on read (getVipInfo, the ticket counter), then what the member has running. */
    async forUser(userId: string): Promise<AllowanceStatus> {
      await grantAll(await dueOrders(20, userId), await dueGrants(20, userId));
      const at = deps.now().getTime();
      const orders = await deps.db
        .selectFrom('orders')
        .select(['vip_from', 'vip_days', 'grants', 'allowance_next_at'])
        .where('user_id', '=', userId)
        .where('status', '=', 'paid')
        .where('vip_from', 'is not', null)
        .execute();
      const grants = await deps.db
        .selectFrom('vip_grants')
        .select(['vip_from', 'vip_days', 'grants', 'allowance_next_at'])
        .where('user_id', '=', userId)
        .execute();
      const plans = [...orders, ...grants].sort((a, b) => b.vip_from!.localeCompare(a.vip_from!));
      const running = plans.find(
        (o) =>
          Date.parse(o.vip_from!) <= at &&
          Date.parse(o.vip_from!) + Number(o.vip_days ?? 0) * DAY > at,
      );
      const next = plans
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
