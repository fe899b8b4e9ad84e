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

/** Spec §3: ticket kinds 1 general, 2 live, 3 gpt, 4 video. */
export const ticketTypes = [1, 2, 3, 4] as const;
export const ticketTypeParamSchema = z.coerce
  .number()
  .int()
  .refine((n): n is 1 | 2 | 3 | 4 => n >= 1 && n <= 4, { message: '票券类型必须是 1 到 4' });
export const ticketTypeNames = {
  1: { 'zh-CN': '通用次数', 'en-US': 'General' },
  2: { 'zh-CN': '实时渲染次数', 'en-US': 'Live render' },
  3: { 'zh-CN': 'AI 助手次数', 'en-US': 'Assistant' },
  4: { 'zh-CN': '视频次数', 'en-US': 'Video' },
} as const;

/** ISO-8601 timestamps travel as strings. */
export const isoDateSchema = z.string();
