import { sql } from 'kysely';
import type { Kysely } from 'kysely';

// Security: admin usernames unique whatever their case, and the request
// fingerprint an Idempotency-Key was first used with (a reuse with another body is refused).
// Same DDL on both dialects.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createIndex('admin_accounts_username_ci_idx')
    .on('admin_accounts')
    .unique()
    .expression(sql`lower(username)`)
    .execute();
  await db.schema.alterTable('idempotency_keys').addColumn('body_hash', 'text').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('idempotency_keys').dropColumn('body_hash').execute();
  await db.schema.dropIndex('admin_accounts_username_ci_idx').ifExists().execute();
}
