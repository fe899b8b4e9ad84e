import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

export interface RunningServer {
  url: string;
  port: number;
  dataDir: string;
  stop(): Promise<void>;
}

export const freePort = () =>
  new Promise<number>((resolve, reject) => {
    const srv = net.createServer();
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as net.AddressInfo;
      srv.close(() => resolve(port));
    });
    srv.on('error', reject);
  });

/**
 * The server bundle and web build flows run against: `npm test` builds both in place; a developer
 * working beside others may point E2E_SERVER_MAIN / WEB_DIST at private builds instead.
 */
const serverMain = () =>
  path.resolve(repoRoot, process.env.E2E_SERVER_MAIN ?? 'apps/server/dist/main.js');

/** Starts the built server (`apps/server/dist/main.js`, as `npm start` does) on a free port. */
export async function startServer(
  env: Record<string, string> = {},
  fixedPort?: number,
): Promise<RunningServer> {
  const port = fixedPort ?? (await freePort());
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'huijing-e2e-'));
  const child: ChildProcess = spawn(
    process.execPath,
    ['--enable-source-maps', serverMain(), '--role', 'all'],
    {
      cwd: repoRoot,
      env: {
        ...process.env,
        PORT: String(port),
        HOST: '127.0.0.1',
        DATA_DIR: dataDir,
        LOG_LEVEL: 'warn',
        DATABASE_URL: '',
        ...env,
      },
      stdio: ['ignore', 'inherit', 'inherit'],
    },
  );
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 30_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}`);
    try {
      const r = await fetch(`${url}/api/health`);
      if (r.ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error('server did not become healthy within 30 s');
    }
    await new Promise((r) => setTimeout(r, 150));
  }
  return {
    url,
    port,
    dataDir,
    stop: () =>
      new Promise<void>((resolve) => {
        if (child.exitCode !== null) return resolve();
        child.once('exit', () => {
          fs.rmSync(dataDir, { recursive: true, force: true });
          resolve();
        });
        child.kill('SIGTERM');
      }),
  };
}

/** The newest SMS code the outbox provider wrote for a phone after `after` earlier ones. */
export async function latestSmsCode(
  server: Pick<RunningServer, 'dataDir'>,
  phone: string,
  after = 0,
): Promise<string> {
  const file = path.join(server.dataDir, 'outbox', 'sms.jsonl');
  const deadline = Date.now() + 10_000;
  for (;;) {
    const lines = fs.existsSync(file) ? fs.readFileSync(file, 'utf8').trim().split('\n') : [];
    const mine = lines
      .filter(Boolean)
      .map((l) => JSON.parse(l) as { phone: string; code: string })
      .filter((e) => e.phone === phone);
    if (mine.length > after) return mine.at(-1)!.code;
    if (Date.now() > deadline) throw new Error(`no SMS code for ${phone}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

/** A JSON call as a signed-in user (or an admin: the same satoken header); throws on failure. */
export const userApi =
  (server: RunningServer, token: string) =>
  async <T>(url: string, init: RequestInit = {}): Promise<T> => {
    const r = await fetch(server.url + url, {
      ...init,
      headers: {
        satoken: token,
        ...(typeof init.body === 'string' && { 'content-type': 'application/json' }),
        ...(init.headers as Record<string, string>),
      },
    });
    const body = (await r.json()) as { success: boolean; data: T; message: string };
    if (!body.success) throw new Error(`${url}: ${body.message}`);
    return body.data;
  };

/** Signs a phone in through the real API (SMS code from the outbox); returns the session token. */
export async function apiSignIn(server: RunningServer, phone: string): Promise<string> {
  const post = (url: string, body: unknown) =>
    fetch(server.url + url, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    }).then((r) => r.json() as Promise<{ success: boolean; data: { token?: string } }>);
  const sent = await post('/api/user/p1/sms/send', { phoneNo: phone });
  if (!sent.success) throw new Error(`sms send failed: ${JSON.stringify(sent)}`);
  const code = await latestSmsCode(server, phone);
  const login = await post('/api/user/p1/sms/login', { phoneNo: phone, verifyCode: code });
  if (!login.data.token) throw new Error(`login failed: ${JSON.stringify(login)}`);
  return login.data.token;
}

/**
 * Answers the first-login interest question through the API (as 跳过 does), so no dialog covers
 * the page a flow opens with this session. Flows that test the dialog itself use answerInterest().
 */
export async function apiSkipInterest(server: RunningServer, token: string): Promise<void> {
  const res = await fetch(`${server.url}/api/user/v1/user/edit`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', satoken: token },
    body: JSON.stringify({ interests: [] }),
  });
  if (res.status !== 200) throw new Error(`interest answer failed: ${res.status}`);
}

/** A designer past the first-login question: signed in through the API, interests skipped. */
export async function apiDesigner(server: RunningServer, phone: string): Promise<string> {
  const token = await apiSignIn(server, phone);
  await apiSkipInterest(server, token);
  return token;
}
