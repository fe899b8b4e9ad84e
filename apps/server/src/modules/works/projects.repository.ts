import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import './projects.schema';

export type ProjectRecord = { id: string; name: string; count: number; createdAt: string };

const affected = (r: { numUpdatedRows?: bigint; numDeletedRows?: bigint }) =>
  Number(r.numUpdatedRows ?? r.numDeletedRows ?? 0);

/** SQL of works projects; every statement is scoped to its owner. */
export const createProjectsRepository = (db: Kysely<Database>) => ({
  /** The owner's projects, oldest first, each with its visible works counted. */
  async listOwned(userId: string): Promise<ProjectRecord[]> {
    const rows = await db
      .selectFrom('work_projects as p')
      .leftJoin('tasks as t', (j) =>
        j.onRef('t.project_id', '=', 'p.id').on('t.hidden', '=', 0).on('t.user_id', '=', userId),
      )
      .select([
        'p.id',
        'p.name',
        'p.created_at',
        (eb) => eb.fn.count<string | number>('t.id').as('n'),
      ])
      .where('p.user_id', '=', userId)
      .groupBy(['p.id', 'p.name', 'p.created_at'])
      .orderBy('p.created_at')
      .orderBy('p.id')
      .execute();
    return rows.map((r) => ({
      id: r.id,
      name: r.name,
      createdAt: r.created_at,
      count: Number(r.n),
    }));
  },

  async countUnfiled(userId: string): Promise<number> {
    const row = await db
      .selectFrom('tasks')
      .select((eb) => eb.fn.countAll<string | number>().as('n'))
      .where('user_id', '=', userId)
      .where('hidden', '=', 0)
      .where('project_id', 'is', null)
      .executeTakeFirstOrThrow();
    return Number(row.n);
  },

  async countOwned(userId: string): Promise<number> {
    const row = await db
      .selectFrom('work_projects')
      .select((eb) => eb.fn.countAll<string | number>().as('n'))
      .where('user_id', '=', userId)
      .executeTakeFirstOrThrow();
    return Number(row.n);
  },

  async findByName(userId: string, name: string): Promise<{ id: string } | undefined> {
    return db
      .selectFrom('work_projects')
      .select('id')
      .where('user_id', '=', userId)
      .where('name', '=', name)
      .executeTakeFirst();
  },

  async ownedExists(userId: string, id: string): Promise<boolean> {
    const row = await db
      .selectFrom('work_projects')
      .select('id')
      .where('id', '=', id)
      .where('user_id', '=', userId)
      .executeTakeFirst();
    return row !== undefined;
  },

  async insert(p: { id: string; userId: string; name: string; at: string }): Promise<void> {
    await db
      .insertInto('work_projects')
      .values({ id: p.id, user_id: p.userId, name: p.name, created_at: p.at })
      .execute();
  },

  async rename(userId: string, id: string, name: string): Promise<boolean> {
    const r = await db
      .updateTable('work_projects')
      .set({ name })
      .where('id', '=', id)
      .where('user_id', '=', userId)
      .executeTakeFirst();
    return affected(r) === 1;
  },

  /** Removes the project; its works stay, in no project. */
  async remove(userId: string, id: string): Promise<boolean> {
    return db.transaction().execute(async (trx) => {
      await trx
        .updateTable('tasks')
        .set({ project_id: null })
        .where('user_id', '=', userId)
        .where('project_id', '=', id)
        .execute();
      const r = await trx
        .deleteFrom('work_projects')
        .where('id', '=', id)
        .where('user_id', '=', userId)
        .executeTakeFirst();
      return affected(r) === 1;
    });
  },

  /** Moves the owner's visible works; someone else's ids are simply not matched. */
  async move(userId: string, taskIds: string[], projectId: string | null): Promise<number> {
    const r = await db
      .updateTable('tasks')
      .set({ project_id: projectId })
      .where('user_id', '=', userId)
      .where('hidden', '=', 0)
      .where('id', 'in', taskIds)
      .executeTakeFirst();
    return affected(r);
  },
});
