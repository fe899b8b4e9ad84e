import type { Kysely } from 'kysely';

// Single sign-on tickets (CAS REST style), page views and key events, the contact
// form's messages. Same DDL on both dialects; timestamps ISO text.
export async function up(db: Kysely<unknown>): Promise<void> {
  // A ticket-granting ticket belongs to one signed-in session; a service ticket is issued from a
  // TGT for one service URL and validates once. Only hashes of the ticket strings are stored.
  await db.schema
    .createTable('sso_tickets')
    .addColumn('id_hash', 'text', (c) => c.primaryKey())
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id'))
    .addColumn('session_id', 'text', (c) => c.notNull())
    .addColumn('tgt_hash', 'text')
    .addColumn('service', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('expires_at', 'text', (c) => c.notNull())
    .addColumn('used_at', 'text')
    .addColumn('revoked_at', 'text')
    .execute();
  await db.schema.createIndex('sso_tickets_tgt_idx').on('sso_tickets').column('tgt_hash').execute();

  // Page views and events; no personal data beyond the user id and the device ids.
  await db.schema
    .createTable('track_events')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('at', 'text', (c) => c.notNull())
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('label', 'text', (c) => c.notNull())
    .addColumn('path', 'text', (c) => c.notNull())
    .addColumn('tool', 'text')
    .addColumn('keyword', 'text')
    .addColumn('scope', 'text')
    .addColumn('user_id', 'text')
    .addColumn('device_id', 'text')
    .execute();
  await db.schema.createIndex('track_events_at_idx').on('track_events').column('at').execute();
  await db.schema
    .createIndex('track_events_kind_at_idx')
    .on('track_events')
    .columns(['kind', 'at'])
    .execute();

  await db.schema
    .createTable('feedback_messages')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'text')
    .addColumn('category', 'text', (c) => c.notNull())
    .addColumn('text', 'text', (c) => c.notNull())
    .addColumn('screenshot_file', 'text')
    .addColumn('contact', 'text')
    .addColumn('page', 'text')
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('answer', 'text')
    .addColumn('answered_by', 'text')
    .addColumn('answered_at', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('feedback_messages_created_idx')
    .on('feedback_messages')
    .column('created_at')
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('feedback_messages').ifExists().execute();
  await db.schema.dropTable('track_events').ifExists().execute();
  await db.schema.dropTable('sso_tickets').ifExists().execute();
}
