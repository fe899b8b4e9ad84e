import { createChallenge, solveChallenge } from 'altcha-lib';
import type { Challenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/pbkdf2';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { MINUTE } from '../src/config/clock';
import {
  buildTestApp,
  describeEachDatabase,
  expectError,
  fakeClock,
  uniqueIp,
  uniquePhone,
} from './helper';
import type { FakeClock, TestApp } from './helper';

/** What the altcha widget does in the browser: solve the challenge, post base64 of both. */
const solve = async (challenge: Challenge) => {
  const solution = await solveChallenge({ challenge, deriveKey });
  if (!solution) throw new Error('no solution found');
  return { challenge, solution };
};
const encode = (payload: unknown) => Buffer.from(JSON.stringify(payload)).toString('base64');

describeEachDatabase('the validate captcha (ALTCHA)', (target) => {
  let t: TestApp;
  let clock: FakeClock;
  beforeAll(async () => {
    // The clock starts now: altcha-lib also checks the expiry against the real time.
    clock = fakeClock(new Date().toISOString());
    t = await buildTestApp({
      target,
      now: clock.now,
      env: { CAPTCHA_COST: '20', CAPTCHA_COUNTER_MAX: '60' },
    });
  });
  afterAll(() => t.close());

  const send = (phoneNo: string, ip: string, extra: Record<string, unknown> = {}) =>
    t.app.inject({
      method: 'POST',
      url: '/api/user/p1/sms/send',
      payload: { phoneNo, ...extra },
      remoteAddress: ip,
    });
  const challenge = async () => {
    const res = await t.app.inject({ url: '/api/captcha/challenge' });
    expect(res.statusCode).toBe(200);
    return res.json().data as Challenge;
  };
  const answer = (payload: string) =>
    t.app.inject({ method: 'POST', url: '/api/captcha/solve', payload: { payload } });
  const refused = (res: Awaited<ReturnType<typeof answer>>) => {
    const body = expectError(res, 'CAPTCHA_INVALID');
    expect(body.message).toBe('安全验证未通过或已过期，请重新验证');
  };

  it('asks one busy address for the captcha; a real solution gives one token, good once', async () => {
    const ip = uniqueIp();
    for (let i = 0; i < 3; i++) expect((await send(uniquePhone(), ip)).statusCode).toBe(200);
    const phone = uniquePhone();
    expectError(await send(phone, ip), 'CAPTCHA_REQUIRED');
    // Other addresses are not affected.
    expect((await send(uniquePhone(), uniqueIp())).statusCode).toBe(200);

    const issued = await challenge();
    expect(issued.parameters).toMatchObject({ algorithm: 'PBKDF2/SHA-256', cost: 20 });
    expect(issued.parameters.expiresAt).toBe(
      Math.floor((clock.now().getTime() + 5 * MINUTE) / 1000),
    );
    const payload = encode(await solve(issued));
    const solved = await answer(payload);
    expect(solved.statusCode).toBe(200);
    const { captchaToken } = solved.json().data as { captchaToken: string };
    // The same solution replayed yields nothing.
    refused(await answer(payload));

    expectError(await send(phone, ip, { captchaToken: 'made-up' }), 'CAPTCHA_INVALID');
    expect((await send(phone, ip, { captchaToken })).statusCode).toBe(200);
    expectError(await send(uniquePhone(), ip, { captchaToken }), 'CAPTCHA_INVALID');
  });

  it('refuses a forged answer: wrong key, eased or re-signed challenge, not a payload', async () => {
    const issued = await challenge();
    const good = await solve(issued);

    // A made-up key for the right challenge.
    const wrongKey = { ...good.solution, derivedKey: 'ab'.repeat(32) };
    refused(await answer(encode({ ...good, solution: wrongKey })));
    // An eased challenge (cost 1, one-byte prefix) keeps the server's signature: it no longer fits.
    const eased = { ...issued.parameters, cost: 1, keyPrefix: '0' };
    refused(await answer(encode({ challenge: { ...issued, parameters: eased }, solution: good })));
    // A challenge the client made and signed itself.
    const own = await createChallenge({
      algorithm: 'PBKDF2/SHA-256',
      cost: 1,
      counter: 3,
      deriveKey,
      expiresAt: new Date(Date.now() + MINUTE),
      hmacSignatureSecret: 'attacker',
      hmacKeySignatureSecret: 'attacker-key',
    });
    refused(await answer(encode(await solve(own))));
    // Garbage: not base64 JSON, the wrong shape, a v1 payload.
    refused(await answer('%%%not-base64%%%'));
    refused(await answer(encode({ hello: 'world' })));
    refused(await answer(encode({ algorithm: 'SHA-256', challenge: 'x', number: 1, salt: 'y' })));
    // A body without the payload is bad input too, not a server error.
    const empty = await t.app.inject({ method: 'POST', url: '/api/captcha/solve', payload: {} });
    expect(empty.statusCode).toBe(400);

    // The genuine answer still works after all that.
    expect((await answer(encode(good))).statusCode).toBe(200);
  });

  it('refuses a solution that arrives after the challenge expired', async () => {
    const payload = encode(await solve(await challenge()));
    clock.advance(5 * MINUTE);
    refused(await answer(payload));
  });
});
