import fs from 'node:fs/promises';
import os from 'node:os';
import { expect, it } from 'vitest';
import { underBusyLoop } from '../../test/busy-loop';
import { TimeoutError, withTimeout } from './bullmq.queue';

it('a call answered while the event loop was busy past the bound succeeds', async () => {
  // The file system answers from the thread pool while the main thread is blocked.
  const stat = await underBusyLoop(() => withTimeout(fs.stat(os.tmpdir()), 100, 'stat'), 400);
  expect(stat.isDirectory()).toBe(true);
});

it('a call that never answers still fails, with the loop idle or busy', async () => {
  const hung = new Promise<never>(() => {});
  await expect(withTimeout(hung, 50, 'hung call')).rejects.toBeInstanceOf(TimeoutError);
  await expect(underBusyLoop(() => withTimeout(hung, 50, 'hung call'), 200)).rejects.toThrow(
    'hung call took longer than 50 ms',
  );
});
