import type { Kysely } from 'kysely';
import { createSettingsRepository } from '../../modules/settings/settings.repository';
import { defaultSettings } from '../../modules/settings/settings.schemas';
import type { SettingKey } from '../../modules/settings/settings.schemas';
import type { Database } from '../schema';
import { seedCatalog } from './catalog';

/**
 * Idempotent defaults, run on every boot after migrations. Only absent keys are written, so an
 * admin's edits survive restarts. Returns the keys inserted now.
 */
export const seedDefaults = async (db: Kysely<Database>): Promise<string[]> => {
  const settings = createSettingsRepository(db);
  const inserted: string[] = [];
  for (const key of Object.keys(defaultSettings) as SettingKey[]) {
    if (await settings.insertSettingIfAbsent(key, defaultSettings[key])) inserted.push(key);
  }
  const catalog = await seedCatalog(db);
  if (catalog.categories > 0) inserted.push(`categories×${catalog.categories}`);
  if (catalog.materials > 0) inserted.push(`materials×${catalog.materials}`);
  return inserted;
};
