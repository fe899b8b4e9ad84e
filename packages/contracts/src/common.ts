import { z } from 'zod';

/** Spec §9: page size 10. */
export const DEFAULT_PAGE_SIZE = 10;

export const pageQuerySchema = z.object({
  page: z.coerce.number().int().min(1).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(DEFAULT_PAGE_SIZE),
});
export type PageQuery = z.infer<typeof pageQuerySchema>;

export const pageSchema = <T extends z.ZodType>(item: T) =>
  z.object({
    list: z.array(item),
    total: z.number().int(),
    page: z.number().int(),
    pageSize: z.number().int(),
  });
export type Page<T> = { list: T[]; total: number; page: number; pageSize: number };

export { ticketTypeNames, ticketTypes } from './plain-constants';
export const ticketTypeParamSchema = z.coerce
  .number()
  .int()
  .refine((n): n is 1 | 2 | 3 | 4 => n >= 1 && n <= 4, { message: '票券类型必须是 1 到 4' });

/** ISO-8601 timestamps travel as strings. */
export const isoDateSchema = z.string();
