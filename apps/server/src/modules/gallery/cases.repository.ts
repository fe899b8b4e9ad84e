import { sql } from 'kysely';
import type { Kysely, RawBuilder } from 'kysely';
import type { Database } from '../../db/schema';
import '../works/projects.schema';
import './gallery.schema';

/** A case as listed: its author, how many pictures it shows and its newest published one. */
export type CaseRow = {
  id: string;
  user_id: string;
  name: string;
  updated_at: string;
  nickname: string;
  avatar_file: string | null;
  n: number | string;
  cover_id: string | null;
};

export type CaseFilter = { classifyId?: string; authorId?: string; mine?: string };

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

/**
 * SQL of cases and of the works projects they come from. Count and cover are read from the
 * pictures (index gallery_images_case_idx), so hiding or unpublishing a picture updates every
 * case list without bookkeeping.
 */
export const createCasesRepository = (db: Kysely<Database>) => {
  const rowsOf = async (f: CaseFilter, extra: RawBuilder<unknown>) =>
    (
      await sql<CaseRow>`select c.id, c.user_id, c.name, c.updated_at, u.nickname, u.avatar_file,
        (select count(*) from gallery_images i where i.case_id = c.id ${shown(f)}) as n,
        (select i.id from gallery_images i where i.case_id = c.id and i.status = 'published'
          order by i.created_at desc, i.id desc limit 1) as cover_id
      from gallery_cases c join users u on u.id = c.user_id ${extra}`.execute(db)
    ).rows;

  return {
    /** Newest-touched first, one page, with the total of the filter. */
    async page(f: CaseFilter, pageSize: number, offset: number) {
      const where = whereOf(f);
      const [rows, total] = await Promise.all([
        rowsOf(
          f,
          sql`${where} order by c.updated_at desc, c.id desc limit ${pageSize} offset ${offset}`,
        ),
        sql<{ n: number | string }>`select count(*) as n from gallery_cases c ${where}`.execute(db),
      ]);
      return { rows, total: Number(total.rows[0]?.n ?? 0) };
    },

    async find(id: string): Promise<CaseRow | undefined> {
      const [row] = await rowsOf({}, sql`where c.id = ${id}`);
      return row;
    },

    async covers(imageIds: string[]) {
      if (imageIds.length === 0) return [];
      return db
        .selectFrom('gallery_images')
        .select(['id', 'file_id', 'width', 'height', 'placeholder'])
        .where('id', 'in', imageIds)
        .execute();
    },

    /** The author's case of this name, made when missing, touched so it lists first. */
    async ensureNamed(c: { newId: string; userId: string; name: string; at: string }) {
      await db
        .insertInto('gallery_cases')
        .values({
          id: c.newId,
          user_id: c.userId,
          name: c.name,
          created_at: c.at,
          updated_at: c.at,
        })
        .onConflict((oc) => oc.columns(['user_id', 'name']).doNothing())
        .execute();
      const row = await db
        .updateTable('gallery_cases')
        .set({ updated_at: c.at })
        .where('user_id', '=', c.userId)
        .where('name', '=', c.name)
        .returning('id')
        .executeTakeFirstOrThrow();
      return row.id;
    },

    async findOwnedProject(userId: string, projectId: string) {
      return db
        .selectFrom('work_projects')
        .select(['id', 'name'])
        .where('id', '=', projectId)
        .where('user_id', '=', userId)
        .executeTakeFirst();
    },

    async findByName(userId: string, name: string) {
      return db
        .selectFrom('gallery_cases')
        .select(['id', 'project_id'])
        .where('user_id', '=', userId)
        .where('name', '=', name)
        .executeTakeFirst();
    },

    async findLinked(projectId: string): Promise<{ id: string } | undefined> {
      return db
        .selectFrom('gallery_cases')
        .select('id')
        .where('project_id', '=', projectId)
        .executeTakeFirst();
    },

    /** Touches a case, renaming it when `name` is given. */
    async touch(id: string, at: string, name?: string): Promise<void> {
      await db
        .updateTable('gallery_cases')
        .set({ updated_at: at, ...(name !== undefined && { name }) })
        .where('id', '=', id)
        .execute();
    },

    async link(id: string, projectId: string, at: string): Promise<void> {
      await db
        .updateTable('gallery_cases')
        .set({ project_id: projectId, updated_at: at })
        .where('id', '=', id)
        .execute();
    },

    /** A new case linked to a project; nothing when a concurrent insert won. */
    async insertLinked(c: {
      id: string;
      userId: string;
      name: string;
      projectId: string;
      at: string;
    }): Promise<void> {
      await db
        .insertInto('gallery_cases')
        .values({
          id: c.id,
          user_id: c.userId,
          name: c.name,
          project_id: c.projectId,
          created_at: c.at,
          updated_at: c.at,
        })
        .onConflict((oc) => oc.doNothing())
        .execute();
    },

    /** The owner's visible work with its works project, if it is in one. */
    async workWithProject(userId: string, taskId: string) {
      return db
        .selectFrom('tasks as t')
        .leftJoin('work_projects as p', (j) =>
          j.onRef('p.id', '=', 't.project_id').on('p.user_id', '=', userId),
        )
        .select(['t.id', 'p.id as project_id', 'p.name as project_name'])
        .where('t.id', '=', taskId)
        .where('t.user_id', '=', userId)
        .where('t.hidden', '=', 0)
        .executeTakeFirst();
    },

    /** Ids of the project's visible finished works, newest first. */
    async finishedWorkIds(userId: string, projectId: string, limit: number): Promise<string[]> {
      const rows = await db
        .selectFrom('tasks')
        .select('id')
        .where('user_id', '=', userId)
        .where('project_id', '=', projectId)
        .where('hidden', '=', 0)
        .where('status', '=', 'succeeded')
        .orderBy('seq', 'desc')
        .limit(limit)
        .execute();
      return rows.map((r) => r.id);
    },
  };
};
