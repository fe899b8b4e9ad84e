/**
 * Table types for Kysely. Column types are what both dialects return, so timestamps are ISO-8601
 * UTC strings written by the application (SQLite has no timestamp type and a text column sorts
 * correctly on both).
 */
export interface AppSettingsTable {
  key: string;
  /** JSON text; the settings repository parses it against the key's schema. */
  value: string;
  updated_at: string;
}

export interface Database {
  app_settings: AppSettingsTable;
}
