import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';

/** SQL of the queue estimate: run times of a tool's finished runs. */
export const createQueueEstimateRepository = (db: Kysely<Database>) => ({
  /** Start and finish of the tool's last `limit` successful runs, newest first. */
  async recentRunTimes(
    toolId: string,
    limit: number,
  ): Promise<{ startedAt: string; finishedAt: string }[]> {
    const rows = await db
      .selectFrom('tasks')
      .select(['started_at', 'finished_at'])
      .where('tool_id', '=', toolId)
      .where('status', '=', 'succeeded')
      .where('started_at', 'is not', null)
      .where('finished_at', 'is not', null)
      .orderBy('finished_at', 'desc')
      .limit(limit)
      .execute();
    return rows.map((r) => ({ startedAt: r.started_at!, finishedAt: r.finished_at! }));
  },
});
