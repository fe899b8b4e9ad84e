import { envelopeSchema, ok, totalTicketQuerySchema, totalTicketSchema } from '@huijing/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { userOf } from '../auth/authenticate';
import type { AuthGuards } from '../auth/authenticate';
import type { TicketsService } from './tickets.service';

/** /api/ai/totalTicket?type=1..4 — spec §7: data is the balance as a number. */
export const ticketsRoutes: FastifyPluginAsyncZod<{
  tickets: TicketsService;
  guards: AuthGuards;
}> = async (app, { tickets, guards }) => {
  app.get(
    '/totalTicket',
    {
      onRequest: guards.requireUser,
      schema: {
        querystring: totalTicketQuerySchema,
        response: { 200: envelopeSchema(totalTicketSchema) },
      },
    },
    async (request) => ok(await tickets.balance(userOf(request).userId, request.query.type)),
  );
};
