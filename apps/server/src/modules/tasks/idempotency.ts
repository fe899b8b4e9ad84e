import { createHash } from 'node:crypto';
import { AppError } from '../../http/app-error';

declare module '../../db/schema' {
  interface IdempotencyKeysTable {
    /** sha256 of the request the key was first used with (migration 0007b); null before it. */
    body_hash: string | null;
  }
}

/** The longest Idempotency-Key accepted; a longer one is refused, never cut (cut keys collide). */
export const IDEMPOTENCY_KEY_MAX = 128;

export type Idempotency = { key: string; fingerprint: string };

/** JSON with object keys sorted at every level, so the same request always hashes the same. */
const canonical = (value: unknown): string => {
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  if (value && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, v]) => v !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonical(v)}`).join(',')}}`;
  }
  return JSON.stringify(value) ?? 'null';
};

/**
 * The Idempotency-Key header with the fingerprint of the request it came with; undefined when
 * absent. A key reused with a different body is refused later (422), one over 128 characters now.
 */
export const idempotencyOf = (header: unknown, body: unknown): Idempotency | undefined => {
  if (typeof header !== 'string' || header.trim() === '') return undefined;
  const key = header.trim();
  if (key.length > IDEMPOTENCY_KEY_MAX) throw new AppError('IDEMPOTENCY_KEY_TOO_LONG');
  return { key, fingerprint: createHash('sha256').update(canonical(body)).digest('hex') };
};

/** Throws unless the stored fingerprint (if any) is this request's. */
export const assertSameRequest = (stored: string | null, idempotency: Idempotency): void => {
  if (stored !== null && stored !== idempotency.fingerprint) {
    throw new AppError('IDEMPOTENCY_KEY_REUSED');
  }
};
