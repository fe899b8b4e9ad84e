import type { Kysely } from 'kysely';
import type { Logger } from 'pino';
import type { Database } from '../../db/schema';
import { settingSchemas } from './settings.schemas';
import type { SettingKey, SettingValue } from './settings.schemas';

export type SettingsRepository = ReturnType<typeof createSettingsRepository>;

export const createSettingsRepository = (db: Kysely<Database>, logger?: Logger) => {
  /** Keys whose stored value no longer fits: each is logged once per process, not per read. */
  const warned = new Set<string>();
  return {
    /**
     * The stored value, parsed against the key's schema; undefined when the key was never set, or
     * when the stored value no longer fits a stricter schema (the caller's default applies; the
     * row is kept for an admin to fix, and the mismatch is logged once).
     */
    async getSetting<K extends SettingKey>(key: K): Promise<SettingValue<K> | undefined> {
      const row = await db
        .selectFrom('app_settings')
        .select('value')
        .where('key', '=', key)
        .executeTakeFirst();
      if (!row) return undefined;
      let json: unknown;
      try {
        json = JSON.parse(row.value);
      } catch {
        json = undefined;
      }
      const parsed = settingSchemas[key].safeParse(json);
      if (parsed.success) return parsed.data as SettingValue<K>;
      if (!warned.has(key)) {
        warned.add(key);
        logger?.warn(
          { key, issue: parsed.error.issues[0]?.message },
          'stored setting no longer fits its schema; using the default',
        );
      }
      return undefined;
    },

    /** Validates before writing so a bad value never reaches the table. */
    async putSetting<K extends SettingKey>(key: K, value: SettingValue<K>): Promise<void> {
      const json = JSON.stringify(settingSchemas[key].parse(value));
      const updatedAt = new Date().toISOString();
      await db
        .insertInto('app_settings')
        .values({ key, value: json, updated_at: updatedAt })
        .onConflict((oc) => oc.column('key').doUpdateSet({ value: json, updated_at: updatedAt }))
        .execute();
    },

    /** Writes the value only when the key is absent: seeding must never overwrite an admin's edit. */
    async insertSettingIfAbsent<K extends SettingKey>(
      key: K,
      value: SettingValue<K>,
    ): Promise<boolean> {
      const result = await db
        .insertInto('app_settings')
        .values({
          key,
          value: JSON.stringify(settingSchemas[key].parse(value)),
          updated_at: new Date().toISOString(),
        })
        .onConflict((oc) => oc.column('key').doNothing())
        .executeTakeFirst();
      return Number(result.numInsertedOrUpdatedRows ?? 0) > 0;
    },

    /**
     * A generated secret kept in app_settings, created once. Concurrent first boots race on the
     * insert; the loser reads the winner's value, so every node signs with the same secret.
     */
    async ensureSecret(key: `secret.${string}`, generate: () => string): Promise<string> {
      await db
        .insertInto('app_settings')
        .values({ key, value: JSON.stringify(generate()), updated_at: new Date().toISOString() })
        .onConflict((oc) => oc.column('key').doNothing())
        .execute();
      const row = await db
        .selectFrom('app_settings')
        .select('value')
        .where('key', '=', key)
        .executeTakeFirstOrThrow();
      return JSON.parse(row.value) as string;
    },
  };
};
