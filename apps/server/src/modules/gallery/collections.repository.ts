import { sql } from 'kysely';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import './gallery.schema';

export type CollectionRecord = {
  id: string;
  userId: string;
  name: string;
  isPublic: boolean;
  isDefault: boolean;
  description: string;
  /** Published pictures in it. */
  count: number;
  /** The chosen cover's file, else the newest picture's. */
  coverFileId: string | null;
  nickname: string;
  avatarFile: string | null;
  updatedAt: string;
};

type Row = {
  id: string;
  user_id: string;
  name: string;
  is_public: number | string;
  is_default: number | string;
  description: string | null;
  updated_at: string;
  nickname: string;
  avatar_file: string | null;
  n: number | string;
  cover_file: string | null;
  latest_file: string | null;
};

const toRecord = (r: Row): CollectionRecord => ({
  id: r.id,
  userId: r.user_id,
  name: r.name,
  isPublic: Number(r.is_public) === 1,
  isDefault: Number(r.is_default) === 1,
  description: r.description ?? '',
  count: Number(r.n),
  coverFileId: r.cover_file ?? r.latest_file,
  nickname: r.nickname,
  avatarFile: r.avatar_file,
  updatedAt: r.updated_at,
});

const select = sql`select c.id, c.user_id, c.name, c.is_public, c.is_default, c.description,
    c.updated_at,
    u.nickname, u.avatar_file,
    (select count(*) from gallery_collects g join gallery_images gi on gi.id = g.image_id
      where g.collection_id = c.id and gi.status = 'published') as n,
    (select ci.file_id from gallery_images ci
      where ci.id = c.cover_image_id and ci.status = 'published') as cover_file,
    (select li.file_id from gallery_collects lg join gallery_images li on li.id = lg.image_id
      where lg.collection_id = c.id and li.status = 'published'
      order by lg.created_at desc, lg.image_id desc limit 1) as latest_file
  from gallery_collections c join users u on u.id = c.user_id`;

export type CollectionsRepository = ReturnType<typeof createCollectionsRepository>;

export const createCollectionsRepository = (db: Kysely<Database>) => ({
  async listOf(userId: string, publicOnly: boolean): Promise<CollectionRecord[]> {
    const r = await sql<Row>`${select} where c.user_id = ${userId}
      ${publicOnly ? sql`and c.is_public = 1` : sql``}
      order by c.is_default desc, c.created_at asc`.execute(db);
    return r.rows.map(toRecord);
  },

  async find(id: string): Promise<CollectionRecord | undefined> {
    const r = await sql<Row>`${select} where c.id = ${id}`.execute(db);
    return r.rows[0] ? toRecord(r.rows[0]) : undefined;
  },

  async countOf(userId: string): Promise<number> {
    const r = await db
      .selectFrom('gallery_collections')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('user_id', '=', userId)
      .executeTakeFirstOrThrow();
    return Number(r.n);
  },

  async insert(c: {
    id: string;
    userId: string;
    name: string;
    description?: string;
    isPublic: boolean;
    at: string;
  }) {
    await db
      .insertInto('gallery_collections')
      .values({
        id: c.id,
        user_id: c.userId,
        name: c.name,
        description: c.description || null,
        is_public: c.isPublic ? 1 : 0,
        is_default: 0,
        created_at: c.at,
        updated_at: c.at,
      })
      .execute();
  },

  async update(
    userId: string,
    id: string,
    patch: {
      name?: string;
      description?: string;
      isPublic?: boolean;
      coverImageId?: string | null;
    },
    at: string,
  ): Promise<boolean> {
    const r = await db
      .updateTable('gallery_collections')
      .set({
        updated_at: at,
        ...(patch.name !== undefined && { name: patch.name }),
        ...(patch.description !== undefined && { description: patch.description || null }),
        ...(patch.isPublic !== undefined && { is_public: patch.isPublic ? 1 : 0 }),
        ...(patch.coverImageId !== undefined && { cover_image_id: patch.coverImageId }),
      })
      .where('id', '=', id)
      .where('user_id', '=', userId)
      .executeTakeFirst();
    return Number(r.numUpdatedRows) === 1;
  },

  async holds(collectionId: string, imageId: string): Promise<boolean> {
    const r = await db
      .selectFrom('gallery_collects')
      .select('image_id')
      .where('collection_id', '=', collectionId)
      .where('image_id', '=', imageId)
      .executeTakeFirst();
    return r !== undefined;
  },

  /** Deleting a collection files its pictures back into the default one (nothing is lost). */
  async remove(userId: string, id: string, defaultId: string): Promise<void> {
    await db.transaction().execute(async (trx) => {
      await trx
        .updateTable('gallery_collects')
        .set({ collection_id: defaultId })
        .where('user_id', '=', userId)
        .where('collection_id', '=', id)
        .execute();
      await trx
        .deleteFrom('gallery_collections')
        .where('id', '=', id)
        .where('user_id', '=', userId)
        .where('is_default', '=', 0)
        .execute();
    });
  },

  async move(userId: string, imageIds: string[], toCollectionId: string): Promise<number> {
    const r = await db
      .updateTable('gallery_collects')
      .set({ collection_id: toCollectionId })
      .where('user_id', '=', userId)
      .where('image_id', 'in', imageIds)
      .executeTakeFirst();
    return Number(r.numUpdatedRows);
  },
});
