import { sql } from 'kysely';
import type { Kysely } from 'kysely';

// Membership as periods: one row per bought plan or admin grant (tier, where its days begin and
// end, the order or grant it came from, when a refund revoked it). The user's tier and
// `vip_until` are derived from the live periods and kept on `users` as a cache in the same
// transaction, so a refund of one period restores exactly what the others give.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('membership_periods')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id'))
    .addColumn('tier', 'text', (c) => c.notNull())
    .addColumn('starts_at', 'text', (c) => c.notNull())
    .addColumn('ends_at', 'text', (c) => c.notNull())
    .addColumn('source', 'text', (c) => c.notNull())
    .addColumn('source_id', 'text')
    .addColumn('revoked_at', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('membership_periods_user_idx')
    .on('membership_periods')
    .columns(['user_id', 'starts_at'])
    .execute();
  await db.schema
    .createIndex('membership_periods_source_idx')
    .on('membership_periods')
    .column('source_id')
    .execute();
  await backfill(db, new Date().toISOString());
}

/**
 * Every running membership becomes one period from now to its end (how it was assembled before
 * is not recorded). Idempotent: the period's id is derived from the user's.
 */
export async function backfill(db: Kysely<unknown>, at: string): Promise<void> {
  await sql`insert into membership_periods
      (id, user_id, tier, starts_at, ends_at, source, source_id, revoked_at, created_at)
    select 'MP' || u.id, u.id, u.vip_tier, ${at}, u.vip_until, 'migration', null, null, ${at}
    from users u
    where u.vip_tier is not null and u.vip_until is not null and u.vip_until > ${at}
      and not exists (select 1 from membership_periods p where p.id = 'MP' || u.id)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('membership_periods').execute();
}
