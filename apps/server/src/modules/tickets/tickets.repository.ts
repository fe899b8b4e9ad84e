import { sql } from 'kysely';
import type { Kysely } from 'kysely';
import { newId } from '../../db/ids';
import type { Database } from '../../db/schema';

export type TicketType = 1 | 2 | 3 | 4;

export type LedgerEntry = {
  userId: string;
  ticketType: TicketType;
  /** Positive grants, negative spends; the balance is their sum. */
  delta: number;
  /** Why: 'signup', later 'hold', 'capture', 'release', 'purchase'… */
  reason: string;
  ref?: string | null;
  at: string;
};

export type TicketsRepository = ReturnType<typeof createTicketsRepository>;

/**
 * The ticket ledger is append-only: rows are never updated or deleted, so every balance can be
 * explained line by line. The task platform adds holds and captures as more entries here.
 */
export const createTicketsRepository = (db: Kysely<Database>) => ({
  async appendEntries(entries: LedgerEntry[]): Promise<void> {
    if (entries.length === 0) return;
    await db
      .insertInto('ticket_ledger')
      .values(
        entries.map((e) => ({
          id: newId(),
          user_id: e.userId,
          ticket_type: e.ticketType,
          delta: e.delta,
          reason: e.reason,
          ref: e.ref ?? null,
          created_at: e.at,
        })),
      )
      .execute();
  },

  async balanceOf(userId: string, ticketType: TicketType): Promise<number> {
    const row = await db
      .selectFrom('ticket_ledger')
      .select(sql<string | number | null>`sum(delta)`.as('balance'))
      .where('user_id', '=', userId)
      .where('ticket_type', '=', ticketType)
      .executeTakeFirst();
    // PostgreSQL returns bigint sums as strings.
    return Number(row?.balance ?? 0);
  },
});
