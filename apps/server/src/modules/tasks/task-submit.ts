import { sql } from 'kysely';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import { AppError } from '../../http/app-error';
import { createTicketsRepository } from '../tickets/tickets.repository';
import { createTasksRepository, type NewTask } from './tasks.repository';

/** Queued + running tasks one user may have per engine lane (TASK_USER_LANE_CAP). */
export const DEFAULT_USER_LANE_CAP = 20;

/**
 * Inside the caller's transaction: checks the user's per-lane cap, takes the task's place in the queue, holds its price in
 * tickets (refused as TICKETS_INSUFFICIENT, which rolls everything back) and stores the queued
 * row. Every way a task is submitted (tools, the image-editing model) goes through here, so a
 * queued row without its held tickets cannot exist. Returns the queue sequence number.
 */
export const queueHeldTask = async (
  trx: Kysely<Database>,
  task: Omit<NewTask, 'status' | 'ticketsState'>,
  laneCap: number = DEFAULT_USER_LANE_CAP,
): Promise<number> => {
  // Fairness: one account cannot fill a lane (free tools included); the message says the limit.
  // The no-op update locks the user's row, so concurrent submits of one user count one by one.
  await trx
    .updateTable('users')
    .set({ id: sql<string>`id` })
    .where('id', '=', task.userId)
    .execute();
  if ((await createTasksRepository(trx).activeInLane(task.userId, task.engine)) >= laneCap) {
    throw new AppError('TASK_QUEUE_FULL', {
      message: `排队和进行中的任务最多 ${laneCap} 个，请等前面的任务完成后再提交`,
      data: { limit: laneCap },
    });
  }
  const seq = await createTasksRepository(trx).nextSeq();
  if (task.price > 0) {
    const held = await createTicketsRepository(trx).holdTickets(
      task.userId,
      task.ticketType,
      task.price,
      task.id,
      task.createdAt,
    );
    if (!held) throw new AppError('TICKETS_INSUFFICIENT');
  }
  await createTasksRepository(trx).insertTask(
    { ...task, status: 'queued', ticketsState: task.price > 0 ? 'held' : 'none' },
    seq,
  );
  return seq;
};
