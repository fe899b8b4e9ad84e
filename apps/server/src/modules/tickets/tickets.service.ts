import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import { createTicketsRepository } from './tickets.repository';
import type { TicketType } from './tickets.repository';

export type TicketsService = ReturnType<typeof createTicketsService>;

export const createTicketsService = (deps: {
  db: Kysely<Database>;
  signupTickets: Partial<Record<TicketType, number>>;
}) => {
  const repo = createTicketsRepository(deps.db);
  return {
    balance: (userId: string, ticketType: TicketType) => repo.balanceOf(userId, ticketType),
    ledgerSum: (userId: string, ticketType: TicketType) => repo.ledgerSum(userId, ticketType),
    entriesFor: (ref: string) => repo.entriesFor(ref),

    /** Runs inside the caller's transaction (db) so a user never exists without their grant. */
    async grantSignupTickets(db: Kysely<Database>, userId: string, at: string): Promise<void> {
      const entries = (Object.entries(deps.signupTickets) as [string, number][])
        .filter(([, count]) => count > 0)
        .map(([type, count]) => ({
          userId,
          ticketType: Number(type) as TicketType,
          delta: count,
          reason: 'signup',
          ref: userId,
          at,
        }));
      await createTicketsRepository(db).creditEntries(entries);
    },

    /** Grants outside signup (purchases, admin gifts); one transaction. */
    async grant(userId: string, ticketType: TicketType, count: number, reason: string, at: string) {
      await deps.db
        .transaction()
        .execute((trx) =>
          createTicketsRepository(trx).creditEntries([
            { userId, ticketType, delta: count, reason, ref: null, at },
          ]),
        );
    },
  };
};
