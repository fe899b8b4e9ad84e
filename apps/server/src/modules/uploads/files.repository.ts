import type { Kysely } from 'kysely';
import type { Database, FilesTable } from '../../db/schema';

export type StoredFile = {
  id: string;
  userId: string;
  kind: FilesTable['kind'];
  mime: string;
  width: number;
  height: number;
  bytes: number;
  duration: number | null;
  storageKey: string;
  isPublic: boolean;
  /** Served watermarked while the owner is not a member (a gpt/video output made without VIP). */
  watermark: boolean;
  createdAt: string;
};

type Row = Omit<FilesTable, 'public' | 'watermark'> & { public: number; watermark: number };

const toFile = (r: Row): StoredFile => ({
  id: r.id,
  userId: r.user_id,
  kind: r.kind,
  mime: r.mime,
  width: r.width,
  height: r.height,
  bytes: r.bytes,
  duration: r.duration,
  storageKey: r.storage_key,
  isPublic: r.public === 1,
  watermark: Number(r.watermark) === 1,
  createdAt: r.created_at,
});

export type FilesRepository = ReturnType<typeof createFilesRepository>;

export const createFilesRepository = (db: Kysely<Database>) => ({
  async insertFile(file: Omit<StoredFile, 'isPublic'>): Promise<StoredFile> {
    await db
      .insertInto('files')
      .values({
        id: file.id,
        user_id: file.userId,
        kind: file.kind,
        mime: file.mime,
        width: file.width,
        height: file.height,
        bytes: file.bytes,
        duration: file.duration,
        storage_key: file.storageKey,
        watermark: file.watermark ? 1 : 0,
        created_at: file.createdAt,
      })
      .execute();
    return { ...file, isPublic: false };
  },

  async findFile(id: string): Promise<StoredFile | undefined> {
    const row = await db.selectFrom('files').selectAll().where('id', '=', id).executeTakeFirst();
    return row ? toFile(row) : undefined;
  },

  /** Only the owner's files; anything else is "not found". */
  async findOwnedFiles(userId: string, ids: string[]): Promise<StoredFile[]> {
    if (ids.length === 0) return [];
    const rows = await db
      .selectFrom('files')
      .selectAll()
      .where('user_id', '=', userId)
      .where('id', 'in', ids)
      .execute();
    return rows.map(toFile);
  },

  /** Deletes the owner's file row; false when it is gone or something still references it. */
  async deleteOwnedFile(userId: string, id: string): Promise<boolean> {
    try {
      const r = await db
        .deleteFrom('files')
        .where('id', '=', id)
        .where('user_id', '=', userId)
        .executeTakeFirst();
      return Number(r.numDeletedRows) === 1;
    } catch {
      // A foreign key (a gallery item showing it) keeps the file.
      return false;
    }
  },
});
