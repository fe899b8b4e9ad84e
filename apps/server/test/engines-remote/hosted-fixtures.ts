import fs from 'node:fs/promises';
import { afterEach, beforeEach, expect } from 'vitest';
import { ProviderError, sleep } from '../../src/engines/hosted-call';
import type { Sleep } from '../../src/engines/hosted-call';
import type { HostedDouble } from '../doubles/hosted-media';
import { tempDir, waitFor } from './remote-fixtures';

/**
 * Per test a fresh provider double and work dir. Every wait an engine asks for (poll interval,
 * backoff) is recorded and shortened, so the tests check the waits asked for without spending
 * them.
 */
export const hostedSuite = <D extends HostedDouble<unknown, unknown>>(
  start: () => Promise<D>,
  prefix: string,
) => {
  const t = {
    api: undefined as unknown as D,
    dir: '',
    waits: [] as number[],
    /** Client options pointing at this test's double. */
    connection: () => ({
      baseUrl: t.api.url,
      apiKey: t.api.apiKey,
      sleep: ((ms, signal) => {
        t.waits.push(ms);
        return sleep(1, signal);
      }) as Sleep,
    }),
  };
  beforeEach(async () => {
    t.api = await start();
    t.dir = await tempDir(prefix);
    t.waits = [];
  });
  afterEach(async () => {
    await t.api.close();
    await fs.rm(t.dir, { recursive: true, force: true });
  });
  return t;
};

/** The error a run fails with (undefined when it does not). */
export const failureOf = (run: Promise<unknown>) =>
  run.then(() => undefined).catch((e: unknown) => e);

/** Starts a run, aborts it while its task is still waiting (polled twice), expects AbortError. */
export const abortWhileWaiting = async (
  api: HostedDouble<unknown, unknown>,
  run: (signal: AbortSignal) => Promise<unknown>,
) => {
  const controller = new AbortController();
  const running = run(controller.signal);
  await waitFor(() => api.polls.length >= 2);
  controller.abort();
  await expect(running).rejects.toMatchObject({ name: 'AbortError' });
};

/**
 * A moderation refusal: asked once (a refused picture does not get better by asking again),
 * read in Chinese, naming the request (refused at submit) or the task (failed at its end).
 */
export const expectModerationRefusal = (
  error: unknown,
  api: HostedDouble<unknown, unknown>,
  code: string,
  names: 'requestId' | 'taskId',
) => {
  expect(error).toBeInstanceOf(ProviderError);
  expect(error).toMatchObject({ code, retryable: false });
  expect((error as ProviderError).userMessage).toMatch(/^内容未通过安全审核/);
  expect((error as ProviderError)[names]).toEqual(
    names === 'taskId' ? [...api.tasks.keys()][0] : expect.any(String),
  );
  expect(api.received).toHaveLength(1);
};
