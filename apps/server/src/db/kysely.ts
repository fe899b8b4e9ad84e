import fs from 'node:fs';
import path from 'node:path';
import SqliteDatabase from 'better-sqlite3';
import { Kysely, PostgresDialect, SqliteDialect } from 'kysely';
import type { PostgresPool, PostgresPoolClient } from 'kysely';
import pg from 'pg';
import type { DatabaseConfig, PgTimeouts } from '../config/env';
import type { Database } from './schema';

export type Dialect = DatabaseConfig['dialect'];

export type DatabaseHandle = {
  db: Kysely<Database>;
  dialect: Dialect;
  close: () => Promise<void>;
  /** Runs fn on a connection without the query bounds (migrations); SQLite: the same db. */
  unbounded: <T>(fn: (db: Kysely<Database>) => Promise<T>) => Promise<T>;
};

/**
 * `BETTER_SQLITE3_BINDING`: a better_sqlite3.node built for another Node than the one
 * node_modules was installed with (CI runs the server suite on Node 24 too with the copy
 * scripts/node24.mjs builds). Unset, better-sqlite3 loads its own build as usual.
 */
export const sqliteOptions = (
  options: SqliteDatabase.Options = {},
  binding = process.env.BETTER_SQLITE3_BINDING,
): SqliteDatabase.Options => (binding ? { ...options, nativeBinding: binding } : options);

const openSqlite = (file: string): SqliteDatabase.Database => {
  fs.mkdirSync(path.dirname(file), { recursive: true });
  const sqlite = new SqliteDatabase(file, sqliteOptions());
  // WAL lets the API read while the worker writes; FULL sync because the task rows and ticket
  // balances are the truth and must survive a power cut; foreign keys are off by default in SQLite.
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('synchronous = FULL');
  sqlite.pragma('foreign_keys = ON');
  sqlite.pragma('busy_timeout = 5000');
  return sqlite;
};

/**
 * Kysely prepares every SQLite query afresh; the same few statements run on every poll, and
 * preparing was a tenth of a poll's CPU. Statements are reusable once a call returns (Kysely runs
 * them synchronously; it never streams here), so prepared ones are kept, a bounded number.
 */
const STATEMENT_CACHE_MAX = 500;
export const withStatementCache = (sqlite: SqliteDatabase.Database) => {
  const statements = new Map<string, SqliteDatabase.Statement>();
  return {
    close: () => {
      statements.clear();
      sqlite.close();
    },
    prepare: (sql: string) => {
      let stmt = statements.get(sql);
      if (!stmt) {
        if (statements.size >= STATEMENT_CACHE_MAX) statements.clear();
        stmt = sqlite.prepare(sql);
        statements.set(sql, stmt);
      }
      return stmt;
    },
  };
};

/** What a database connection failure is reported to (the container's logger). */
export type ConnectionErrorSink = (err: Error) => void;

/** pg's message when query_timeout passes without an answer. */
const QUERY_TIMEOUT = /^Query read timeout/;

/**
 * A pg pool that survives lost connections. pg emits 'error' on the pool for idle clients and on
 * the client itself for checked-out ones; an 'error' event nobody listens to ends the process
 * (a PostgreSQL restart, a failover or pg_terminate_backend would kill every node). With the
 * listeners the broken client is discarded by the pool, the query in flight fails (its request
 * answers 503) and the next query gets a fresh connection.
 *
 * Every wait is bounded (`timeouts`): a network partition swallows packets without closing
 * anything, and unbounded a request would wait as long as the partition lasts. TCP keepalive
 * finds dead idle connections; PostgreSQL itself stops statements and idle transactions of a
 * client it no longer hears from, so their locks do not outlive it. `timeouts: undefined` (schema
 * migrations) waits as long as it takes.
 */
export const createPgPool = (
  url: string,
  onError: ConnectionErrorSink,
  timeouts?: PgTimeouts,
): pg.Pool => {
  const pool = new pg.Pool({
    connectionString: url,
    max: 10,
    connectionTimeoutMillis: timeouts?.connectMs ?? 5000,
    keepAlive: true,
    keepAliveInitialDelayMillis: 10_000,
    ...(timeouts && {
      query_timeout: timeouts.queryMs,
      statement_timeout: timeouts.queryMs,
      idle_in_transaction_session_timeout: timeouts.idleInTransactionMs,
    }),
  });
  pool.on('error', onError);
  pool.on('connect', (client) => {
    client.on('error', onError);
  });
  return pool;
};

/**
 * Kysely's view of the pool. A query that timed out leaves its connection waiting for an answer
 * that may never come (pg keeps it busy and queues later queries behind it), so that connection
 * is closed and not returned to the pool.
 */
export const discardingTimedOut = (pool: pg.Pool): PostgresPool => ({
  connect: async () => {
    const client = await pool.connect();
    let broken: Error | undefined;
    const query = async (sql: string, parameters: ReadonlyArray<unknown>) => {
      try {
        return await client.query(sql, [...parameters]);
      } catch (err) {
        if (err instanceof Error && QUERY_TIMEOUT.test(err.message)) {
          broken = err;
          client.connection.stream.destroy();
        }
        throw err;
      }
    };
    return {
      // Kysely streams through the cursor overload only when a cursor class is configured (none is).
      query: query as unknown as PostgresPoolClient['query'],
      release: () => client.release(broken),
    };
  },
  end: () => pool.end(),
});

const postgresKysely = (url: string, onError: ConnectionErrorSink, timeouts?: PgTimeouts) =>
  new Kysely<Database>({
    dialect: new PostgresDialect({
      pool: discardingTimedOut(createPgPool(url, onError, timeouts)),
    }),
  });

export const createDatabase = (
  config: DatabaseConfig,
  onConnectionError: ConnectionErrorSink = () => {},
): DatabaseHandle => {
  const db =
    config.dialect === 'sqlite'
      ? new Kysely<Database>({
          dialect: new SqliteDialect({ database: withStatementCache(openSqlite(config.file)) }),
        })
      : postgresKysely(config.url, onConnectionError, config.timeouts);
  let closing: Promise<void> | undefined;
  return {
    db,
    dialect: config.dialect,
    // A schema change may rightly run longer than any request's bound (an index on a big table).
    unbounded: async (fn) => {
      if (config.dialect === 'sqlite') return fn(db);
      const own = postgresKysely(config.url, onConnectionError);
      try {
        return await fn(own);
      } finally {
        await own.destroy();
      }
    },
    // Idempotent: shutdown paths may race (signal handler and a failing boot).
    close: () => (closing ??= db.destroy()),
  };
};
