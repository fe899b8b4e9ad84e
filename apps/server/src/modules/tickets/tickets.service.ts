import type { Kysely } from 'kysely';
import { z } from 'zod';
import type { Database } from '../../db/schema';
import { createTicketsRepository } from './tickets.repository';
import type { TicketType } from './tickets.repository';

const SIGNUP_SETTING_KEY = 'admin.signupTickets';
const signupSettingSchema = z.partialRecord(z.enum(['1', '2', '3', '4']), z.number().int().min(0));

export type TicketsService = ReturnType<typeof createTicketsService>;

export const createTicketsService = (deps: {
  db: Kysely<Database>;
  signupTickets: Partial<Record<TicketType, number>>;
}) => {
  const repo = createTicketsRepository(deps.db);
  // The admin console's setting (admin.signupTickets) wins over SIGNUP_TICKETS, read at each signup.
  const signupGrant = async (db: Kysely<Database>) => {
    const row = await db
      .selectFrom('app_settings')
      .select('value')
      .where('key', '=', SIGNUP_SETTING_KEY)
      .executeTakeFirst();
    const stored = row ? signupSettingSchema.safeParse(JSON.parse(row.value)) : undefined;
    return stored?.success ? stored.data : deps.signupTickets;
  };
  return {
    balance: (userId: string, ticketType: TicketType) => repo.balanceOf(userId, ticketType),
    ledgerSum: (userId: string, ticketType: TicketType) => repo.ledgerSum(userId, ticketType),
    entriesFor: (ref: string) => repo.entriesFor(ref),

    /** Runs inside the caller's transaction (db) so a user never exists without their grant. */
    async grantSignupTickets(db: Kysely<Database>, userId: string, at: string): Promise<void> {
      const entries = (Object.entries(await signupGrant(db)) as [string, number][])
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
