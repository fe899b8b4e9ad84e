import { z } from 'zod';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';

/** The admin console's tool prices (app_settings `admin.toolPrices`: tool id → tickets per run). */
export const TOOL_PRICES_KEY = 'admin.toolPrices';
const toolPricesSchema = z.record(z.string(), z.number().int().min(0).max(1000));

/**
 * Per-tool price overrides, read on every call so an admin's edit applies to the next submit
 * without a restart. A row that no longer parses is ignored (the registry's prices apply).
 */
export const readToolPrices = async (db: Kysely<Database>): Promise<Record<string, number>> => {
  const row = await db
    .selectFrom('app_settings')
    .select('value')
    .where('key', '=', TOOL_PRICES_KEY)
    .executeTakeFirst();
  const parsed = row ? toolPricesSchema.safeParse(JSON.parse(row.value)) : undefined;
  return parsed?.success ? parsed.data : {};
};
