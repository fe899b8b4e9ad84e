import type { GalleryCase, GalleryCasePage } from '@huijing/contracts';
import { sql } from 'kysely';
import type { Kysely, Transaction } from 'kysely';
import type { Clock } from '../../config/clock';
import { newId } from '../../db/ids';
import type { Database } from '../../db/schema';
import { AppError } from '../../http/app-error';
import { avatarUrl } from '../users/users.service';
import { maskPhones } from './gallery.service';
import './gallery.schema';

type Row = {
  id: string;
  user_id: string;
  name: string;
  updated_at: string;
  nickname: string;
  avatar_file: string | null;
  n: number | string;
  cover_id: string | null;
};

type CaseFilter = { classifyId?: string; authorId?: string; mine?: string };

export type CasesService = ReturnType<typeof createCasesService>;

/**
 * Cases (issue 14): an author's design project, named at publish; its published pictures are
 * shown together. Count and cover are read from the pictures (index gallery_images_case_idx),
 * so hiding or unpublishing a picture updates every case list without bookkeeping.
 */
export const createCasesService = (deps: { db: Kysely<Database>; now: Clock }) => {
  const { db } = deps;

  /** Pictures a list shows: published ones, or every state on the author's own list. */
  const shown = (f: CaseFilter) => (f.mine ? sql`` : sql`and i.status = 'published'`);

  const whereOf = (f: CaseFilter) => {
    const parts = [
      f.classifyId !== undefined
        ? sql`exists (select 1 from gallery_images i join gallery_image_classes k
            on k.image_id = i.id where i.case_id = c.id and i.status = 'published'
            and k.classify_id = ${f.classifyId})`
        : sql`exists (select 1 from gallery_images i where i.case_id = c.id ${shown(f)})`,
    ];
    const owner = f.mine ?? f.authorId;
    if (owner !== undefined) parts.push(sql`c.user_id = ${owner}`);
    return sql`where ${sql.join(parts, sql` and `)}`;
  };

  const rowsOf = async (f: CaseFilter, extra: ReturnType<typeof sql>) =>
    (
      await sql<Row>`select c.id, c.user_id, c.name, c.updated_at, u.nickname, u.avatar_file,
        (select count(*) from gallery_images i where i.case_id = c.id ${shown(f)}) as n,
        (select i.id from gallery_images i where i.case_id = c.id and i.status = 'published'
          order by i.created_at desc, i.id desc limit 1) as cover_id
      from gallery_cases c join users u on u.id = c.user_id ${extra}`.execute(db)
    ).rows;

  const toDtos = async (rows: Row[]): Promise<GalleryCase[]> => {
    const coverIds = rows.flatMap((r) => (r.cover_id ? [r.cover_id] : []));
    const covers = coverIds.length
      ? await db
          .selectFrom('gallery_images')
          .select(['id', 'file_id', 'width', 'height', 'placeholder'])
          .where('id', 'in', coverIds)
          .execute()
      : [];
    const byId = new Map(covers.map((c) => [c.id, c]));
    return rows.map((r) => {
      const cover = r.cover_id ? byId.get(r.cover_id) : undefined;
      return {
        id: r.id,
        name: maskPhones(r.name),
        author: {
          id: r.user_id,
          nickname: maskPhones(r.nickname),
          avatar: avatarUrl(r.avatar_file),
        },
        count: Number(r.n),
        cover: cover
          ? {
              thumbUrl: `/api/files/${cover.file_id}/thumb?w=640`,
              width: cover.width,
              height: cover.height,
              placeholder: cover.placeholder,
            }
          : null,
        updatedAt: r.updated_at,
      };
    });
  };

  return {
    /** The author's case of this name (made on first use), touched so it lists first. */
    async ensure(trx: Transaction<Database> | Kysely<Database>, userId: string, name: string) {
      const at = deps.now().toISOString();
      await trx
        .insertInto('gallery_cases')
        .values({ id: newId(), user_id: userId, name, created_at: at, updated_at: at })
        .onConflict((oc) => oc.columns(['user_id', 'name']).doNothing())
        .execute();
      const row = await trx
        .updateTable('gallery_cases')
        .set({ updated_at: at })
        .where('user_id', '=', userId)
        .where('name', '=', name)
        .returning('id')
        .executeTakeFirstOrThrow();
      return row.id;
    },

    /** Newest-touched first; `mine` needs a signed-in caller. */
    async page(
      query: {
        current: number;
        pageSize: number;
        classifyId?: string;
        authorId?: string;
        scope: 'all' | 'mine';
      },
      viewerId: string | undefined,
    ): Promise<GalleryCasePage> {
      if (query.scope === 'mine' && !viewerId) throw new AppError('UNAUTHORIZED');
      const f: CaseFilter = {
        classifyId: query.classifyId,
        authorId: query.authorId,
        mine: query.scope === 'mine' ? viewerId : undefined,
      };
      const where = whereOf(f);
      const offset = (query.current - 1) * query.pageSize;
      const [rows, total] = await Promise.all([
        rowsOf(
          f,
          sql`${where} order by c.updated_at desc, c.id desc limit ${query.pageSize} offset ${offset}`,
        ),
        sql<{ n: number | string }>`select count(*) as n from gallery_cases c ${where}`.execute(db),
      ]);
      return { list: await toDtos(rows), total: Number(total.rows[0]?.n ?? 0) };
    },

    /** One case: anyone while it shows a published picture, its author always. */
    async get(id: string, viewerId: string | undefined): Promise<GalleryCase> {
      const [row] = await rowsOf({}, sql`where c.id = ${id}`);
      if (!row || (Number(row.n) === 0 && row.user_id !== viewerId)) {
        throw new AppError('GALLERY_CASE_NOT_FOUND');
      }
      const [dto] = await toDtos([row]);
      return dto!;
    },
  };
};
