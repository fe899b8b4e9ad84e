import type { GalleryCase, GalleryCasePage } from '@huijing/contracts';
import { sql } from 'kysely';
import type { Kysely, Transaction } from 'kysely';
import type { Clock } from '../../config/clock';
import { newId } from '../../db/ids';
import type { Database } from '../../db/schema';
import { AppError } from '../../http/app-error';
import { avatarUrl } from '../users/users.service';
import { maskPhones } from './gallery.service';
import '../first-hour/projects.schema';
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

    /** The caller's works project (issue 18), or PROJECT_NOT_FOUND. */
    async ownedProject(userId: string, projectId: string) {
      const project = await db
        .selectFrom('work_projects')
        .select(['id', 'name'])
        .where('id', '=', projectId)
        .where('user_id', '=', userId)
        .executeTakeFirst();
      if (!project) throw new AppError('PROJECT_NOT_FOUND');
      return project;
    },

    /**
     * The case of a works project: the one linked to it; else the author's unlinked case of the
     * project's name, linked now; else a new one. It takes the project's current name when free
     * (a renamed project renames its case); another project's case of that name is a 409.
     */
    async ensureForProject(userId: string, projectId: string): Promise<string> {
      const project = await this.ownedProject(userId, projectId);
      const at = deps.now().toISOString();
      const byName = await db
        .selectFrom('gallery_cases')
        .select(['id', 'project_id'])
        .where('user_id', '=', userId)
        .where('name', '=', project.name)
        .executeTakeFirst();
      const linked = await db
        .selectFrom('gallery_cases')
        .select('id')
        .where('project_id', '=', project.id)
        .executeTakeFirst();
      if (linked) {
        const nameFree = !byName || byName.id === linked.id;
        await db
          .updateTable('gallery_cases')
          .set({ updated_at: at, ...(nameFree && { name: project.name }) })
          .where('id', '=', linked.id)
          .execute();
        return linked.id;
      }
      if (byName && byName.project_id !== null) throw new AppError('GALLERY_CASE_NAME_TAKEN');
      if (byName) {
        // Two publishes racing here both link the same row: the same project id either way.
        await db
          .updateTable('gallery_cases')
          .set({ project_id: project.id, updated_at: at })
          .where('id', '=', byName.id)
          .execute();
        return byName.id;
      }
      await db
        .insertInto('gallery_cases')
        .values({
          id: newId(),
          user_id: userId,
          name: project.name,
          project_id: project.id,
          created_at: at,
          updated_at: at,
        })
        .onConflict((oc) => oc.doNothing())
        .execute();
      // A concurrent first publish of the same project may have inserted it: read the one row.
      const row = await db
        .selectFrom('gallery_cases')
        .select('id')
        .where('project_id', '=', project.id)
        .executeTakeFirst();
      if (!row) throw new AppError('CONFLICT');
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
