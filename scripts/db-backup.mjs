#!/usr/bin/env node
// Backups and restores of the 绘境 database (docs/operations.md):
//   node scripts/db-backup.mjs backup  <file>            # while the server runs
//   node scripts/db-backup.mjs restore <file> [--force]  # with the server stopped
// The database is the one the server uses: DATABASE_URL (PostgreSQL, via pg_dump/pg_restore) or
// else the SQLite file DATA_DIR/huijing.sqlite (DATA_DIR defaults to ./data), copied with SQLite's
// online backup API, which is consistent while the server writes.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import Database from 'better-sqlite3';

const [command, file, ...rest] = process.argv.slice(2);
const force = rest.includes('--force');
const fail = (message) => {
  console.error(`db-backup: ${message}`);
  process.exit(1);
};
if (!['backup', 'restore'].includes(command) || !file) {
  fail('usage: db-backup.mjs backup <file> | restore <file> [--force]');
}

const url = process.env.DATABASE_URL;
// A better_sqlite3.node built for another Node (scripts/node24.mjs; see apps/server/src/db/kysely.ts).
const binding = process.env.BETTER_SQLITE3_BINDING;
const sqliteOptions = {
  readonly: true,
  fileMustExist: true,
  ...(binding && { nativeBinding: binding }),
};
const run = (bin, args) => {
  const r = spawnSync(bin, args, { stdio: 'inherit' });
  if (r.error) fail(`${bin} could not start (${r.error.message}); install postgresql-client`);
  if (r.status !== 0) fail(`${bin} exited with ${r.status}`);
};

if (url && /^postgres(ql)?:\/\//.test(url)) {
  if (command === 'backup') {
    // Custom format: compressed, restorable table by table; a consistent snapshot while serving.
    run('pg_dump', ['--format=custom', '--no-owner', `--file=${file}`, `--dbname=${url}`]);
  } else {
    if (!fs.existsSync(file)) fail(`no backup at ${file}`);
    run('pg_restore', [
      '--clean',
      '--if-exists',
      '--no-owner',
      '--single-transaction',
      `--dbname=${url}`,
      file,
    ]);
  }
} else {
  const target = path.join(process.env.DATA_DIR ?? 'data', 'huijing.sqlite');
  if (command === 'backup') {
    if (!fs.existsSync(target)) fail(`no database at ${target}`);
    const db = new Database(target, sqliteOptions);
    try {
      await db.backup(file);
    } finally {
      db.close();
    }
  } else {
    if (!fs.existsSync(file)) fail(`no backup at ${file}`);
    const check = new Database(file, sqliteOptions);
    const ok = check.pragma('integrity_check', { simple: true });
    check.close();
    if (ok !== 'ok') fail(`${file} fails SQLite's integrity check: ${ok}`);
    if (fs.existsSync(target) && !force) fail(`${target} exists; stop the server and pass --force`);
    fs.mkdirSync(path.dirname(target), { recursive: true });
    for (const extra of ['-wal', '-shm']) fs.rmSync(`${target}${extra}`, { force: true });
    fs.copyFileSync(file, target);
  }
}
console.info(`db-backup: ${command} done (${url ? 'postgres' : 'sqlite'}) ${file}`);
