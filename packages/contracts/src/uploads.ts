import { z } from 'zod';

/** POST /api/upload — multipart (one file) or JSON {image: data URL}. */
export const uploadJsonBodySchema = z.object({ image: z.string().min(1) });

export const uploadResultSchema = z.object({
  fileId: z.string(),
  /** Signed for the owner, valid at least an hour. */
  url: z.string(),
  thumbUrl: z.string().nullable(),
  width: z.number().int(),
  height: z.number().int(),
  /** True when the image was larger than 4000 px and redrawn at 1024 px (spec §5). */
  resized: z.boolean(),
});
export type UploadResult = z.infer<typeof uploadResultSchema>;

export { IMAGE_RESIZED_NOTICE } from './plain-constants';

export const fileParamsSchema = z.object({ id: z.string().min(1).max(64) });
export const fileQuerySchema = z.object({
  exp: z.string().max(20).optional(),
  sig: z.string().max(64).optional(),
  w: z.coerce.number().int().min(1).max(4096).optional(),
});

/**
 * POST /api/upload/links — fresh signed links for the signed-in user's own files (a page restored
 * from local storage holds links that expired). Unknown and other people's ids are simply left
 * out of the answer, so the page drops those inputs.
 */
export const UPLOAD_LINKS_MAX = 50;
export const uploadLinksBodySchema = z.object({
  fileIds: z.array(z.string().min(1).max(64)).min(1).max(UPLOAD_LINKS_MAX),
});
export type UploadLinksBody = z.infer<typeof uploadLinksBodySchema>;

export const fileLinkSchema = z.object({
  fileId: z.string(),
  url: z.string(),
  thumbUrl: z.string().nullable(),
});
export const uploadLinksResultSchema = z.object({ links: z.array(fileLinkSchema) });
export type UploadLinksResult = z.infer<typeof uploadLinksResultSchema>;
