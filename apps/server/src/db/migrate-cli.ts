import { EnvError, loadEnv } from '../config/env';
import { createDatabase } from './kysely';
import { migrateToLatest } from './migrate';
import { seedDefaults } from './seeds/index';

// `npm run migrate -w @huijing/server`: the same steps the server runs on boot, for deploy scripts
// that want the schema ready before any server starts.
const env = (() => {
  try {
    return loadEnv();
  } catch (err) {
    console.error(err instanceof EnvError ? err.message : err);
    process.exit(1);
  }
})();
const database = createDatabase(env.database);
try {
  const migrated = await database.unbounded(migrateToLatest);
  const seeded = await seedDefaults(database.db);
  console.info(
    `[${database.dialect}] migrations applied: ${migrated.join(', ') || 'none (up to date)'}; ` +
      `defaults seeded: ${seeded.join(', ') || 'none'}`,
  );
} catch (err) {
  console.error(err instanceof Error ? err.message : err);
  process.exitCode = 1;
} finally {
  await database.close();
}
