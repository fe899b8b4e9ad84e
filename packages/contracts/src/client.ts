import { z } from 'zod';
import { isSafePublishedUrl } from './security';

/** One published desktop-client build, as an admin enters it (the `client.downloads` setting). */
export const clientReleaseSchema = z.object({
  platform: z.enum(['windows', 'macos']),
  version: z.string().trim().min(1, { message: '请填写版本号' }).max(40),
  url: z
    .string()
    .trim()
    .min(1, { message: '请填写下载地址' })
    .max(1000)
    .refine(isSafePublishedUrl, {
      message: '下载地址须以 https:// 开头，或是本站路径（以单个 / 开头）',
    }),
  /** Release date, YYYY-MM-DD. */
  releasedAt: z
    .string()
    .regex(/^\d{4}-\d{2}-\d{2}$/, { message: '发布日期格式为 YYYY-MM-DD' })
    .optional(),
  /** Installer size in bytes. */
  sizeBytes: z.number().int().min(0).optional(),
  /** What changed, one point per line. */
  notes: z.string().max(4000).optional(),
  /** e.g. "Windows 10 及以上" or "macOS 12 及以上（Apple 芯片 / Intel）". */
  requirements: z.string().max(200).optional(),
});
export type ClientRelease = z.infer<typeof clientReleaseSchema>;

export const clientReleasesSchema = z
  .array(clientReleaseSchema)
  .max(20)
  .refine((list) => new Set(list.map((r) => r.platform)).size === list.length, {
    message: '每个平台只能发布一个版本',
  });

/** GET /api/client/downloads (public): what /client offers; empty means nothing published. */
export const clientDownloadsSchema = z.object({ releases: clientReleasesSchema });
export type ClientDownloads = z.infer<typeof clientDownloadsSchema>;
