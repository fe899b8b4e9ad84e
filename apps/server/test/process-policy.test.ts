import { spawn } from 'node:child_process';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { describeCrash } from '../src/process-policy';

const serverDir = path.resolve(import.meta.dirname, '..');

const run = (mode: string) =>
  new Promise<{ code: number | null; output: string }>((resolve) => {
    const child = spawn(
      process.execPath,
      ['--import', 'tsx', 'test/process-policy-fixture.ts', mode],
      { cwd: serverDir, stdio: ['ignore', 'pipe', 'pipe'] },
    );
    let output = '';
    child.stdout.on('data', (d: Buffer) => (output += d.toString()));
    child.stderr.on('data', (d: Buffer) => (output += d.toString()));
    child.once('close', (code) => resolve({ code, output }));
  });

describe('process policy: a crash is one bounded log line and exit 1', () => {
  it.each(['exception', 'rejection'])('%s with a megabyte message', async (mode) => {
    const { code, output } = await run(mode);
    expect(code).toBe(1);
    // One JSON line from our handler, a few KB at most: no library source dumped.
    expect(output.length).toBeLessThan(8_000);
    const line = JSON.parse(output.trim().split('\n')[0]!) as {
      level: number;
      msg: string;
      crash: { type: string; message: string };
    };
    expect(line.level).toBe(60);
    expect(line.msg).toMatch(/exiting for the supervisor/);
    expect(line.crash.type).toMatch(mode === 'exception' ? /TypeError/ : /Error/);
    expect(line.crash.message).toMatch(/more characters\)$/);
  });

  it('describes non-errors and keeps stacks short', () => {
    expect(describeCrash('plain')).toEqual({ type: 'string', message: 'plain' });
    expect(describeCrash({ a: 1 })).toEqual({ type: 'object', message: '{"a":1}' });
    const err = Object.assign(new Error('x'), { code: 'E_TEST' });
    const d = describeCrash(err);
    expect(d.type).toBe('Error E_TEST');
    expect(d.stack?.split('\n').length).toBeLessThanOrEqual(15);
  });
});
