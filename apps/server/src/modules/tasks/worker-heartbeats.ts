import type { Kysely } from 'kysely';
import type { Generated } from 'kysely';
import type { Database } from '../../db/schema';

/** One row per live worker process (migration 0007). */
export type WorkersTable = {
  id: string;
  host: string;
  pid: number;
  /** JSON array of the engine lanes it takes jobs from. */
  lanes: string;
  started_at: string;
  heartbeat_at: string;
};

declare module '../../db/schema' {
  interface Database {
    workers: WorkersTable;
  }
  interface TasksTable {
    /** Restarts that found the task interrupted (migration 0007); only the first is free. */
    interruptions: Generated<number>;
  }
}

export type WorkerHeartbeat = {
  id: string;
  host: string;
  pid: number;
  lanes: string[];
  startedAt: string;
  heartbeatAt: string;
};

/** Heartbeats every HEARTBEAT_MS; a worker silent for DEAD_AFTER_MS is dead (its tasks re-queue). */
export const HEARTBEAT_MS = 2_000;
export const DEAD_AFTER_MS = 7_000;

export const createWorkersRepository = (db: Kysely<Database>) => ({
  async beat(w: Omit<WorkerHeartbeat, 'heartbeatAt'>, at: string): Promise<void> {
    await db
      .insertInto('workers')
      .values({
        id: w.id,
        host: w.host,
        pid: w.pid,
        lanes: JSON.stringify(w.lanes),
        started_at: w.startedAt,
        heartbeat_at: at,
      })
      .onConflict((oc) => oc.column('id').doUpdateSet({ heartbeat_at: at }))
      .execute();
  },

  async remove(id: string): Promise<void> {
    await db.deleteFrom('workers').where('id', '=', id).execute();
  },

  async list(): Promise<WorkerHeartbeat[]> {
    const rows = await db.selectFrom('workers').selectAll().orderBy('started_at').execute();
    return rows.map((r) => ({
      id: r.id,
      host: r.host,
      pid: Number(r.pid),
      lanes: JSON.parse(r.lanes) as string[],
      startedAt: r.started_at,
      heartbeatAt: r.heartbeat_at,
    }));
  },

  /** Rows silent since before `before` (dead workers); long-dead rows are swept (worker-traces.ts). */
  async silentSince(before: string): Promise<WorkerHeartbeat[]> {
    return (await this.list()).filter((w) => w.heartbeatAt < before);
  },

  /** Deletes the rows silent since before `before`; how many went. */
  async prune(before: string): Promise<number> {
    const r = await db.deleteFrom('workers').where('heartbeat_at', '<', before).executeTakeFirst();
    return Number(r.numDeletedRows);
  },

  async liveCount(since: string): Promise<number> {
    const row = await db
      .selectFrom('workers')
      .select((eb) => eb.fn.countAll<string | number>().as('n'))
      .where('heartbeat_at', '>=', since)
      .executeTakeFirstOrThrow();
    return Number(row.n);
  },
});
