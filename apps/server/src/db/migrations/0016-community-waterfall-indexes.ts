import type { Kysely } from 'kysely';

// The waterfall's totals and filtered pages join their driver (a
// user's collects, a keyword term, a category) to gallery_images only to check the picture is
// published. An index on (id, status) answers that check from the index alone, so counting the
// 2 000 pictures a user collected or the 20 000 holding a keyword reads no picture rows.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createIndex('gallery_images_id_status_idx')
    .on('gallery_images')
    .columns(['id', 'status'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('gallery_images_id_status_idx').execute();
}
