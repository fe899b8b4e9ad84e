import { randomBytes, randomUUID } from 'node:crypto';

/** Row ids: random, so they reveal neither counts nor order to clients. */
export const newId = (): string => randomUUID();

/**
 * Unguessable tokens, URL-safe (base64url of `bytes` random bytes): session, captcha and share
 * tokens, SSO tickets, scene ids, file names. 24 bytes (192 bits) and up need no listing guard.
 */
export const randomToken = (bytes = 32): string => randomBytes(bytes).toString('base64url');
