import { z } from 'zod';

/**
 * Every response under /api has this one shape (ARCHITECTURE rule 8).
 * `code` is 0 on success, otherwise a stable number from the error catalogue.
 */
export const envelopeSchema = <T extends z.ZodType>(data: T) =>
  z.object({
    success: z.boolean(),
    code: z.number().int(),
    message: z.string(),
    data,
    requestId: z.string().optional(),
  });

export type Envelope<T> = {
  success: boolean;
  code: number;
  message: string;
  data: T;
  requestId?: string;
};

export const ok = <T>(data: T, message = 'ok'): Envelope<T> => ({
  success: true,
  code: 0,
  message,
  data,
});
