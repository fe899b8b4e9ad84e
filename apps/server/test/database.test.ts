import fs from 'node:fs/promises';
import SqliteDatabase from 'better-sqlite3';
import { sql } from 'kysely';
import type { Kysely } from 'kysely';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createDatabase, sqliteOptions } from '../src/db/kysely';
import type { DatabaseHandle } from '../src/db/kysely';
import { MigrationError, migrateToLatest } from '../src/db/migrate';
import { migrations } from '../src/db/migrations/index';
import type { Database } from '../src/db/schema';
import { seedDefaults } from '../src/db/seeds/index';
import { createSettingsRepository } from '../src/modules/settings/settings.repository';
import { describeEachDatabase, makeTempDir, testEnv } from './helper';

describeEachDatabase('database', (target) => {
  let dataDir: string;
  let handle: DatabaseHandle;

  beforeAll(async () => {
    dataDir = await makeTempDir();
    handle = createDatabase(testEnv(dataDir, target).database);
  });
  afterAll(async () => {
    await handle.close();
    await fs.rm(dataDir, { recursive: true, force: true });
  });

  it('opens the dialect chosen by DATABASE_URL', () => {
    expect(handle.dialect).toBe(target.dialect);
  });

  it('runs migrations once, and a second run is a no-op', async () => {
    // The migrator runs them in name order (unordered landings, migrate.ts), not declaration order.
    expect(await migrateToLatest(handle.db)).toEqual(Object.keys(migrations).sort());
    expect(await migrateToLatest(handle.db)).toEqual([]);
    // A second connection (another host booting) also finds nothing to do.
    const other = createDatabase(testEnv(dataDir, target).database);
    try {
      expect(await migrateToLatest(other.db)).toEqual([]);
    } finally {
      await other.close();
    }
    const rows = await handle.db.selectFrom('app_settings').selectAll().execute();
    expect(Array.isArray(rows)).toBe(true);
  });

  it('seeds defaults idempotently without overwriting edits', async () => {
    const settings = createSettingsRepository(handle.db);
    await seedDefaults(handle.db);
    expect(await settings.getSetting('site.notice')).toBe('');
    expect(await settings.getSetting('client.downloads')).toEqual([]);
    await settings.putSetting('site.notice', '春节期间正常服务');
    expect(await seedDefaults(handle.db)).toEqual([]);
    expect(await settings.getSetting('site.notice')).toBe('春节期间正常服务');
  });

  it('round-trips typed JSON settings and validates writes', async () => {
    const settings = createSettingsRepository(handle.db);
    const downloads = [
      { platform: 'windows' as const, version: '2.1.0', url: '/downloads/huijing-2.1.0.exe' },
    ];
    await settings.putSetting('client.downloads', downloads);
    expect(await settings.getSetting('client.downloads')).toEqual(downloads);
    await settings.putSetting('client.downloads', []);
    expect(await settings.getSetting('client.downloads')).toEqual([]);
    await expect(
      settings.putSetting('client.downloads', [
        { platform: 'linux', version: '', url: '' },
      ] as never),
    ).rejects.toThrow();
    expect(await settings.getSetting('client.downloads')).toEqual([]);
    const row = await handle.db
      .selectFrom('app_settings')
      .select(['value', 'updated_at'])
      .where('key', '=', 'client.downloads')
      .executeTakeFirstOrThrow();
    expect(row.value).toBe('[]');
    expect(new Date(row.updated_at).toISOString()).toBe(row.updated_at);
  });

  it('returns undefined for a key that was never set', async () => {
    await handle.db.deleteFrom('app_settings').where('key', '=', 'site.notice').execute();
    expect(await createSettingsRepository(handle.db).getSetting('site.notice')).toBeUndefined();
  });
});

describe('migrateToLatest failures', () => {
  let dataDir: string | undefined;
  afterEach(async () => {
    if (dataDir) await fs.rm(dataDir, { recursive: true, force: true });
  });

  it('names the migration that failed', async () => {
    dataDir = await makeTempDir();
    const handle = createDatabase(testEnv(dataDir).database);
    try {
      // A conflicting object where 0001 wants its table makes the first migration fail.
      await sql`create view app_settings as select 1 as x`.execute(handle.db);
      const error = await migrateToLatest(handle.db as Kysely<Database>).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(MigrationError);
      expect((error as MigrationError).migrationName).toBe('0001_settings');
      expect((error as Error).message).toMatch(/^Migration 0001_settings failed: /);
    } finally {
      await handle.close();
    }
  });
});

describe('SQLite connection settings', () => {
  it('creates DATA_DIR and sets WAL, full sync, foreign keys and a busy timeout', async () => {
    const root = await makeTempDir();
    try {
      const env = testEnv(`${root}/nested/data`);
      const handle = createDatabase(env.database);
      const pragma = async (name: string) =>
        (await sql.raw(`pragma ${name}`).execute(handle.db)).rows[0];
      expect(await pragma('journal_mode')).toEqual({ journal_mode: 'wal' });
      expect(await pragma('synchronous')).toEqual({ synchronous: 2 });
      expect(await pragma('foreign_keys')).toEqual({ foreign_keys: 1 });
      expect(await pragma('busy_timeout')).toEqual({ timeout: 5000 });
      await handle.close();
      await handle.close();
      // The file is really on disk where the env says.
      const file = new SqliteDatabase(
        `${root}/nested/data/huijing.sqlite`,
        sqliteOptions({ readonly: true }),
      );
      file.close();
    } finally {
      await fs.rm(root, { recursive: true, force: true });
    }
  });
});
