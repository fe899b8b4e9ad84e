import { describe, expect, it } from 'vitest';
import { AppError } from './app-error';
import { createUserRateLimiter } from './rate-limit';

const errorOf = (fn: () => void) => {
  try {
    fn();
  } catch (error) {
    return error;
  }
  return undefined;
};

describe('createUserRateLimiter', () => {
  it('admits perMinute calls per user, refuses the next with the catalogue error, slides', () => {
    let now = Date.parse('2026-11-23T08:00:00Z');
    const admit = createUserRateLimiter(3, () => new Date(now), 'PROMPT_TOO_FREQUENT');
    admit('a');
    now += 10_000;
    admit('a');
    admit('a');
    const refused = errorOf(() => admit('a'));
    expect(refused).toBeInstanceOf(AppError);
    expect((refused as AppError).key).toBe('PROMPT_TOO_FREQUENT');
    expect((refused as AppError).status).toBe(429);
    // Another user has a window of their own.
    admit('b');
    // A minute after the first call one slot frees up, and only one.
    now += 50_000;
    admit('a');
    expect(errorOf(() => admit('a'))).toBeInstanceOf(AppError);
    // After a quiet minute the user starts afresh.
    now += 60_000;
    for (let i = 0; i < 3; i += 1) admit('a');
    expect(errorOf(() => admit('a'))).toBeInstanceOf(AppError);
  });
});
