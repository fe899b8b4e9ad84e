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
  /** Why: 'signup', 'hold', 'capture', 'release', 'purchase'… */
  reason: string;
  ref?: string | null;
  at: string;
};

export type TicketsRepository = ReturnType<typeof createTicketsRepository>;

const ledgerRow = (e: LedgerEntry) => ({
  id: newId(),
  user_id: e.userId,
  ticket_type: e.ticketType,
  delta: e.delta,
  reason: e.reason,
  ref: e.ref ?? null,
  created_at: e.at,
});

/**
 * The ticket ledger is append-only: rows are never updated or deleted, so every balance can be
 * explained line by line. ticket_balances is its running sum, written in the same transaction as
 * every line, so a hold can be one conditional UPDATE that never lets a balance go below zero.
 * Every method that writes two tables expects to run inside the caller's transaction (db).
 */
export const createTicketsRepository = (db: Kysely<Database>) => ({
  /** Grants (positive deltas): ledger lines plus the balances they add up to. */
  async creditEntries(entries: LedgerEntry[]): Promise<void> {
    if (entries.length === 0) return;
    await db.insertInto('ticket_ledger').values(entries.map(ledgerRow)).execute();
    for (const e of entries) {
      await db
        .insertInto('ticket_balances')
        .values({ user_id: e.userId, ticket_type: e.ticketType, balance: e.delta })
        .onConflict((oc) =>
          oc.columns(['user_id', 'ticket_type']).doUpdateSet({
            balance: sql<number>`ticket_balances.balance + ${e.delta}`,
          }),
        )
        .execute();
    }
  },

  /**
   * Takes `amount` tickets if the balance allows, atomically: the WHERE clause is re-checked
   * under the row lock, so 200 concurrent holds against a balance of 37 let exactly 37 through.
   */
  async holdTickets(
    userId: string,
    ticketType: TicketType,
    amount: number,
    ref: string,
    at: string,
  ): Promise<boolean> {
    const result = await db
      .updateTable('ticket_balances')
      .set({ balance: sql<number>`balance - ${amount}` })
      .where('user_id', '=', userId)
      .where('ticket_type', '=', ticketType)
      .where('balance', '>=', amount)
      .executeTakeFirst();
    if (Number(result.numUpdatedRows) !== 1) return false;
    await db
      .insertInto('ticket_ledger')
      .values(ledgerRow({ userId, ticketType, delta: -amount, reason: 'hold', ref, at }))
      .execute();
    return true;
  },

  /** A held amount becomes spent: a zero line that records the capture. */
  async captureHeld(userId: string, ticketType: TicketType, ref: string, at: string) {
    await db
      .insertInto('ticket_ledger')
      .values(ledgerRow({ userId, ticketType, delta: 0, reason: 'capture', ref, at }))
      .execute();
  },

  /** A held amount goes back. */
  async releaseHeld(
    userId: string,
    ticketType: TicketType,
    amount: number,
    ref: string,
    at: string,
  ): Promise<void> {
    await db
      .insertInto('ticket_ledger')
      .values(ledgerRow({ userId, ticketType, delta: amount, reason: 'release', ref, at }))
      .execute();
    await db
      .updateTable('ticket_balances')
      .set({ balance: sql<number>`balance + ${amount}` })
      .where('user_id', '=', userId)
      .where('ticket_type', '=', ticketType)
      .execute();
  },

  async balanceOf(userId: string, ticketType: TicketType): Promise<number> {
    const row = await db
      .selectFrom('ticket_balances')
      .select('balance')
      .where('user_id', '=', userId)
      .where('ticket_type', '=', ticketType)
      .executeTakeFirst();
    return Number(row?.balance ?? 0);
  },

  /** The ledger's own sum, for audits and tests: always equal to balanceOf. */
  async ledgerSum(userId: string, ticketType: TicketType): Promise<number> {
    const row = await db
      .selectFrom('ticket_ledger')
      .select(sql<string | number | null>`sum(delta)`.as('balance'))
      .where('user_id', '=', userId)
      .where('ticket_type', '=', ticketType)
      .executeTakeFirst();
    // PostgreSQL returns bigint sums as strings.
    return Number(row?.balance ?? 0);
  },

  async entriesFor(ref: string): Promise<{ reason: string; delta: number }[]> {
    return db
      .selectFrom('ticket_ledger')
      .select(['reason', 'delta'])
      .where('ref', '=', ref)
      .orderBy('created_at')
      .execute();
  },
});
