import { execFile, spawn } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { childEnv } from './child-process';
import { makeTempDir, makeWebDist } from './helper';

const serverDir = path.resolve(import.meta.dirname, '..');
const bundle = path.join(serverDir, 'dist', `test-main-${randomBytes(4).toString('hex')}.js`);

type Running = { child: ChildProcess; output: () => string; exited: Promise<number | null> };

const start = (args: string[], env: Record<string, string>): Running => {
  const child = spawn(process.execPath, [bundle, ...args], {
    cwd: serverDir,
    env: childEnv(env),
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  child.stdout?.on('data', (d: Buffer) => (out += d.toString()));
  child.stderr?.on('data', (d: Buffer) => (out += d.toString()));
  const exited = new Promise<number | null>((resolve) =>
    child.once('exit', (code) => resolve(code)),
  );
  return { child, output: () => out, exited };
};

const waitForOutput = async (run: Running, pattern: RegExp): Promise<RegExpMatchArray> => {
  for (let i = 0; i < 300; i++) {
    const match = run.output().match(pattern);
    if (match) return match;
    await new Promise((r) => setTimeout(r, 20));
  }
  throw new Error(`timed out waiting for ${pattern}; output:\n${run.output()}`);
};

describe('the bundled server (dist/main.js)', () => {
  let dataDir: string;
  let webDist: string;

  beforeAll(async () => {
    await promisify(execFile)(process.execPath, ['build.mjs', '--outfile', bundle], {
      cwd: serverDir,
    });
    dataDir = await makeTempDir();
    webDist = await makeWebDist();
  });
  afterAll(async () => {
    await fs.rm(bundle, { force: true });
    await fs.rm(`${bundle}.map`, { force: true });
    await fs.rm(dataDir, { recursive: true, force: true });
    await fs.rm(webDist, { recursive: true, force: true });
  });

  it('migrates, serves the API and the web app, and exits 0 on SIGTERM', async () => {
    const run = start([], { PORT: '0', DATA_DIR: dataDir, WEB_DIST: webDist });
    try {
      const [, url] = await waitForOutput(run, /is listening on (http:\/\/127\.0\.0\.1:\d+)/);
      expect(run.output()).toMatch(/"migrated":\["0001_settings","0002_accounts"/);
      const health = await fetch(`${url}/api/health`);
      expect(health.status).toBe(200);
      expect(await health.json()).toMatchObject({ data: { status: 'ok' } });
      const page = await fetch(`${url}/text2Img`);
      expect(page.status).toBe(200);
      expect(await page.text()).toContain('<div id="root">');
    } finally {
      run.child.kill('SIGTERM');
    }
    expect(await run.exited).toBe(0);
    expect(run.output()).toContain('shutdown complete');
  });

  it('runs as a worker without an HTTP listener', async () => {
    const run = start(['--role', 'worker'], { PORT: '0', DATA_DIR: dataDir, WEB_DIST: webDist });
    await waitForOutput(run, /worker running \(no HTTP listener\)/);
    // Second boot on the same database: nothing left to migrate.
    expect(run.output()).toContain('"migrated":[]');
    expect(run.output()).not.toContain('listening');
    run.child.kill('SIGINT');
    expect(await run.exited).toBe(0);
  });

  it('refuses to boot with bad configuration, listing every problem', async () => {
    const run = start([], { PORT: 'x', DATABASE_URL: 'mysql://db', DATA_DIR: dataDir });
    expect(await run.exited).toBe(1);
    expect(run.output()).toMatch(/PORT: [\s\S]*DATABASE_URL: /);
  });

  it('refuses an unknown role', async () => {
    const run = start(['--role', 'cron'], { DATA_DIR: dataDir });
    expect(await run.exited).toBe(1);
    expect(run.output()).toContain('--role must be one of all, api, worker');
  });
});
