import { z } from 'zod';

/**
 * Business settings kept in the database (ARCHITECTURE rule 9), one schema per key. Reading
 * parses against the schema, so a hand-edited row that no longer fits is caught at the edge
 * instead of deep inside a feature. Later issues append keys (prices, engine routing, products).
 */
export const clientDownloadSchema = z.object({
  platform: z.enum(['windows', 'macos']),
  version: z.string().min(1),
  url: z.string().min(1),
});

export const settingSchemas = {
  /** A site-wide notice shown by the web app; empty means none. */
  'site.notice': z.string(),
  /** Desktop client downloads for /client. */
  'client.downloads': z.array(clientDownloadSchema),
} as const;

export type SettingKey = keyof typeof settingSchemas;
export type SettingValue<K extends SettingKey> = z.infer<(typeof settingSchemas)[K]>;

export const defaultSettings: { [K in SettingKey]: SettingValue<K> } = {
  'site.notice': '',
  'client.downloads': [],
};
