import type { Kysely } from 'kysely';
import type { Logger } from 'pino';
import type { Clock } from '../../config/clock';
import { DAY } from '../../config/clock';
import type { Dialect } from '../../db/kysely';
import { newId } from '../../db/ids';
import type { Database } from '../../db/schema';
import { createMembershipRepository } from './membership.repository';
import type { PeriodRow } from './membership.repository';
import type { OrderRow } from './orders.repository';
import { createVipAllowance } from './vip-allowance';

const rank = (tier: string) => (tier === 'svip' ? 2 : 1);
const startOf = (p: PeriodRow) => Date.parse(p.starts_at);
const endOf = (p: PeriodRow) => Date.parse(p.ends_at);
const iso = (ms: number) => new Date(ms).toISOString();

export type Chain = { tier: string; fromMs: number; untilMs: number };

/**
 * The membership in effect at `at`: the chain of periods placed end to end that holds `at`, with
 * the highest tier of the whole chain (an upgrade applies at once and a higher tier bought earlier
 * stays while its chain runs) and its end. Revoked periods are not passed in.
 */
export const chainAt = (periods: PeriodRow[], at: number): Chain | null => {
  const sorted = [...periods].sort((a, b) => startOf(a) - startOf(b));
  let chain: Chain | null = null;
  for (const p of sorted) {
    if (chain && startOf(p) <= chain.untilMs) {
      chain.untilMs = Math.max(chain.untilMs, endOf(p));
      if (rank(p.tier) > rank(chain.tier)) chain.tier = p.tier;
      continue;
    }
    if (chain && chain.fromMs <= at && at < chain.untilMs) break;
    chain = { tier: p.tier, fromMs: startOf(p), untilMs: endOf(p) };
  }
  return chain && chain.fromMs <= at && at < chain.untilMs ? chain : null;
};

/** What a refund of `period` takes back at `at`: the part still ahead of it (ms). */
export const remainingOf = (period: PeriodRow, at: number) =>
  Math.max(0, endOf(period) - Math.max(startOf(period), at));

export type AddPeriod = {
  userId: string;
  tier: 'vip' | 'svip';
  days: number;
  source: 'order' | 'grant';
  sourceId: string | null;
  at: Date;
};

/**
 * Membership as periods (docs/payments.md): every bought plan and admin grant is a period whose
 * days begin where the user's live periods end; a refund revokes its period and moves the later
 * ones forward by the days it took back. The user's tier and `vip_until` are derived from the
 * live periods and written to `users` (the cache the queue, training and files read) in the
 * caller's transaction, with the user row held first.
 */
export const createMembership = (deps: {
  db: Kysely<Database>;
  dialect: Dialect;
  now: Clock;
  logger: Logger;
}) => {
  const allowance = createVipAllowance(deps);

  /** The user's periods, the user row held; a cached membership without any becomes one. */
  const load = async (trx: Kysely<Database>, userId: string, at: Date) => {
    const repo = createMembershipRepository(trx, deps.dialect);
    const user = await repo.lockUser(userId);
    const rows = await repo.livePeriods(userId);
    const cachedUntil = user?.vip_tier && user.vip_until ? Date.parse(user.vip_until) : 0;
    if (!rows.some((p) => endOf(p) > at.getTime()) && cachedUntil > at.getTime()) {
      // Set before periods existed (or by a tool writing the cache): keep it as one period.
      const row: PeriodRow = {
        id: `MP${newId()}`,
        user_id: userId,
        tier: user!.vip_tier!,
        starts_at: at.toISOString(),
        ends_at: user!.vip_until!,
        source: 'migration',
        source_id: null,
        revoked_at: null,
        created_at: at.toISOString(),
      };
      await repo.insert(row);
      rows.push(row);
    }
    return { repo, rows };
  };

  const writeCache = async (
    repo: ReturnType<typeof createMembershipRepository>,
    userId: string,
    rows: PeriodRow[],
    at: Date,
  ) => {
    const chain = chainAt(rows, at.getTime());
    await repo.writeCache(
      userId,
      chain?.tier ?? null,
      chain ? iso(chain.untilMs) : null,
      at.toISOString(),
    );
    return chain;
  };

  /** A new period after the live ones (or from now); returns where its days begin and end. */
  const add = async (trx: Kysely<Database>, input: AddPeriod) => {
    const { repo, rows } = await load(trx, input.userId, input.at);
    const fromMs = Math.max(input.at.getTime(), ...rows.map(endOf));
    const row: PeriodRow = {
      id: `MP${newId()}`,
      user_id: input.userId,
      tier: input.tier,
      starts_at: iso(fromMs),
      ends_at: iso(fromMs + input.days * DAY),
      source: input.source,
      source_id: input.sourceId,
      revoked_at: null,
      created_at: input.at.toISOString(),
    };
    await repo.insert(row);
    const chain = await writeCache(repo, input.userId, [...rows, row], input.at);
    return { periodId: row.id, fromMs, untilMs: fromMs + input.days * DAY, chain };
  };

  /** Later periods begin `removedMs` earlier; their allowance months follow their days. */
  const moveLater = async (
    trx: Kysely<Database>,
    repo: ReturnType<typeof createMembershipRepository>,
    later: PeriodRow[],
    removedMs: number,
    at: Date,
  ) => {
    for (const p of later) {
      p.starts_at = iso(startOf(p) - removedMs);
      p.ends_at = iso(endOf(p) - removedMs);
      await repo.move(p.id, p.starts_at, p.ends_at);
      if (p.source_id && p.source !== 'migration') {
        await repo.setSourceFrom(p.source, p.source_id, p.starts_at);
        await allowance.replan(trx, p.source, p.source_id, at);
      }
    }
  };

  /**
   * A membership bought before periods existed: its days come off the end of the running chain
   * (never below `at`), as they were added to it.
   */
  const trimEnd = async (
    repo: ReturnType<typeof createMembershipRepository>,
    rows: PeriodRow[],
    days: number,
    at: Date,
  ) => {
    const chain = chainAt(rows, at.getTime());
    if (!chain) return { rows, takenMs: 0 };
    let left = Math.min(days, Math.floor((chain.untilMs - at.getTime()) / DAY)) * DAY;
    const takenMs = left;
    const kept = [...rows];
    for (const p of [...rows].sort((a, b) => endOf(b) - endOf(a))) {
      if (left <= 0) break;
      const take = Math.min(left, remainingOf(p, at.getTime()));
      if (take === 0) continue;
      left -= take;
      if (endOf(p) - take <= Math.max(startOf(p), at.getTime())) {
        await repo.revoke(p.id, at.toISOString());
        kept.splice(kept.indexOf(p), 1);
      } else {
        p.ends_at = iso(endOf(p) - take);
        await repo.move(p.id, p.starts_at, p.ends_at);
      }
    }
    return { rows: kept, takenMs };
  };

  /**
   * A refund's take-back: the source's period is revoked, the days it still had are taken back
   * and the periods after it move forward by as much, so the user has exactly what the other
   * periods give. Returns the whole days taken back (at most `vipDays`).
   */
  const revoke = async (
    trx: Kysely<Database>,
    input: { userId: string; sourceId: string; vipDays: number; at: Date },
  ) => {
    const { repo, rows } = await load(trx, input.userId, input.at);
    const period = rows.find((p) => p.source_id === input.sourceId);
    let takenMs: number;
    let live = rows;
    if (period) {
      takenMs = remainingOf(period, input.at.getTime());
      await repo.revoke(period.id, input.at.toISOString());
      live = rows.filter((p) => p !== period);
      const later = live.filter((p) => startOf(p) >= endOf(period));
      if (takenMs > 0) await moveLater(trx, repo, later, takenMs, input.at);
    } else {
      ({ rows: live, takenMs } = await trimEnd(repo, rows, input.vipDays, input.at));
    }
    const chain = await writeCache(repo, input.userId, live, input.at);
    return { daysTaken: Math.min(input.vipDays, Math.floor(takenMs / DAY)), chain };
  };

  return {
    add,
    revoke,

    /** Links an admin grant's period to its `vip_grants` row once that row exists. */
    link: (trx: Kysely<Database>, periodId: string, grantId: string) =>
      createMembershipRepository(trx, deps.dialect).setSource(periodId, grantId),

    /**
     * A paid VIP order inside settlement's transaction: its period, where its days begin on the
     * order (`vip_from`) and its first month's allowance when those days have begun.
     */
    async startOrder(trx: Kysely<Database>, order: OrderRow, at: Date) {
      const { fromMs } = await add(trx, {
        userId: order.user_id,
        tier: order.vip_tier as 'vip' | 'svip',
        days: Number(order.vip_days),
        source: 'order',
        sourceId: order.order_no,
        at,
      });
      const vipFrom = iso(fromMs);
      await trx
        .updateTable('orders')
        .set({ vip_from: vipFrom })
        .where('order_no', '=', order.order_no)
        .execute();
      await allowance.grantDueIn(trx, { ...order, status: 'paid', vip_from: vipFrom }, at);
    },

    /** Read-only: the whole days a refund of `sourceId` would take back now. */
    async previewTake(userId: string, sourceId: string, vipDays: number, at: Date) {
      const repo = createMembershipRepository(deps.db, deps.dialect);
      const rows = await repo.livePeriods(userId);
      const period = rows.find((p) => p.source_id === sourceId);
      if (period) return Math.min(vipDays, Math.floor(remainingOf(period, at.getTime()) / DAY));
      const user = await deps.db
        .selectFrom('users')
        .select(['vip_tier', 'vip_until'])
        .where('id', '=', userId)
        .executeTakeFirst();
      const until = user?.vip_tier && user.vip_until ? Date.parse(user.vip_until) : 0;
      return Math.max(0, Math.min(vipDays, Math.floor((until - at.getTime()) / DAY)));
    },
  };
};

export type Membership = ReturnType<typeof createMembership>;
