import type { Kysely } from 'kysely';

// Cases. A case is one design project of an author (named at
// publish, e.g. 「万科城 三室两厅」); its published pictures are shown together on /caseHome,
// /classifyCase, /casemineByCase and /insHomeByCase/<id>. Counts and covers are read from the
// pictures (never stored), so hiding or unpublishing a picture needs no bookkeeping here.
// Collections gain a description their owner writes (shown on the collection page).
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('gallery_collections').addColumn('description', 'text').execute();
  await db.schema
    .createTable('gallery_cases')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('gallery_cases_user_name_idx')
    .on('gallery_cases')
    .columns(['user_id', 'name'])
    .unique()
    .execute();
  await db.schema
    .createIndex('gallery_cases_updated_idx')
    .on('gallery_cases')
    .columns(['updated_at', 'id'])
    .execute();
  await db.schema.alterTable('gallery_images').addColumn('case_id', 'text').execute();
  await db.schema
    .createIndex('gallery_images_case_idx')
    .on('gallery_images')
    .columns(['case_id', 'status', 'created_at', 'id'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('gallery_images_case_idx').execute();
  await db.schema.alterTable('gallery_images').dropColumn('case_id').execute();
  await db.schema.dropTable('gallery_cases').execute();
  await db.schema.alterTable('gallery_collections').dropColumn('description').execute();
}
