import type { QueueEstimate } from '@huijing/contracts';

/**
 * Seconds until a task is done, from its queue position and this tool's recent run time: the
 * tasks ahead go `slots` at a time, then this one runs; a running task has what its progress
 * leaves. Undefined when nothing has been measured yet (no promise that was not measured).
 */
export const secondsLeft = (
  task: { status: string; queueNum: number; progress: number },
  estimate: Pick<QueueEstimate, 'runSeconds' | 'slots'> | undefined,
): number | undefined => {
  const run = estimate?.runSeconds;
  if (run == null) return undefined;
  if (task.status === 'queued') {
    const rounds = Math.floor(task.queueNum / Math.max(1, estimate!.slots)) + 1;
    return rounds * run;
  }
  return Math.max(0, run * (1 - Math.min(100, Math.max(0, task.progress)) / 100));
};

/** "约 20 秒" / "约 3 分钟": seconds to the next 5 under a minute, else whole minutes up. */
export const roundedWait = (seconds: number): { unit: 'seconds' | 'minutes'; n: number } =>
  seconds < 60
    ? { unit: 'seconds', n: Math.max(5, Math.ceil(seconds / 5) * 5) }
    : { unit: 'minutes', n: Math.ceil(seconds / 60) };

/** The bar and its number show one value: whole percent, 0 while queued, 1–99 while running. */
export const shownPercent = (task: { status: string; progress: number }): number =>
  task.status === 'queued' ? 0 : Math.min(99, Math.max(1, Math.round(task.progress)));
