import { spawn } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import path from 'node:path';

export const serverDir = path.resolve(import.meta.dirname, '..');

/** A server process a test starts (and may kill): its output is kept for failure messages. */
export type ServerProcess = {
  name: string;
  proc: ChildProcess;
  exited: Promise<void>;
  output: () => string;
};

/**
 * A child's environment: PATH, BETTER_SQLITE3_BINDING when set (the Node 24 run's
 * better-sqlite3 build, scripts/node24.mjs) and `env`; nothing else leaks from the test process.
 */
export const childEnv = (env: Record<string, string | undefined>): Record<string, string> => {
  const out: Record<string, string> = { PATH: process.env.PATH ?? '' };
  const binding = process.env.BETTER_SQLITE3_BINDING;
  if (binding) out.BETTER_SQLITE3_BINDING = binding;
  for (const [k, v] of Object.entries(env)) if (v !== undefined) out[k] = v;
  return out;
};

/** Runs `node --import tsx <args>` in apps/server with only childEnv(`env`) as its environment. */
export const spawnServerProcess = (
  name: string,
  args: string[],
  env: Record<string, string>,
): ServerProcess => {
  const proc = spawn(process.execPath, ['--import', 'tsx', ...args], {
    cwd: serverDir,
    env: childEnv(env),
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  proc.stdout?.on('data', (d: Buffer) => (out += d.toString()));
  proc.stderr?.on('data', (d: Buffer) => (out += d.toString()));
  const exited = new Promise<void>((resolve) => proc.once('close', () => resolve()));
  return { name, proc, exited, output: () => out };
};

export const isAlive = (p: ServerProcess) => p.proc.exitCode === null && p.proc.signalCode === null;
