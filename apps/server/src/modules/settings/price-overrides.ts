import { z } from 'zod';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';

/** The admin console's tool prices (app_settings `admin.toolPrices`: tool id → tickets per run). */
export const TOOL_PRICES_KEY = 'admin.toolPrices';
/** Assistant model id (gpt, gemini) → tickets per question (`admin.assistantPrices`). */
export const ASSISTANT_PRICES_KEY = 'admin.assistantPrices';
/** Named feature switches (`admin.features`); a switch never set is on (see featureOn). */
export const FEATURES_KEY = 'admin.features';

const pricesSchema = z.record(z.string(), z.number().int().min(0).max(1000));
const featuresSchema = z.record(z.string(), z.boolean());

/**
 * One admin setting row, read on every call (one primary-key lookup) so an admin's edit applies
 * to the next request on every process without a restart or a cache to expire. A row that no
 * longer parses reads as empty: the built-in defaults apply.
 */
const readRecord = async <T>(
  db: Kysely<Database>,
  key: string,
  schema: z.ZodType<Record<string, T>>,
): Promise<Record<string, T>> => {
  const row = await db
    .selectFrom('app_settings')
    .select('value')
    .where('key', '=', key)
    .executeTakeFirst();
  if (!row) return {};
  try {
    const parsed = schema.safeParse(JSON.parse(row.value));
    return parsed.success ? parsed.data : {};
  } catch {
    return {};
  }
};

/** Per-tool price overrides; the registry's prices apply to tools not listed. */
export const readToolPrices = (db: Kysely<Database>) =>
  readRecord(db, TOOL_PRICES_KEY, pricesSchema);

/** Per-model assistant prices; ASSISTANT_TICKETS_PER_QUESTION applies to models not listed. */
export const readAssistantPrices = (db: Kysely<Database>) =>
  readRecord(db, ASSISTANT_PRICES_KEY, pricesSchema);

/** Whether a named switch is on: only an explicit false turns a feature off. */
export const featureOn = async (db: Kysely<Database>, name: string): Promise<boolean> =>
  (await readRecord(db, FEATURES_KEY, featuresSchema))[name] !== false;
