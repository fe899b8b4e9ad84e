import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import type { TaskOutputRecord } from '../tasks/tasks.repository';

/** The table of migration 0006, added to the app's schema type where it is used. */
export interface TaskSharesTable {
  token: string;
  task_id: string;
  user_id: string;
  created_at: string;
  revoked_at: string | null;
}

/** What a share link shows: the finished task's outputs, never its owner, inputs or id. */
export type SharedTaskRecord = {
  toolId: string;
  ticketType: number;
  outputs: TaskOutputRecord[];
  createdAt: string;
  finishedAt: string | null;
};

export type SharesRepository = ReturnType<typeof createSharesRepository>;

export const createSharesRepository = (base: Kysely<Database>) => {
  const db = base.withTables<{ task_shares: TaskSharesTable }>();
  return {
    async activeToken(userId: string, taskId: string): Promise<string | undefined> {
      const row = await db
        .selectFrom('task_shares')
        .select('token')
        .where('task_id', '=', taskId)
        .where('user_id', '=', userId)
        .where('revoked_at', 'is', null)
        .orderBy('created_at', 'desc')
        .executeTakeFirst();
      return row?.token;
    },

    async insertShare(share: { token: string; taskId: string; userId: string; at: string }) {
      await db
        .insertInto('task_shares')
        .values({
          token: share.token,
          task_id: share.taskId,
          user_id: share.userId,
          created_at: share.at,
        })
        .execute();
    },

    /** Revokes every active link of the owner's task; answers how many there were. */
    async revoke(userId: string, taskId: string, at: string): Promise<number> {
      const r = await db
        .updateTable('task_shares')
        .set({ revoked_at: at })
        .where('task_id', '=', taskId)
        .where('user_id', '=', userId)
        .where('revoked_at', 'is', null)
        .executeTakeFirst();
      return Number(r.numUpdatedRows);
    },

    /**
     * The shared task behind an active token. The owner must still own it (user ids match), it
     * must not be deleted (hidden) and must have succeeded: a link never outlives those.
     */
    async findShared(token: string): Promise<SharedTaskRecord | undefined> {
      const row = await db
        .selectFrom('task_shares as s')
        .innerJoin('tasks as t', (j) =>
          j.onRef('t.id', '=', 's.task_id').onRef('t.user_id', '=', 's.user_id'),
        )
        .select([
          't.tool_id as toolId',
          't.ticket_type as ticketType',
          't.outputs as outputs',
          't.created_at as createdAt',
          't.finished_at as finishedAt',
        ])
        .where('s.token', '=', token)
        .where('s.revoked_at', 'is', null)
        .where('t.hidden', '=', 0)
        .where('t.status', '=', 'succeeded')
        .executeTakeFirst();
      if (!row) return undefined;
      return {
        toolId: row.toolId,
        ticketType: Number(row.ticketType),
        outputs: JSON.parse(row.outputs) as TaskOutputRecord[],
        createdAt: row.createdAt,
        finishedAt: row.finishedAt,
      };
    },
  };
};
