import { z } from 'zod';

/**
 * The works page (/aiDesignMangement). Listing reuses GET /api/ai/getTaskList with its filters
 * (toolId, family, q, from, to); these are the bulk actions on a selection of the user's tasks.
 */

/** How many works one bulk action takes at once (the page selects at most this many). */
export const WORKS_BULK_MAX = 50;

export const worksSelectionSchema = z.object({
  taskIds: z
    .array(z.string().min(1).max(64))
    .min(1, { message: '请至少选择一个作品' })
    .max(WORKS_BULK_MAX, { message: `一次最多选择 ${WORKS_BULK_MAX} 个作品` }),
});
export type WorksSelection = z.infer<typeof worksSelectionSchema>;

/** POST /api/works/delete: tasks cancelled (tickets back) and finished ones removed. */
export const worksDeleteResultSchema = z.object({
  deleted: z.number().int(),
  canceled: z.number().int(),
});
export type WorksDeleteResult = z.infer<typeof worksDeleteResultSchema>;

/** POST /api/works/zip answers application/zip named photo.zip (spec §9), not an envelope. */
export const WORKS_ZIP_NAME = 'photo.zip';
