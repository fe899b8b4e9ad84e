import { sql, type Kysely } from 'kysely';

// When a gallery picture became public. Set at publish when the
// automatic check passes, or at the first approval of a picture that waited for review; never
// moved afterwards (hide and approve again keep the first time). The admin page-view summary
// counts "picture published" events from it, so no separate event row is needed.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('gallery_images').addColumn('published_at', 'text').execute();
  await sql`update gallery_images set published_at = created_at where status = 'published'`.execute(
    db,
  );
  await db.schema
    .createIndex('gallery_images_published_at_idx')
    .on('gallery_images')
    .column('published_at')
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('gallery_images_published_at_idx').execute();
  await db.schema.alterTable('gallery_images').dropColumn('published_at').execute();
}
