import type { Kysely } from 'kysely';
import type { Dialect } from '../../db/kysely';
import type { Database } from '../../db/schema';

/** One period of membership (migration 0019): a bought plan, an admin's grant or a migrated one. */
export interface MembershipPeriodsTable {
  id: string;
  user_id: string;
  tier: string;
  starts_at: string;
  ends_at: string;
  source: 'order' | 'grant' | 'migration';
  /** The order number or the grant id (`VG…`); null for a migrated period. */
  source_id: string | null;
  revoked_at: string | null;
  created_at: string;
}

declare module '../../db/schema' {
  interface Database {
    membership_periods: MembershipPeriodsTable;
  }
}

export type PeriodRow = MembershipPeriodsTable;

/** SQL of membership periods; the rules (chains, tiers, take-backs) are in membership.ts. */
export const createMembershipRepository = (trx: Kysely<Database>, dialect: Dialect) => ({
  /** The user's cached tier and end, locked on PostgreSQL (SQLite serializes transactions). */
  async lockUser(userId: string) {
    const q = trx.selectFrom('users').select(['vip_tier', 'vip_until']).where('id', '=', userId);
    return dialect === 'postgres' ? q.forUpdate().executeTakeFirst() : q.executeTakeFirst();
  },

  /** The user's periods no refund revoked (ended ones too: a chain's tier counts them). */
  livePeriods(userId: string): Promise<PeriodRow[]> {
    return trx
      .selectFrom('membership_periods')
      .selectAll()
      .where('user_id', '=', userId)
      .where('revoked_at', 'is', null)
      .orderBy('starts_at')
      .orderBy('created_at')
      .orderBy('id')
      .execute();
  },

  findBySource(sourceId: string) {
    return trx
      .selectFrom('membership_periods')
      .selectAll()
      .where('source_id', '=', sourceId)
      .executeTakeFirst();
  },

  async insert(row: PeriodRow) {
    await trx.insertInto('membership_periods').values(row).execute();
  },

  async setSource(id: string, sourceId: string) {
    await trx
      .updateTable('membership_periods')
      .set({ source_id: sourceId })
      .where('id', '=', id)
      .execute();
  },

  async revoke(id: string, at: string) {
    await trx
      .updateTable('membership_periods')
      .set({ revoked_at: at })
      .where('id', '=', id)
      .execute();
  },

  async move(id: string, startsAt: string, endsAt: string) {
    await trx
      .updateTable('membership_periods')
      .set({ starts_at: startsAt, ends_at: endsAt })
      .where('id', '=', id)
      .execute();
  },

  /** Keeps where an order's or a grant's days begin in step with its period (its allowance months). */
  async setSourceFrom(source: PeriodRow['source'], sourceId: string, vipFrom: string) {
    if (source === 'order')
      await trx
        .updateTable('orders')
        .set({ vip_from: vipFrom })
        .where('order_no', '=', sourceId)
        .execute();
    if (source === 'grant')
      await trx
        .updateTable('vip_grants')
        .set({ vip_from: vipFrom })
        .where('id', '=', sourceId)
        .execute();
  },

  async writeCache(userId: string, tier: string | null, until: string | null, at: string) {
    await trx
      .updateTable('users')
      .set({ vip_tier: tier, vip_until: until, updated_at: at })
      .where('id', '=', userId)
      .execute();
  },
});
