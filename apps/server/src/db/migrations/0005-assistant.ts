import type { Kysely } from 'kysely';

// The assistant: conversations and their messages. An answer carries its own ticket hold
// (tickets_state held → captured|released, flipped by one conditional UPDATE), like a task.
// Image edits are tasks on the task platform and need no table of their own.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('assistant_conversations')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id'))
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('model', 'text', (c) => c.notNull())
    .addColumn('deleted', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('assistant_conversations_user_idx')
    .on('assistant_conversations')
    .columns(['user_id', 'deleted', 'updated_at'])
    .execute();

  await db.schema
    .createTable('assistant_messages')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('conversation_id', 'text', (c) =>
      c.notNull().references('assistant_conversations.id'),
    )
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id'))
    .addColumn('seq', 'integer', (c) => c.notNull())
    .addColumn('role', 'text', (c) => c.notNull())
    .addColumn('content', 'text', (c) => c.notNull())
    .addColumn('reasoning', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('image_file_id', 'text')
    .addColumn('model', 'text', (c) => c.notNull())
    .addColumn('deep_thinking', 'integer', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('error', 'text')
    .addColumn('ticket_type', 'integer', (c) => c.notNull())
    .addColumn('price', 'integer', (c) => c.notNull())
    .addColumn('tickets_state', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('assistant_messages_conversation_idx')
    .on('assistant_messages')
    .columns(['conversation_id', 'seq'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('assistant_messages').ifExists().execute();
  await db.schema.dropTable('assistant_conversations').ifExists().execute();
}
