import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import { AppError } from '../../http/app-error';
import { createTicketsRepository } from '../tickets/tickets.repository';
import { createTasksRepository, type NewTask } from './tasks.repository';

/**
 * Inside the caller's transaction: takes the task's place in the queue, holds its price in
 * tickets (refused as TICKETS_INSUFFICIENT, which rolls everything back) and stores the queued
 * row. Every way a task is submitted (tools, the image-editing model) goes through here, so a
 * queued row without its held tickets cannot exist. Returns the queue sequence number.
 */
export const queueHeldTask = async (
  trx: Kysely<Database>,
  task: Omit<NewTask, 'status' | 'ticketsState'>,
): Promise<number> => {
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
