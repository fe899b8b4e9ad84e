import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import type { RouteOptions } from 'fastify';
import type { DestinationStream } from 'pino';
import { errorCatalogue } from '@huijing/contracts';
import type { ErrorKey } from '@huijing/contracts';
import { afterAll, beforeAll, describe, expect } from 'vitest';
import { buildApp } from '../src/app';
import type { App } from '../src/app';
import { loadEnv } from '../src/config/env';
import type { Env } from '../src/config/env';
import { createLogger } from '../src/config/logger';
import type { Clock } from '../src/config/clock';
import type { Role } from '../src/config/role';
import { createContainer } from '../src/container';
import type { Container } from '../src/core/deps';
import type { Dialect } from '../src/db/kysely';
import type { SmsProvider } from '../src/providers/sms';
import type { StoragePort } from '../src/providers/storage';

/** Which database a suite runs on; databaseUrl is filled in by describeEachDatabase's beforeAll. */
export type DatabaseTarget = { dialect: Dialect; databaseUrl: string | undefined };

export const sqliteTarget: DatabaseTarget = { dialect: 'sqlite', databaseUrl: undefined };

export const makeTempDir = (prefix = 'huijing-test-') => fs.mkdtemp(path.join(os.tmpdir(), prefix));

/**
 * A fresh, uniquely named PostgreSQL database made through the TEST_DATABASE_URL connection, so
 * parallel test files never share tables. drop() forces out leftover connections.
 */
export const createPostgresDatabase = async (adminUrl: string) => {
  const name = `huijing_t_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  admin.on('error', () => {});
  await admin.connect();
  try {
    await admin.query(`CREATE DATABASE "${name}"`);
  } finally {
    await admin.end();
  }
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: async () => {
      const client = new pg.Client({ connectionString: adminUrl });
      client.on('error', () => {});
      await client.connect();
      try {
        await client.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
      } finally {
        await client.end();
      }
    },
  };
};

/**
 * Runs the suite on SQLite always, and again on PostgreSQL when TEST_DATABASE_URL is set
 * (ARCHITECTURE rule 10: real databases, never mocks).
 */
export const describeEachDatabase = (name: string, fn: (target: DatabaseTarget) => void): void => {
  const adminUrl = process.env.TEST_DATABASE_URL;
  const dialects: Dialect[] = adminUrl ? ['sqlite', 'postgres'] : ['sqlite'];
  for (const dialect of dialects) {
    describe(`${name} [${dialect}]`, () => {
      const target: DatabaseTarget = { dialect, databaseUrl: undefined };
      if (dialect === 'postgres' && adminUrl) {
        let drop: (() => Promise<void>) | undefined;
        beforeAll(async () => {
          const created = await createPostgresDatabase(adminUrl);
          target.databaseUrl = created.url;
          drop = created.drop;
        });
        afterAll(async () => {
          await drop?.();
        });
      }
      fn(target);
    });
  }
};

export const testEnv = (
  dataDir: string,
  target: DatabaseTarget = sqliteTarget,
  overrides: Record<string, string | undefined> = {},
): Env =>
  loadEnv({
    DATA_DIR: dataDir,
    LOG_LEVEL: 'silent',
    // A directory without index.html unless a test provides a web build.
    WEB_DIST: path.join(dataDir, 'no-web-build'),
    DATABASE_URL: target.databaseUrl,
    ...overrides,
  });

export type TestApp = {
  app: App;
  container: Container;
  env: Env;
  dataDir: string;
  close: () => Promise<void>;
};

/** A real app on a real database in a temp DATA_DIR, migrated and seeded like a boot. */
export const buildTestApp = async (
  options: {
    target?: DatabaseTarget;
    env?: Record<string, string | undefined>;
    role?: Role;
    dataDir?: string;
    /** Receives the app's JSON log lines (at info level) instead of silence. */
    logStream?: DestinationStream;
    /** A fake clock (see fakeClock) for rules that depend on time. */
    now?: Clock;
    smsProvider?: SmsProvider;
    /** Replaces the storage made from the env (see ContainerOptions.storage). */
    storage?: StoragePort;
    /** Sees every route as it is registered (method, url, options). */
    onRoute?: (route: RouteOptions) => void;
  } = {},
): Promise<TestApp> => {
  const ownDir = options.dataDir === undefined;
  const dataDir = options.dataDir ?? (await makeTempDir());
  const env = testEnv(dataDir, options.target, options.env);
  const logger = options.logStream
    ? createLogger({ LOG_LEVEL: 'info' }, options.logStream)
    : undefined;
  const container = createContainer(env, {
    role: options.role ?? 'all',
    logger,
    now: options.now,
    smsProvider: options.smsProvider,
    storage: options.storage,
  });
  await container.prepareDatabase();
  const app = await buildApp(container, { onRoute: options.onRoute });
  return {
    app,
    container,
    env,
    dataDir,
    close: async () => {
      await app.close();
      await container.close();
      if (ownDir) await fs.rm(dataDir, { recursive: true, force: true });
    },
  };
};

/** A log destination that keeps lines for assertions. */
export const captureLogs = () => {
  const lines: string[] = [];
  const stream: DestinationStream = { write: (line: string) => void lines.push(line) };
  return { lines, stream, text: () => lines.join('') };
};

/** A fake Vite build: index.html and one content-hashed asset. */
export const makeWebDist = async (): Promise<string> => {
  const dir = await makeTempDir('huijing-web-');
  await fs.mkdir(path.join(dir, 'assets'));
  await fs.writeFile(
    path.join(dir, 'index.html'),
    '<!doctype html><html><head><script type="module" src="/assets/index-abc123.js"></script></head><body><div id="root"></div></body></html>',
  );
  await fs.writeFile(path.join(dir, 'assets', 'index-abc123.js'), 'console.log("app");');
  await fs.writeFile(path.join(dir, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
  return dir;
};

/** A local port nothing listens on (a service that is down). */
export const closedPort = () =>
  new Promise<number>((resolve) => {
    const srv = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as net.AddressInfo;
      srv.close(() => resolve(port));
    });
  });

/** A clock that only moves when told to. */
export const fakeClock = (start = '2026-03-02T08:00:00.000Z') => {
  let t = Date.parse(start);
  return {
    now: (): Date => new Date(t),
    advance: (ms: number) => {
      t += ms;
    },
  };
};
export type FakeClock = ReturnType<typeof fakeClock>;

export type OutboxLine = { phone: string; code: string; purpose: string; at: string };

/** The outbox SMS provider's file, parsed (what a developer reads to find a code). */
export const readOutbox = async (dataDir: string): Promise<OutboxLine[]> => {
  const text = await fs.readFile(path.join(dataDir, 'outbox', 'sms.jsonl'), 'utf8').catch(() => '');
  return text
    .split('\n')
    .filter(Boolean)
    .map((l) => JSON.parse(l) as OutboxLine);
};

export const lastCodeFor = async (dataDir: string, phone: string, purpose = 'login') => {
  const lines = (await readOutbox(dataDir)).filter(
    (l) => l.phone === phone && l.purpose === purpose,
  );
  const last = lines.at(-1);
  if (!last) throw new Error(`no SMS in the outbox for ${phone}`);
  return last.code;
};

let phoneSeq = 0;
/** A fresh, valid mainland number per call, so tests sharing an app never share a phone. */
export const uniquePhone = (): string =>
  `139${String(process.pid % 1000).padStart(3, '0')}${String(++phoneSeq).padStart(5, '0')}`;

let ipSeq = 0;
/** A fresh client address per call, so per-IP limits only bite where a test wants them to. */
export const uniqueIp = (): string => {
  ipSeq += 1;
  return `10.${(ipSeq >> 16) & 255}.${(ipSeq >> 8) & 255}.${ipSeq & 255}`;
};

/** Sends a code and logs in with it through the real endpoints; returns the login data. */
export const smsLogin = async (
  t: TestApp,
  phone: string = uniquePhone(),
  extra: Record<string, unknown> = {},
) => {
  const ip = uniqueIp();
  const sent = await t.app.inject({
    method: 'POST',
    url: '/api/user/p1/sms/send',
    payload: { phoneNo: phone },
    remoteAddress: ip,
  });
  if (sent.statusCode !== 200) throw new Error(`send failed: ${sent.body}`);
  const code = await lastCodeFor(t.dataDir, phone);
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/user/p1/sms/login',
    payload: { phoneNo: phone, verifyCode: code, ...extra },
    remoteAddress: ip,
  });
  if (res.statusCode !== 200) throw new Error(`login failed: ${res.body}`);
  const data = res.json().data as {
    token: string;
    isNewUser: boolean;
    user: { id: string; phone: string | null };
  };
  return { ...data, phone };
};

/** The root admin a test app creates at boot: spread `rootAdminEnv` into buildTestApp's env. */
export const ROOT_ADMIN = { username: 'root', password: 'root-password-2026' };
export const rootAdminEnv = {
  ADMIN_USERNAME: ROOT_ADMIN.username,
  ADMIN_PASSWORD: ROOT_ADMIN.password,
};

/** Signs an admin in (default: the root admin) and returns its satoken. */
export const adminToken = async (
  t: TestApp,
  credentials: { username: string; password: string } = ROOT_ADMIN,
): Promise<string> => {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/user/manage/login',
    payload: credentials,
  });
  expect(res.statusCode, res.body).toBe(200);
  return (res.json() as { data: { token: string } }).data.token;
};

/** Asserts the one error envelope with the catalogue entry's status and code. */
export const expectError = (
  res: { statusCode: number; json: () => unknown; body: string },
  key: ErrorKey,
): { success: boolean; code: number; message: string; data: unknown } => {
  const entry = errorCatalogue[key];
  const body = res.json() as { success: boolean; code: number; message: string; data: unknown };
  expect({ status: res.statusCode, code: body.code }, res.body).toEqual({
    status: entry.status,
    code: entry.code,
  });
  expect(body.success).toBe(false);
  return body;
};
