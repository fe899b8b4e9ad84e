import type { AdminTaskQuery, AdminTaskRow, TaskStatus } from '@huijing/contracts';
import type { Kysely, Selectable, Transaction } from 'kysely';
import type { Database, TasksTable } from '../../db/schema';

type Db = Kysely<Database> | Transaction<Database>;

/** The outputs column is JSON (TaskOutputRecord[]); the weakest picture speaks for the task. */
const lowestStructureScore = (outputs: string): number | null => {
  try {
    const scores = (JSON.parse(outputs) as { structureScore?: unknown }[])
      .map((o) => o.structureScore)
      .filter((v): v is number => typeof v === 'number');
    return scores.length ? Math.min(...scores) : null;
  } catch {
    return null;
  }
};

const toRow = (r: Selectable<TasksTable> & { phone?: string | null }): AdminTaskRow => ({
  id: r.id,
  userId: r.user_id,
  userPhone: r.phone ?? null,
  toolId: r.tool_id,
  engine: r.engine,
  status: r.status as TaskStatus,
  progress: Number(r.progress),
  price: Number(r.price),
  ticketType: Number(r.ticket_type),
  ticketsState: r.tickets_state,
  attempts: Number(r.attempts),
  error: r.error,
  structureScore: lowestStructureScore(r.outputs),
  createdAt: r.created_at,
  startedAt: r.started_at,
  finishedAt: r.finished_at,
});

/** Every user's tasks for the console (hidden ones included: support needs them). */
export const createAdminTasksRepository = (db: Kysely<Database>) => ({
  async list(q: Partial<AdminTaskQuery> & { current: number; pageSize: number }) {
    let base = db.selectFrom('tasks').leftJoin('users', 'users.id', 'tasks.user_id');
    if (q.status) base = base.where('tasks.status', '=', q.status);
    if (q.toolId) base = base.where('tasks.tool_id', '=', q.toolId);
    if (q.engine) base = base.where('tasks.engine', '=', q.engine);
    if (q.userId) {
      const key = q.userId;
      base = base.where((eb) =>
        eb.or([eb('tasks.user_id', '=', key), eb('users.phone', '=', key)]),
      );
    }
    if (q.from) base = base.where('tasks.created_at', '>=', new Date(q.from).toISOString());
    if (q.to) base = base.where('tasks.created_at', '<=', new Date(q.to).toISOString());
    const total = await base
      .select((eb) => eb.fn.countAll<string | number>().as('n'))
      .executeTakeFirstOrThrow();
    const rows = await base
      .selectAll('tasks')
      .select('users.phone')
      .orderBy('tasks.created_at', q.sortOrder === 'ascend' ? 'asc' : 'desc')
      .orderBy('tasks.id', 'desc')
      .limit(q.pageSize)
      .offset((q.current - 1) * q.pageSize)
      .execute();
    return { list: rows.map(toRow), total: Number(total.n) };
  },

  async find(id: string, trx: Db = db) {
    const row = await trx.selectFrom('tasks').selectAll().where('id', '=', id).executeTakeFirst();
    return row ? toRow(row) : undefined;
  },

  /** queued | running → canceled, kept visible to its owner (unlike the owner's own delete). */
  async cancel(trx: Db, id: string, at: string): Promise<boolean> {
    const r = await trx
      .updateTable('tasks')
      .set({
        status: 'canceled',
        error: '已被管理员取消',
        finished_at: at,
        updated_at: at,
        lease_until: null,
      })
      .where('id', '=', id)
      .where('status', 'in', ['queued', 'running'])
      .executeTakeFirst();
    return Number(r.numUpdatedRows) === 1;
  },

  /** Per engine: queued and running now, finished and failed within the window. */
  async engineLoad(since: string) {
    const rows = await db
      .selectFrom('tasks')
      .select(['engine', 'status'])
      .select((eb) => eb.fn.countAll<string | number>().as('n'))
      .where((eb) =>
        eb.or([
          eb('status', 'in', ['queued', 'running']),
          eb.and([eb('status', 'in', ['succeeded', 'failed']), eb('finished_at', '>=', since)]),
        ]),
      )
      .groupBy(['engine', 'status'])
      .execute();
    const load = new Map<string, Record<TaskStatus, number>>();
    for (const r of rows) {
      const entry = load.get(r.engine) ?? {
        queued: 0,
        running: 0,
        succeeded: 0,
        failed: 0,
        canceled: 0,
      };
      entry[r.status as TaskStatus] = Number(r.n);
      load.set(r.engine, entry);
    }
    return load;
  },

  /** Each engine's newest failed tasks since `since`, newest first, at most `each` apiece. */
  async recentErrors(since: string, each: number) {
    const rows = await db
      .selectFrom('tasks')
      .select(['engine', 'tool_id', 'error', 'finished_at'])
      .where('status', '=', 'failed')
      .where('finished_at', '>=', since)
      .orderBy('finished_at', 'desc')
      .limit(each * 20)
      .execute();
    const byEngine = new Map<string, { at: string; toolId: string; message: string | null }[]>();
    for (const r of rows) {
      const list = byEngine.get(r.engine) ?? [];
      if (list.length < each)
        list.push({ at: r.finished_at!, toolId: r.tool_id, message: r.error });
      byEngine.set(r.engine, list);
    }
    return byEngine;
  },
});
