/**
 * The time source services read. Injected (container option `now`) so tests move time forward
 * instead of sleeping through 60-second resend windows and 30-day session lifetimes.
 */
export type Clock = () => Date;

export const systemClock: Clock = () => new Date();

export const addMs = (at: Date, ms: number): Date => new Date(at.getTime() + ms);

export const SECOND = 1000;
export const MINUTE = 60 * SECOND;
export const HOUR = 60 * MINUTE;
export const DAY = 24 * HOUR;
