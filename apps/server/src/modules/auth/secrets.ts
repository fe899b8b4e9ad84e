import { createHash, createHmac, randomInt, timingSafeEqual } from 'node:crypto';

/** Six digits from the CSPRNG (randomInt is uniform, no modulo bias). */
export const randomCode = (): string => randomInt(0, 1_000_000).toString().padStart(6, '0');

/** Tokens are stored as their sha256 only: a leaked table yields no usable session. */
export const sha256Hex = (value: string): string =>
  createHash('sha256').update(value).digest('hex');

export const hmacHex = (secret: string, value: string): string =>
  createHmac('sha256', secret).update(value).digest('hex');

export const safeEqual = (a: string, b: string): boolean => {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
};

/** Prefixes make the two kinds of token tell apart at a glance (and in a leaked log line). */
export const TOKEN_PREFIX = { user: 'hju_', admin: 'hja_' } as const;
export type SessionKind = keyof typeof TOKEN_PREFIX;
