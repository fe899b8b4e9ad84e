import { Migrator } from 'kysely';
import type { Kysely } from 'kysely';
import { staticMigrationProvider } from './migrations/index';
import type { Database } from './schema';

export class MigrationError extends Error {
  constructor(
    readonly migrationName: string | undefined,
    cause: unknown,
  ) {
    const detail = cause instanceof Error ? cause.message : String(cause);
    super(`Migration ${migrationName ?? '(before any migration ran)'} failed: ${detail}`, {
      cause,
    });
    this.name = 'MigrationError';
  }
}

/**
 * Brings the schema to the latest version and returns the names applied now (empty when already
 * up to date). Kysely takes a lock table / advisory lock, so two hosts booting at once are safe.
 */
export const migrateToLatest = async (db: Kysely<Database>): Promise<string[]> => {
  // Areas built in parallel got numbers in advance and may land in any order; a database migrated
  // between two landings still takes the later-numbered ones it lacks.
  const migrator = new Migrator({
    db,
    provider: staticMigrationProvider,
    allowUnorderedMigrations: true,
  });
  const { error, results = [] } = await migrator.migrateToLatest();
  if (error) {
    throw new MigrationError(results.find((r) => r.status === 'Error')?.migrationName, error);
  }
  return results.filter((r) => r.status === 'Success').map((r) => r.migrationName);
};
