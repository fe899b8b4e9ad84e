import { createHash } from 'node:crypto';
import type { Clock } from '../../config/clock';
import { MINUTE, addMs } from '../../config/clock';
import { AppError } from '../../http/app-error';
import type { CaptchaRepository } from './captcha.repository';
import { hmacBase64url, randomToken, safeEqual, sha256Hex } from './secrets';

const CHALLENGE_TTL_MS = 5 * MINUTE;
const TOKEN_TTL_MS = 5 * MINUTE;

/** Leading zero bits of a digest: the proof-of-work score. */
export const leadingZeroBits = (digest: Buffer): number => {
  let bits = 0;
  for (const byte of digest) {
    if (byte === 0) {
      bits += 8;
      continue;
    }
    return bits + Math.clz32(byte) - 24;
  }
  return bits;
};

/** What a client does (shown here for tests and docs): try nonces until the digest qualifies. */
export const solveChallenge = (challenge: string, bits: number): string => {
  for (let n = 0; ; n++) {
    const nonce = n.toString(36);
    const digest = createHash('sha256').update(`${challenge}${nonce}`).digest();
    if (leadingZeroBits(digest) >= bits) return nonce;
  }
};

export type CaptchaService = ReturnType<typeof createCaptchaService>;

/**
 * The "validate" captcha as a self-hosted proof of work: no third party, no state until solved.
 * A challenge is `id.expiresMs.bits.signature`, HMAC-signed so the client cannot lower the bits
 * or extend the expiry; solving it yields a single-use token for the next SMS send.
 */
export const createCaptchaService = (deps: {
  repo: CaptchaRepository;
  secret: () => Promise<string>;
  bits: number;
  now: Clock;
}) => {
  const sign = async (payload: string) => hmacBase64url(await deps.secret(), `captcha:${payload}`);

  return {
    async issueChallenge() {
      const expiresAt = addMs(deps.now(), CHALLENGE_TTL_MS);
      const payload = `${randomToken(16)}.${expiresAt.getTime()}.${deps.bits}`;
      return {
        challenge: `${payload}.${await sign(payload)}`,
        bits: deps.bits,
        expiresAt: expiresAt.toISOString(),
      };
    },

    async solve(challenge: string, nonce: string) {
      const parts = challenge.split('.');
      if (parts.length !== 4) throw new AppError('CAPTCHA_INVALID');
      const [id, expires, bitsText, signature] = parts as [string, string, string, string];
      const payload = `${id}.${expires}.${bitsText}`;
      const at = deps.now();
      if (!safeEqual(signature, await sign(payload)) || Number(expires) <= at.getTime()) {
        throw new AppError('CAPTCHA_INVALID');
      }
      const digest = createHash('sha256').update(`${challenge}${nonce}`).digest();
      if (leadingZeroBits(digest) < Number(bitsText)) throw new AppError('CAPTCHA_INVALID');
      const token = randomToken(24);
      const expiresAt = addMs(at, TOKEN_TTL_MS);
      const fresh = await deps.repo.insertToken({
        tokenHash: sha256Hex(token),
        challengeId: id,
        createdAt: at.toISOString(),
        expiresAt: expiresAt.toISOString(),
      });
      if (!fresh) throw new AppError('CAPTCHA_INVALID');
      return { captchaToken: token, expiresAt: expiresAt.toISOString() };
    },

    /** True once per token; a second use, an expired or an unknown token is false. */
    consume: (token: string) => deps.repo.consumeToken(sha256Hex(token), deps.now().toISOString()),
  };
};
