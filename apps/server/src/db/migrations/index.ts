import type { Migration, MigrationProvider } from 'kysely';
import * as m0001 from './0001-settings';
import * as m0002 from './0002-accounts';
import * as m0003 from './0003-catalog';
import * as m0004 from './0004-tasks';
import * as m0005 from './0005-assistant';
import * as m0006 from './0006-shares';

/**
 * Every migration, by name, in order. A static index instead of a folder read because the server
 * ships as one esbuild bundle with no migration files beside it. Names never change once shipped.
 */
export const migrations: Record<string, Migration> = {
  '0001_settings': m0001,
  '0002_accounts': m0002,
  '0003_catalog': m0003,
  '0004_tasks': m0004,
  '0005_assistant': m0005,
  '0006_shares': m0006,
};

export const staticMigrationProvider: MigrationProvider = {
  getMigrations: () => Promise.resolve(migrations),
};
