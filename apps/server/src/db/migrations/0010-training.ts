import type { Kysely } from 'kysely';

// Model training. A model row is the designer's view of one LoRA; its run is a task in
// the shared tasks table (task_id), which owns status, progress, tickets and outputs. The domain
// presets are seeded rows the operator may edit. Same DDL on both dialects.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('train_domains')
    .addColumn('key', 'text', (c) => c.primaryKey())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('description', 'text', (c) => c.notNull())
    .addColumn('words', 'text', (c) => c.notNull())
    .addColumn('checkpoint', 'text', (c) => c.notNull())
    .addColumn('steps', 'integer', (c) => c.notNull())
    .addColumn('rank', 'integer', (c) => c.notNull())
    .addColumn('learning_rate', 'double precision', (c) => c.notNull())
    .addColumn('sample_prompt', 'text', (c) => c.notNull())
    .addColumn('sort', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('enabled', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('models')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('domain', 'text', (c) => c.notNull())
    .addColumn('trigger_word', 'text', (c) => c.notNull())
    // The current run; a retry points it at a new task.
    .addColumn('task_id', 'text', (c) => c.notNull())
    // [{fileId, caption, bucket, width, height}] as JSON text.
    .addColumn('dataset', 'text', (c) => c.notNull())
    .addColumn('steps', 'integer', (c) => c.notNull())
    .addColumn('rank', 'integer', (c) => c.notNull())
    .addColumn('learning_rate', 'double precision', (c) => c.notNull())
    .addColumn('checkpoint', 'text', (c) => c.notNull())
    .addColumn('price', 'integer', (c) => c.notNull())
    .addColumn('ticket_type', 'integer', (c) => c.notNull())
    // Kept weights: our storage key, and the name LoraLoader takes (relative to a LoRA folder).
    .addColumn('lora_key', 'text')
    .addColumn('lora_name', 'text')
    .addColumn('lora_bytes', 'integer')
    // Task output file ids: the loss graph and the sample pictures.
    .addColumn('loss_graph_file_id', 'text')
    .addColumn('sample_file_ids', 'text', (c) => c.notNull().defaultTo('[]'))
    // private | pending | approved | rejected (the model square's moderation, as the gallery's).
    .addColumn('review', 'text', (c) => c.notNull().defaultTo('private'))
    .addColumn('review_note', 'text')
    .addColumn('published_at', 'text')
    .addColumn('use_count', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('models_user_idx')
    .on('models')
    .columns(['user_id', 'created_at'])
    .execute();
  await db.schema
    .createIndex('models_square_idx')
    .on('models')
    .columns(['review', 'published_at'])
    .execute();
  await db.schema.createIndex('models_task_idx').on('models').columns(['task_id']).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('models').ifExists().execute();
  await db.schema.dropTable('train_domains').ifExists().execute();
}
