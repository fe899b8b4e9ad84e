import { describe, expect, it } from 'vitest';
import { roundedWait, secondsLeft, shownPercent } from './queue-estimate';

describe('queue position and estimated wait', () => {
  const estimate = { runSeconds: 20, slots: 2 };
  it('counts the tasks ahead in rounds of the engine’s slots, then this run', () => {
    expect(secondsLeft({ status: 'queued', queueNum: 0, progress: 0 }, estimate)).toBe(20);
    expect(secondsLeft({ status: 'queued', queueNum: 1, progress: 0 }, estimate)).toBe(20);
    expect(secondsLeft({ status: 'queued', queueNum: 2, progress: 0 }, estimate)).toBe(40);
    expect(secondsLeft({ status: 'queued', queueNum: 5, progress: 0 }, estimate)).toBe(60);
  });
  it('leaves what the progress has not done while running', () => {
    expect(secondsLeft({ status: 'running', queueNum: 0, progress: 75 }, estimate)).toBe(5);
  });
  it('promises nothing before a run was measured', () => {
    const none = { runSeconds: null, slots: 1 };
    expect(secondsLeft({ status: 'queued', queueNum: 3, progress: 0 }, none)).toBeUndefined();
    expect(secondsLeft({ status: 'queued', queueNum: 3, progress: 0 }, undefined)).toBeUndefined();
  });
  it('says seconds to the next 5 under a minute, whole minutes up after', () => {
    expect(roundedWait(3)).toEqual({ unit: 'seconds', n: 5 });
    expect(roundedWait(41)).toEqual({ unit: 'seconds', n: 45 });
    expect(roundedWait(60)).toEqual({ unit: 'minutes', n: 1 });
    expect(roundedWait(61)).toEqual({ unit: 'minutes', n: 2 });
  });
  it('shows one percentage for the bar and its number: 0 queued, 1–99 running', () => {
    expect(shownPercent({ status: 'queued', progress: 40 })).toBe(0);
    expect(shownPercent({ status: 'running', progress: 0 })).toBe(1);
    expect(shownPercent({ status: 'running', progress: 62.4 })).toBe(62);
    expect(shownPercent({ status: 'running', progress: 100 })).toBe(99);
  });
});
