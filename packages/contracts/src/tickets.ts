import { z } from 'zod';
import { ticketTypeParamSchema } from './common';

/** GET /ai/totalTicket?type=1..4 — data is the balance as a plain number (spec §7). */
export const totalTicketQuerySchema = z.object({ type: ticketTypeParamSchema });
export const totalTicketSchema = z.number().int();
