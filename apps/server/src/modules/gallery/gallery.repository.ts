import { sql } from 'kysely';
import type { Kysely, Transaction } from 'kysely';
import type { GalleryStatus } from '@huijing/contracts';
import type { Database } from '../../db/schema';
import { newId } from '../../db/ids';
import type { GalleryImagesTable } from './gallery.schema';
import { termsOf } from './gallery-search';

type Db = Kysely<Database> | Transaction<Database>;

/** Work that commits or rolls back with the change (an admin's audit row). */
export type InTransaction = (trx: Transaction<Database>) => Promise<unknown>;

export type NewGalleryImage = Omit<
  GalleryImagesTable,
  'collect_count' | 'report_count' | 'tags' | 'classify_ids' | 'settings' | 'prompt'
> & { tags: string[]; classifyIds: string[]; settings: Record<string, unknown>; prompt: string };

/** Publish-time rank: 10× the collects is worth 12.5 hours of freshness (see migration 0009). */
export const HOT_SECONDS_PER_DECADE = 45_000;
export const hotBaseOf = (createdAt: string) =>
  Date.parse(createdAt) / 1000 / HOT_SECONDS_PER_DECADE;

/** hot_score after collect_count changes by delta, in SQL of both dialects. */
const hotAfter = (delta: number) =>
  sql<number>`hot_base + log10(cast(collect_count + ${1 + delta} as double precision))`;

export type GalleryRepository = ReturnType<typeof createGalleryRepository>;

export const createGalleryRepository = (db: Kysely<Database>) => {
  /** Files are public exactly while some published picture shows them. */
  const syncFilePublic = async (trx: Db, fileIds: (string | null)[]) => {
    for (const fileId of fileIds) {
      if (!fileId) continue;
      const used = await trx
        .selectFrom('gallery_images')
        .select('id')
        .where('status', '=', 'published')
        .where((eb) => eb.or([eb('file_id', '=', fileId), eb('before_file_id', '=', fileId)]))
        .executeTakeFirst();
      await trx
        .updateTable('files')
        .set({ public: used ? 1 : 0 })
        .where('id', '=', fileId)
        .execute();
    }
  };

  const insertTerms = async (trx: Db, imageId: string, searchText: string, createdAt: string) => {
    const terms = termsOf(searchText);
    for (let i = 0; i < terms.length; i += 200) {
      await trx
        .insertInto('gallery_terms')
        .values(
          terms
            .slice(i, i + 200)
            .map((term) => ({ term, image_id: imageId, created_at: createdAt })),
        )
        .execute();
    }
  };

  return {
    syncFilePublic,

    async findByOutput(taskId: string, index: number) {
      return db
        .selectFrom('gallery_images')
        .select(['id', 'status', 'status_reason', 'case_id'])
        .where('task_id', '=', taskId)
        .where('output_index', '=', index)
        .executeTakeFirst();
    },

    /** Files a picture that is in no case into one. */
    async setCase(id: string, caseId: string) {
      await db
        .updateTable('gallery_images')
        .set({ case_id: caseId })
        .where('id', '=', id)
        .where('case_id', 'is', null)
        .execute();
    },

    async findImage(id: string) {
      return db.selectFrom('gallery_images').selectAll().where('id', '=', id).executeTakeFirst();
    },

    /**
     * One transaction: the picture, its keyword terms and categories, and its files made public
     * when it is published. A concurrent second publish of the same output hits the unique index
     * and answers undefined (the caller then reads the first one).
     */
    async insertImage(image: NewGalleryImage): Promise<boolean> {
      try {
        await db.transaction().execute(async (trx) => {
          const { tags, classifyIds, settings, ...columns } = image;
          await trx
            .insertInto('gallery_images')
            .values({
              ...columns,
              tags: JSON.stringify(tags),
              classify_ids: JSON.stringify(classifyIds),
              settings: JSON.stringify(settings),
            })
            .execute();
          await insertTerms(trx, image.id, image.search_text, image.created_at);
          if (image.classifyIds.length > 0) {
            await trx
              .insertInto('gallery_image_classes')
              .values(
                [...new Set(image.classifyIds)].map((c) => ({
                  classify_id: c,
                  image_id: image.id,
                  created_at: image.created_at,
                })),
              )
              .execute();
          }
          await syncFilePublic(trx, [image.file_id, image.before_file_id]);
        });
        return true;
      } catch (e) {
        const existing = await this.findByOutput(image.task_id, image.output_index);
        if (existing) return false;
        throw e;
      }
    },

    /**
     * Unpublish: the picture leaves every list, collection and index; its files turn private.
     * `inTransaction` runs in the same transaction once the picture is gone.
     */
    async deleteImage(id: string, inTransaction?: InTransaction): Promise<boolean> {
      return db.transaction().execute(async (trx) => {
        const image = await trx
          .selectFrom('gallery_images')
          .select(['file_id', 'before_file_id'])
          .where('id', '=', id)
          .executeTakeFirst();
        if (!image) return false;
        await trx.deleteFrom('gallery_terms').where('image_id', '=', id).execute();
        await trx.deleteFrom('gallery_image_classes').where('image_id', '=', id).execute();
        await trx.deleteFrom('gallery_collects').where('image_id', '=', id).execute();
        await trx.deleteFrom('gallery_reports').where('image_id', '=', id).execute();
        await trx
          .updateTable('gallery_collections')
          .set({ cover_image_id: null })
          .where('cover_image_id', '=', id)
          .execute();
        await trx.deleteFrom('gallery_images').where('id', '=', id).execute();
        await syncFilePublic(trx, [image.file_id, image.before_file_id]);
        await inTransaction?.(trx);
        return true;
      });
    },

    /**
     * Moves a picture between states; its files follow (public only while published).
     * `inTransaction` runs in the same transaction once it moved.
     */
    async setStatus(
      id: string,
      status: GalleryStatus,
      reason: string | null,
      at: string,
      opts: { onlyFrom?: GalleryStatus[]; inTransaction?: InTransaction } = {},
    ): Promise<boolean> {
      const { onlyFrom, inTransaction } = opts;
      return db.transaction().execute(async (trx) => {
        let q = trx
          .updateTable('gallery_images')
          .set({
            status,
            status_reason: reason,
            updated_at: at,
            // The first time it becomes public; later approvals keep it.
            ...(status === 'published'
              ? { published_at: sql<string>`coalesce(published_at, ${at})` }
              : {}),
          })
          .where('id', '=', id);
        if (onlyFrom) q = q.where('status', 'in', onlyFrom);
        const r = await q.executeTakeFirst();
        if (Number(r.numUpdatedRows) === 0) return false;
        const image = await trx
          .selectFrom('gallery_images')
          .select(['file_id', 'before_file_id'])
          .where('id', '=', id)
          .executeTakeFirstOrThrow();
        await syncFilePublic(trx, [image.file_id, image.before_file_id]);
        await inTransaction?.(trx);
        return true;
      });
    },

    async setNsfw(id: string, scores: Record<string, number>) {
      await db
        .updateTable('gallery_images')
        .set({ nsfw: JSON.stringify(scores) })
        .where('id', '=', id)
        .execute();
    },

    /** The user's default collection, created on first need (a race creates it once). */
    async ensureDefaultCollection(trx: Db, userId: string, at: string): Promise<string> {
      const find = () =>
        trx
          .selectFrom('gallery_collections')
          .select('id')
          .where('user_id', '=', userId)
          .where('is_default', '=', 1)
          .executeTakeFirst();
      const found = await find();
      if (found) return found.id;
      await trx
        .insertInto('gallery_collections')
        .values({
          id: newId(),
          user_id: userId,
          name: '默认收藏',
          is_public: 0,
          is_default: 1,
          created_at: at,
          updated_at: at,
        })
        .onConflict((oc) => oc.doNothing())
        .execute();
      return (await find())!.id;
    },

    /**
     * Collect: the (user, picture) primary key admits one row however many requests race; the
     * count moves only when a row was really inserted, in the same transaction. Collecting again
     * into another collection moves the picture there.
     */
    async collect(
      userId: string,
      imageId: string,
      collectionId: string | undefined,
      at: string,
    ): Promise<{ count: number; collectionId: string } | undefined> {
      return db.transaction().execute(async (trx) => {
        const image = await trx
          .selectFrom('gallery_images')
          .select('id')
          .where('id', '=', imageId)
          .where('status', '=', 'published')
          .executeTakeFirst();
        if (!image) return undefined;
        const target = collectionId ?? (await this.ensureDefaultCollection(trx, userId, at));
        const inserted = await trx
          .insertInto('gallery_collects')
          .values({ user_id: userId, image_id: imageId, collection_id: target, created_at: at })
          .onConflict((oc) => oc.doNothing())
          .executeTakeFirst();
        if (Number(inserted.numInsertedOrUpdatedRows ?? 0) === 1) {
          await trx
            .updateTable('gallery_images')
            .set({ collect_count: sql`collect_count + 1`, hot_score: hotAfter(1) })
            .where('id', '=', imageId)
            .execute();
        } else if (collectionId !== undefined) {
          await trx
            .updateTable('gallery_collects')
            .set({ collection_id: collectionId })
            .where('user_id', '=', userId)
            .where('image_id', '=', imageId)
            .execute();
        }
        const row = await trx
          .selectFrom('gallery_images')
          .select('collect_count')
          .where('id', '=', imageId)
          .executeTakeFirstOrThrow();
        const kept = await trx
          .selectFrom('gallery_collects')
          .select('collection_id')
          .where('user_id', '=', userId)
          .where('image_id', '=', imageId)
          .executeTakeFirstOrThrow();
        return { count: Number(row.collect_count), collectionId: kept.collection_id };
      });
    },

    /** Uncollect: only a deleted row lowers the count, and never below zero. */
    async unCollect(userId: string, imageId: string): Promise<number | undefined> {
      return db.transaction().execute(async (trx) => {
        const deleted = await trx
          .deleteFrom('gallery_collects')
          .where('user_id', '=', userId)
          .where('image_id', '=', imageId)
          .executeTakeFirst();
        if (Number(deleted.numDeletedRows) === 1) {
          await trx
            .updateTable('gallery_images')
            .set({ collect_count: sql`collect_count - 1`, hot_score: hotAfter(-1) })
            .where('id', '=', imageId)
            .where('collect_count', '>', 0)
            .execute();
        }
        const row = await trx
          .selectFrom('gallery_images')
          .select(['collect_count', 'status'])
          .where('id', '=', imageId)
          .executeTakeFirst();
        return row ? Number(row.collect_count) : undefined;
      });
    },

    /**
     * A report counts once per reporter; the threshold-th distinct reporter sends a published
     * picture to review in the same transaction.
     */
    async report(
      userId: string,
      imageId: string,
      reason: string,
      at: string,
      threshold: number,
    ): Promise<'reported' | 'again' | 'missing'> {
      return db.transaction().execute(async (trx) => {
        const image = await trx
          .selectFrom('gallery_images')
          .select('id')
          .where('id', '=', imageId)
          .where('status', '!=', 'hidden')
          .executeTakeFirst();
        if (!image) return 'missing';
        const inserted = await trx
          .insertInto('gallery_reports')
          .values({ image_id: imageId, user_id: userId, reason, created_at: at })
          .onConflict((oc) => oc.doNothing())
          .executeTakeFirst();
        if (Number(inserted.numInsertedOrUpdatedRows ?? 0) !== 1) return 'again';
        await trx
          .updateTable('gallery_images')
          .set({ report_count: sql`report_count + 1` })
          .where('id', '=', imageId)
          .execute();
        const moved = await trx
          .updateTable('gallery_images')
          .set({
            status: 'pending_review',
            status_reason: '多位用户举报，等待审核',
            updated_at: at,
          })
          .where('id', '=', imageId)
          .where('status', '=', 'published')
          .where('report_count', '>=', threshold)
          .executeTakeFirst();
        if (Number(moved.numUpdatedRows) === 1) {
          const files = await trx
            .selectFrom('gallery_images')
            .select(['file_id', 'before_file_id'])
            .where('id', '=', imageId)
            .executeTakeFirstOrThrow();
          await syncFilePublic(trx, [files.file_id, files.before_file_id]);
        }
        return 'reported';
      });
    },

    async reportReasons(imageIds: string[]): Promise<Map<string, string[]>> {
      const out = new Map<string, string[]>();
      if (imageIds.length === 0) return out;
      const rows = await db
        .selectFrom('gallery_reports')
        .select(['image_id', 'reason'])
        .where('image_id', 'in', imageIds)
        .orderBy('created_at', 'asc')
        .execute();
      for (const r of rows) out.set(r.image_id, [...(out.get(r.image_id) ?? []), r.reason]);
      return out;
    },
  };
};
