import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import { createTicketsRepository } from '../tickets/tickets.repository';
import { createTasksRepository } from './tasks.repository';
import type { TaskRecord } from './tasks.repository';

/**
 * Captures or releases a task's held tickets, inside the caller's transaction. The tickets_state
 * flip held → captured|released is a conditional UPDATE, so of any number of callers (the
 * worker, a cancel, the lease sweeper) exactly one writes the ledger line.
 */
export const settleTaskTickets = async (
  trx: Kysely<Database>,
  task: Pick<TaskRecord, 'id' | 'userId' | 'ticketType' | 'price'>,
  to: 'captured' | 'released',
  at: string,
): Promise<boolean> => {
  if (!(await createTasksRepository(trx).settleTickets(task.id, to))) return false;
  const tickets = createTicketsRepository(trx);
  if (to === 'captured') await tickets.captureHeld(task.userId, task.ticketType, task.id, at);
  else await tickets.releaseHeld(task.userId, task.ticketType, task.price, task.id, at);
  return true;
};
