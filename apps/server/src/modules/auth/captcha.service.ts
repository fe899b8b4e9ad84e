import { captchaChallengeSchema } from '@huijing/contracts';
import { createChallenge, randomInt, verifySolution } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/pbkdf2';
import { z } from 'zod';
import type { Clock } from '../../config/clock';
import { MINUTE, addMs } from '../../config/clock';
import { AppError } from '../../http/app-error';
import type { CaptchaRepository } from './captcha.repository';
import { randomToken } from '../../db/ids';
import { hmacHex, sha256Hex } from './secrets';

const CHALLENGE_TTL_MS = 5 * MINUTE;
const TOKEN_TTL_MS = 5 * MINUTE;
/** The altcha widget ships this key derivation in its bundle (one worker file, no WASM). */
const CAPTCHA_ALGORITHM = 'PBKDF2/SHA-256';

/** What the altcha widget posts back: base64 of {challenge, solution}. Anything else is refused. */
const payloadSchema = z.object({
  challenge: z.object({
    parameters: captchaChallengeSchema.shape.parameters
      .extend({
        algorithm: z.literal(CAPTCHA_ALGORITHM),
        nonce: z.string().regex(/^[0-9a-f]{32}$/),
      })
      .passthrough(),
    signature: z.string(),
  }),
  solution: z.object({ counter: z.number(), derivedKey: z.string(), time: z.number().optional() }),
});

const decodePayload = (payload: string) => {
  try {
    return payloadSchema.safeParse(JSON.parse(Buffer.from(payload, 'base64').toString('utf8')));
  } catch {
    return undefined;
  }
};

export type CaptchaService = ReturnType<typeof createCaptchaService>;

/**
 * The "validate" captcha: ALTCHA's proof of work (altcha-lib here, the altcha widget in the
 * browser), self-hosted, no third party. A challenge is HMAC-signed with keys derived from the app
 * secret, so it cannot be eased or extended; the server knows the answer's key (deterministic
 * mode, the counter picked at random below `counterMax`), so checking a solution is one HMAC.
 * A solved challenge yields one single-use token for the next SMS send; its nonce is recorded,
 * so the same solution never yields a second token.
 */
export const createCaptchaService = (deps: {
  repo: CaptchaRepository;
  secret: () => Promise<string>;
  /** PBKDF2 iterations per attempt and the largest counter: the work is ≈ cost × counter / 2 … cost × counter. */
  cost: number;
  counterMax: number;
  now: Clock;
}) => {
  const keys = async () => {
    const secret = await deps.secret();
    return {
      hmacSignatureSecret: hmacHex(secret, 'captcha:altcha-signature'),
      hmacKeySignatureSecret: hmacHex(secret, 'captcha:altcha-key'),
    };
  };

  return {
    async issueChallenge(): Promise<z.infer<typeof captchaChallengeSchema>> {
      const expiresAt = addMs(deps.now(), CHALLENGE_TTL_MS);
      const counterMax = Math.max(2, deps.counterMax);
      const { parameters, signature } = await createChallenge({
        algorithm: CAPTCHA_ALGORITHM,
        cost: deps.cost,
        counter: randomInt(counterMax, Math.ceil(counterMax / 2)),
        deriveKey,
        expiresAt,
        ...(await keys()),
      });
      if (!signature) throw new Error('altcha-lib returned an unsigned challenge');
      return { parameters, signature };
    },

    async solve(payload: string) {
      const parsed = decodePayload(payload);
      if (!parsed?.success) throw new AppError('CAPTCHA_INVALID');
      const { challenge, solution } = parsed.data;
      const at = deps.now();
      const expiresAtSeconds = Number(challenge.parameters.expiresAt);
      if (!(expiresAtSeconds * 1000 > at.getTime())) throw new AppError('CAPTCHA_INVALID');
      const result = await verifySolution({
        challenge,
        solution,
        deriveKey,
        ...(await keys()),
      });
      if (!result.verified) throw new AppError('CAPTCHA_INVALID');
      const token = randomToken(24);
      const expiresAt = addMs(at, TOKEN_TTL_MS);
      const fresh = await deps.repo.insertToken({
        tokenHash: sha256Hex(token),
        challengeId: challenge.parameters.nonce,
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
