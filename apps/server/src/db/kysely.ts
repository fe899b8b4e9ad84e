import fs from 'node:fs';
import path from 'node:path';
import SqliteDatabase from 'better-sqlite3';
import { Kysely, PostgresDialect, SqliteDialect } from 'kysely';
import pg from 'pg';
import type { DatabaseConfig } from '../config/env';
import type { Database } from './schema';

export type Dialect = DatabaseConfig['dialect'];

export type DatabaseHandle = {
  db: Kysely<Database>;
  dialect: Dialect;
  close: () => Promise<void>;
};

const openSqlite = (file: string): SqliteDatabase.Database => {
  fs.mkdirSync(path.dirname(file), { recursive: true });
  const sqlite = new SqliteDatabase(file);
  // WAL lets the API read while the worker writes; FULL sync because the task rows and ticket
  // balances are the truth and must survive a power cut; foreign keys are off by default in SQLite.
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('synchronous = FULL');
  sqlite.pragma('foreign_keys = ON');
  sqlite.pragma('busy_timeout = 5000');
  return sqlite;
};

export const createDatabase = (config: DatabaseConfig): DatabaseHandle => {
  const db =
    config.dialect === 'sqlite'
      ? new Kysely<Database>({ dialect: new SqliteDialect({ database: openSqlite(config.file) }) })
      : new Kysely<Database>({
          dialect: new PostgresDialect({
            pool: new pg.Pool({ connectionString: config.url, max: 10 }),
          }),
        });
  let closing: Promise<void> | undefined;
  return {
    db,
    dialect: config.dialect,
    // Idempotent: shutdown paths may race (signal handler and a failing boot).
    close: () => (closing ??= db.destroy()),
  };
};
