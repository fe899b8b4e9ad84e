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

/** Runs `node --import tsx <args>` in apps/server with only PATH and `env` in its environment. */
export const spawnServerProcess = (
  name: string,
  args: string[],
  env: Record<string, string>,
): ServerProcess => {
  const proc = spawn(process.execPath, ['--import', 'tsx', ...args], {
    cwd: serverDir,
    env: { PATH: process.env.PATH ?? '', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  proc.stdout?.on('data', (d: Buffer) => (out += d.toString()));
  proc.stderr?.on('data', (d: Buffer) => (out += d.toString()));
  const exited = new Promise<void>((resolve) => proc.once('close', () => resolve()));
  return { name, proc, exited, output: () => out };
};

export const isAlive = (p: ServerProcess) => p.proc.exitCode === null && p.proc.signalCode === null;
