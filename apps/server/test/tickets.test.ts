import { afterAll, beforeAll, expect, it } from 'vitest';
import { createTicketsRepository } from '../src/modules/tickets/tickets.repository';
import { buildTestApp, describeEachDatabase, smsLogin } from './helper';
import type { TestApp } from './helper';

describeEachDatabase('tickets: balances beside the ledger', (target) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp({ target, role: 'api', env: { SIGNUP_TICKETS: '1:37,4:2' } });
  });
  afterAll(() => t.close());

  it('signup grants land in the ledger and the balances; totalTicket reads them', async () => {
    const { user, token } = await smsLogin(t);
    const repo = createTicketsRepository(t.container.database.db);
    expect(await repo.balanceOf(user.id, 1)).toBe(37);
    expect(await repo.ledgerSum(user.id, 1)).toBe(37);
    expect(await repo.balanceOf(user.id, 3)).toBe(0);
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/ai/totalTicket?type=4',
      headers: { satoken: token },
    });
    expect(res.json()).toMatchObject({ success: true, data: 2 });
  });

  it('200 concurrent holds of 1 against a balance of 37: exactly 37 succeed, never below zero', async () => {
    const { user } = await smsLogin(t);
    const { db } = t.container.database;
    const at = new Date().toISOString();
    const results = await Promise.all(
      Array.from({ length: 200 }, (_, i) =>
        db
          .transaction()
          .execute((trx) => createTicketsRepository(trx).holdTickets(user.id, 1, 1, `r${i}`, at)),
      ),
    );
    expect(results.filter(Boolean)).toHaveLength(37);
    const repo = createTicketsRepository(db);
    expect(await repo.balanceOf(user.id, 1)).toBe(0);
    expect(await repo.ledgerSum(user.id, 1)).toBe(0);
    // A hold larger than the balance takes nothing.
    expect(await repo.holdTickets(user.id, 4, 3, 'big', at)).toBe(false);
    expect(await repo.balanceOf(user.id, 4)).toBe(2);
  });

  it('release gives back and capture records; the ledger always adds up', async () => {
    const { user } = await smsLogin(t);
    const { db } = t.container.database;
    const repo = createTicketsRepository(db);
    const at = new Date().toISOString();
    await db.transaction().execute(async (trx) => {
      const r = createTicketsRepository(trx);
      expect(await r.holdTickets(user.id, 1, 5, 'a', at)).toBe(true);
      expect(await r.holdTickets(user.id, 1, 2, 'b', at)).toBe(true);
      await r.captureHeld(user.id, 1, 'a', at);
      await r.releaseHeld(user.id, 1, 2, 'b', at);
    });
    expect(await repo.balanceOf(user.id, 1)).toBe(32);
    expect(await repo.ledgerSum(user.id, 1)).toBe(32);
    expect((await repo.entriesFor('a')).map((e) => e.reason).sort()).toEqual(['capture', 'hold']);
    expect(await repo.entriesFor('b')).toHaveLength(2);
  });
});
