import { afterEach, expect, it } from 'vitest';
import { pruneExpired } from '../src/db/housekeeping';
import { buildTestApp, describeEachDatabase, fakeClock, type TestApp } from './helper';

const DAY = 24 * 3600_000;

describeEachDatabase('housekeeping', (target) => {
  let t: TestApp | undefined;
  afterEach(async () => {
    await t?.close();
    t = undefined;
  });

  it('deletes account rows a week past their expiry and SMS log lines past two days, nothing newer', async () => {
    const { now: clock } = fakeClock('2026-06-10T12:00:00.000Z');
    t = await buildTestApp({ target, now: clock });
    const db = t.container.database.db;
    const ago = (ms: number) => new Date(clock().getTime() - ms).toISOString();
    await db
      .insertInto('sms_codes')
      .values(
        [8 * DAY, 6 * DAY, -DAY].map((age, i) => ({
          id: `c${i}`,
          phone: '13800000000',
          purpose: 'login',
          code_hash: 'x',
          attempts: 0,
          created_at: ago(age),
          expires_at: ago(age),
        })),
      )
      .execute();
    await db
      .insertInto('captcha_tokens')
      .values([
        {
          token_hash: 'old',
          challenge_id: 'a',
          created_at: ago(9 * DAY),
          expires_at: ago(9 * DAY),
        },
        { token_hash: 'new', challenge_id: 'b', created_at: ago(DAY), expires_at: ago(DAY) },
      ])
      .execute();
    await db
      .insertInto('sms_send_log')
      .values([
        { id: 'l0', phone: '13800000000', ip: '1.1.1.1', at: ago(3 * DAY) },
        { id: 'l1', phone: '13800000000', ip: '1.1.1.1', at: ago(DAY) },
      ])
      .execute();

    const removed = await pruneExpired(db, clock);
    expect(removed).toMatchObject({ sms_codes: 1, captcha_tokens: 1, sms_send_log: 1 });
    const ids = async (table: 'sms_codes' | 'sms_send_log') =>
      (await db.selectFrom(table).select('id').orderBy('id').execute()).map((r) => r.id);
    expect(await ids('sms_codes')).toEqual(['c1', 'c2']);
    expect(await ids('sms_send_log')).toEqual(['l1']);
    const tokens = await db.selectFrom('captcha_tokens').select('token_hash').execute();
    expect(tokens.map((r) => r.token_hash)).toEqual(['new']);
    // A second pass finds nothing more to do.
    expect(Object.values(await pruneExpired(db, clock)).every((n) => n === 0)).toBe(true);
  });
});
