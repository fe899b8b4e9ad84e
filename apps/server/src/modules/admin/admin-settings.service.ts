import { adminSettingsSchema } from '@huijing/contracts';
import type { AdminSettingKey, AdminSettings } from '@huijing/contracts';
import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../../db/schema';

type Db = Kysely<Database> | Transaction<Database>;

/** Stored as app_settings rows `admin.<key>`; read on every use, so an edit applies at once. */
export const ADMIN_SETTING_PREFIX = 'admin.';
export const settingRowKey = (key: AdminSettingKey) => `${ADMIN_SETTING_PREFIX}${key}`;

export const OPERATOR_TICKET_LIMIT_DEFAULT = 100;

export type AdminSettingsStore = ReturnType<typeof createAdminSettings>;

/**
 * Business settings the console edits (ARCHITECTURE rule 9): the signup grant, the operator's
 * adjustment limit, tool and assistant prices and feature switches. A stored value that no
 * longer parses falls back to the default instead of breaking the service that reads it.
 */
export const createAdminSettings = (deps: {
  db: Kysely<Database>;
  signupDefault: Partial<Record<1 | 2 | 3 | 4, number>>;
}) => {
  const defaults = (): AdminSettings => ({
    signupTickets: { 1: 0, 2: 0, 3: 0, 4: 0, ...deps.signupDefault },
    operatorTicketLimit: OPERATOR_TICKET_LIMIT_DEFAULT,
    toolPrices: {},
    assistantPrices: {},
    features: {},
  });
  const shape = adminSettingsSchema.shape;

  const readAll = async (db: Db = deps.db): Promise<AdminSettings> => {
    const rows = await db
      .selectFrom('app_settings')
      .select(['key', 'value'])
      .where('key', 'like', `${ADMIN_SETTING_PREFIX}%`)
      .execute();
    const result = defaults();
    for (const row of rows) {
      const key = row.key.slice(ADMIN_SETTING_PREFIX.length) as AdminSettingKey;
      if (!(key in shape)) continue;
      const parsed = shape[key].safeParse(JSON.parse(row.value));
      if (parsed.success) (result as Record<string, unknown>)[key] = parsed.data;
    }
    return result;
  };

  return {
    readAll,
    get: async <K extends AdminSettingKey>(key: K, db: Db = deps.db) => (await readAll(db))[key],
    /** Validates, then writes inside the caller's transaction (with its audit entry). */
    async put<K extends AdminSettingKey>(db: Db, key: K, value: unknown, at: string) {
      const parsed = shape[key].parse(value) as AdminSettings[K];
      const json = JSON.stringify(parsed);
      await db
        .insertInto('app_settings')
        .values({ key: settingRowKey(key), value: json, updated_at: at })
        .onConflict((oc) => oc.column('key').doUpdateSet({ value: json, updated_at: at }))
        .execute();
      return parsed;
    },
  };
};
