import type { TaskStatus } from '@huijing/contracts';

/** Never poll faster than this (the worker writes progress at most every 500 ms). */
export const POLL_MIN_MS = 500;
/** A long queue is checked at least this often. */
export const POLL_MAX_MS = 5_000;

export const isTerminal = (status: TaskStatus) =>
  status === 'succeeded' || status === 'failed' || status === 'canceled';

/**
 * Delay before the next poll: fast while something changes, backing off ×1.5 for every poll that
 * saw nothing new, capped; a queued task far back in line starts slower.
 */
export const pollDelay = (unchangedPolls: number, queueNum = 0): number => {
  const base = queueNum > 5 ? 2_000 : queueNum > 0 ? 1_000 : POLL_MIN_MS;
  const delay = base * 1.5 ** Math.max(0, unchangedPolls);
  return Math.round(Math.min(POLL_MAX_MS, Math.max(POLL_MIN_MS, delay)));
};

/** What counts as "something changed" between two polls. */
export const pollSignature = (t: { status: string; progress: number; queueNum: number }) =>
  `${t.status}:${t.progress}:${t.queueNum}`;
