import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createRedisSessionBus } from '../src/modules/auth/session-bus';
import type { SessionBus } from '../src/modules/auth/session-bus';
import { createSessionsRepository } from '../src/modules/auth/sessions.repository';
import { createSessionsService } from '../src/modules/auth/sessions.service';
import { buildTestApp, fakeClock } from './helper';
import type { TestApp } from './helper';

const redisUrl = process.env.TEST_REDIS_URL ?? '';
const silent = pino({ level: 'silent' });
// Its own channel: other suites' logouts on the same Redis never reach these caches.
const prefix = `test-${process.pid}-${Date.now()}`;

const until = async (check: () => Promise<boolean> | boolean, ms = 5000) => {
  const end = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > end) throw new Error('condition not met in time');
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
};

// Two API processes on one database, each with its own session cache; a fake clock that never
// moves, so a cached session would be trusted for ever unless the other process says it ended.
describe.skipIf(!redisUrl)(
  'session invalidation between API processes (needs TEST_REDIS_URL)',
  () => {
    let t: TestApp;
    const buses: SessionBus[] = [];
    const clock = fakeClock();
    const node = (bus?: SessionBus) =>
      createSessionsService({
        repo: createSessionsRepository(t.container.database.db),
        now: clock.now,
        bus,
      });
    const bus = () => {
      const created = createRedisSessionBus(redisUrl, silent, prefix);
      buses.push(created);
      return created;
    };

    beforeAll(async () => {
      t = await buildTestApp();
    });
    afterAll(async () => {
      for (const b of buses) await b.close();
      await t.close();
    });

    it('a logout on one process ends the session in the other at once', async () => {
      const [busA, busB] = [bus(), bus()];
      await until(() => busA.live() && busB.live());
      const [a, b] = [node(busA), node(busB)];
      const token = await b.issue('user', 'user-logout');
      expect((await a.resolve('user', token)).ok).toBe(true); // now cached in A
      expect(await b.revokeToken(token)).toBe(true);
      await until(async () => !(await a.resolve('user', token)).ok);
      expect(await a.resolve('user', token)).toEqual({ ok: false, reason: 'ended' });
    });

    it('disabling a user ends all its sessions in the other process', async () => {
      const [busA, busB] = [bus(), bus()];
      await until(() => busA.live() && busB.live());
      const [a, b] = [node(busA), node(busB)];
      const first = await a.issue('user', 'user-disabled');
      const second = await a.issue('user', 'user-disabled');
      const bystander = await a.issue('user', 'user-bystander');
      for (const token of [first, second, bystander])
        expect((await a.resolve('user', token)).ok).toBe(true);
      await b.revokeAll('user', 'user-disabled', 'disabled');
      await until(async () => !(await a.resolve('user', first)).ok);
      expect((await a.resolve('user', second)).ok).toBe(false);
      expect((await a.resolve('user', bystander)).ok).toBe(true);
    });

    it('without the bus the other process keeps trusting its cached entry (what the bus prevents)', async () => {
      // What the bus prevents: B revokes, A (no bus) keeps trusting its cached entry.
      const a = node();
      const b = node();
      const token = await b.issue('user', 'user-nobus');
      expect((await a.resolve('user', token)).ok).toBe(true);
      await b.revokeToken(token);
      expect((await a.resolve('user', token)).ok).toBe(true);
    });

    it('while the bus cannot hear (Redis unreachable) the cache is not trusted', async () => {
      const deaf = createRedisSessionBus('redis://127.0.0.1:1', silent);
      buses.push(deaf);
      const a = node(deaf);
      const b = node();
      const token = await b.issue('user', 'user-deaf');
      expect((await a.resolve('user', token)).ok).toBe(true);
      await b.revokeToken(token);
      expect(await a.resolve('user', token)).toEqual({ ok: false, reason: 'ended' });
    });
  },
);
