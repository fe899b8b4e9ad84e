import type { ErrorKey } from '@huijing/contracts';
import { MINUTE, type Clock } from '../config/clock';
import { AppError } from './app-error';

/**
 * A per-user sliding one-minute window: `admit(userId)` throws the given catalogue error once a
 * user has been admitted `perMinute` times in the last minute. Per process: it keeps one user
 * from flooding a paid upstream or our CPU, not a billing or security boundary (tickets are).
 * Users idle for a minute are forgotten, so the map stays as small as the active user count.
 */
export const createUserRateLimiter = (perMinute: number, now: Clock, error: ErrorKey) => {
  const recent = new Map<string, number[]>();
  let lastSweep = 0;
  const sweep = (t: number) => {
    if (t - lastSweep < MINUTE) return;
    lastSweep = t;
    for (const [userId, times] of recent) {
      if (t - (times.at(-1) ?? 0) >= MINUTE) recent.delete(userId);
    }
  };
  return (userId: string) => {
    const t = now().getTime();
    sweep(t);
    const times = (recent.get(userId) ?? []).filter((at) => t - at < MINUTE);
    if (times.length >= perMinute) throw new AppError(error);
    times.push(t);
    recent.set(userId, times);
  };
};
export type UserRateLimiter = ReturnType<typeof createUserRateLimiter>;
