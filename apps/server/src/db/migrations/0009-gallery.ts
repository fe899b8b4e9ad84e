import type { Kysely } from 'kysely';

// The community gallery. Same DDL on both dialects:
// - gallery_images: one published result picture. Counts (collects, reports) are kept by
//   conditional increments in the same transaction as the row they count, so they never drift.
//   hot_score = hot_base + log10(1 + collect_count), where hot_base grows with the publish time:
//   newer pictures need fewer collects to rank high (a recency decay that needs no rescoring job).
// - gallery_collects: a favourite, at most one per user and picture (the primary key makes a
//   concurrent double collect count once), filed into one of the user's collections.
// - gallery_collections: named folders of favourites; each user has one default (is_default).
// - gallery_terms: the keyword index, one row per distinct character bigram of a picture's title,
//   tags and prompt text, carrying the sort key so a keyword page walks one index in order.
//   Chinese queries are mostly two characters (客厅, 北欧), which a trigram index cannot serve
//   without a scan; bigrams can, and the same table works on SQLite and PostgreSQL.
// - gallery_reports: one per reporter and picture.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('gallery_images')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id'))
    .addColumn('task_id', 'text', (c) => c.notNull())
    .addColumn('output_index', 'integer', (c) => c.notNull())
    .addColumn('file_id', 'text', (c) => c.notNull().references('files.id'))
    .addColumn('before_file_id', 'text', (c) => c.references('files.id'))
    .addColumn('width', 'integer', (c) => c.notNull())
    .addColumn('height', 'integer', (c) => c.notNull())
    .addColumn('placeholder', 'text', (c) => c.notNull())
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('tags', 'text', (c) => c.notNull().defaultTo('[]'))
    .addColumn('classify_ids', 'text', (c) => c.notNull().defaultTo('[]'))
    .addColumn('tool_id', 'text', (c) => c.notNull())
    .addColumn('settings', 'text', (c) => c.notNull().defaultTo('{}'))
    .addColumn('prompt', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('search_text', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('status_reason', 'text')
    .addColumn('nsfw', 'text')
    .addColumn('collect_count', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('report_count', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('hot_base', 'double precision', (c) => c.notNull())
    .addColumn('hot_score', 'double precision', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  // A result picture is published once; publishing it again answers the same id.
  await db.schema
    .createIndex('gallery_images_output_uq')
    .on('gallery_images')
    .columns(['task_id', 'output_index'])
    .unique()
    .execute();
  await db.schema
    .createIndex('gallery_images_new_idx')
    .on('gallery_images')
    .columns(['status', 'created_at desc', 'id desc'])
    .execute();
  await db.schema
    .createIndex('gallery_images_hot_idx')
    .on('gallery_images')
    .columns(['status', 'hot_score desc', 'id desc'])
    .execute();
  await db.schema
    .createIndex('gallery_images_author_idx')
    .on('gallery_images')
    .columns(['user_id', 'created_at desc', 'id desc'])
    .execute();
  await db.schema
    .createIndex('gallery_images_tool_idx')
    .on('gallery_images')
    .columns(['tool_id', 'created_at desc', 'id desc'])
    .execute();

  await db.schema
    .createTable('gallery_image_classes')
    .addColumn('classify_id', 'text', (c) => c.notNull())
    .addColumn('image_id', 'text', (c) => c.notNull().references('gallery_images.id'))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('gallery_image_classes_pk', ['classify_id', 'image_id'])
    .execute();
  await db.schema
    .createIndex('gallery_image_classes_order_idx')
    .on('gallery_image_classes')
    .columns(['classify_id', 'created_at desc', 'image_id desc'])
    .execute();

  await db.schema
    .createTable('gallery_terms')
    .addColumn('term', 'text', (c) => c.notNull())
    .addColumn('image_id', 'text', (c) => c.notNull().references('gallery_images.id'))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('gallery_terms_pk', ['term', 'image_id'])
    .execute();
  await db.schema
    .createIndex('gallery_terms_order_idx')
    .on('gallery_terms')
    .columns(['term', 'created_at desc', 'image_id desc'])
    .execute();
  await db.schema
    .createIndex('gallery_terms_image_idx')
    .on('gallery_terms')
    .columns(['image_id'])
    .execute();

  await db.schema
    .createTable('gallery_collections')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('is_public', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('is_default', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('cover_image_id', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('gallery_collections_user_idx')
    .on('gallery_collections')
    .columns(['user_id', 'created_at'])
    .execute();
  // One default collection per user, even when two first collects race to create it.
  await db.schema
    .createIndex('gallery_collections_default_uq')
    .on('gallery_collections')
    .columns(['user_id', 'is_default'])
    .unique()
    .where('is_default', '=', 1)
    .execute();

  await db.schema
    .createTable('gallery_collects')
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id'))
    .addColumn('image_id', 'text', (c) => c.notNull().references('gallery_images.id'))
    .addColumn('collection_id', 'text', (c) => c.notNull().references('gallery_collections.id'))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('gallery_collects_pk', ['user_id', 'image_id'])
    .execute();
  await db.schema
    .createIndex('gallery_collects_user_order_idx')
    .on('gallery_collects')
    .columns(['user_id', 'created_at desc', 'image_id desc'])
    .execute();
  await db.schema
    .createIndex('gallery_collects_collection_idx')
    .on('gallery_collects')
    .columns(['collection_id', 'created_at desc', 'image_id desc'])
    .execute();
  await db.schema
    .createIndex('gallery_collects_image_idx')
    .on('gallery_collects')
    .columns(['image_id'])
    .execute();

  await db.schema
    .createTable('gallery_reports')
    .addColumn('image_id', 'text', (c) => c.notNull().references('gallery_images.id'))
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id'))
    .addColumn('reason', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('gallery_reports_pk', ['image_id', 'user_id'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of [
    'gallery_reports',
    'gallery_collects',
    'gallery_collections',
    'gallery_terms',
    'gallery_image_classes',
    'gallery_images',
  ]) {
    await db.schema.dropTable(table).ifExists().execute();
  }
}
