/**
 * The multi-image video's frame sequence: pictures in play order, each with its own seconds.
 * Pictures and seconds live in two places of the tool state (the `frames` input and the
 * `durations` parameter), so every change goes through these functions and moves both together.
 */

/** Seconds of a picture the engine accepts (the tool's `durations` items). */
export const FRAME_SECONDS = { min: 1, max: 8, step: 0.5 } as const;

export interface Sequence<T> {
  frames: T[];
  durations: number[];
}

const clampSeconds = (s: number) =>
  Math.min(FRAME_SECONDS.max, Math.max(FRAME_SECONDS.min, Math.round(s * 2) / 2));

/** One duration per picture: a picture without its own holds the default. */
export const durationsFor = (count: number, durations: readonly number[], fallback: number) =>
  Array.from({ length: count }, (_, i) => durations[i] ?? fallback);

/** Moves picture `from` to position `to` (clamped), its seconds with it. */
export const moveFrame = <T>(
  seq: Sequence<T>,
  from: number,
  to: number,
  fallback: number,
): Sequence<T> => {
  const n = seq.frames.length;
  const target = Math.max(0, Math.min(n - 1, to));
  if (from < 0 || from >= n || from === target) return seq;
  const frames = [...seq.frames];
  const durations = durationsFor(n, seq.durations, fallback);
  const [frame] = frames.splice(from, 1);
  const [seconds] = durations.splice(from, 1);
  frames.splice(target, 0, frame!);
  durations.splice(target, 0, seconds!);
  return { frames, durations };
};

export const removeFrame = <T>(seq: Sequence<T>, index: number, fallback: number): Sequence<T> => {
  const durations = durationsFor(seq.frames.length, seq.durations, fallback);
  return {
    frames: seq.frames.filter((_, i) => i !== index),
    durations: durations.filter((_, i) => i !== index),
  };
};

/** Adds pictures at the end with the default seconds, up to `max` pictures. */
export const appendFrames = <T>(
  seq: Sequence<T>,
  added: readonly T[],
  fallback: number,
  max: number,
): Sequence<T> => {
  const frames = [...seq.frames, ...added].slice(0, max);
  return { frames, durations: durationsFor(frames.length, seq.durations, fallback) };
};

export const setFrameSeconds = <T>(
  seq: Sequence<T>,
  index: number,
  seconds: number,
  fallback: number,
): Sequence<T> => {
  const durations = durationsFor(seq.frames.length, seq.durations, fallback);
  durations[index] = clampSeconds(seconds);
  return { frames: seq.frames, durations };
};

/**
 * The video's length as the local engine makes it: the transition is at most half the shortest
 * picture, and each of the N−1 transitions overlaps two pictures.
 */
export const sequenceSeconds = (durations: readonly number[], transition: number): number => {
  if (durations.length === 0) return 0;
  const t = Math.min(transition, Math.min(...durations) / 2);
  const total = durations.reduce((sum, d) => sum + d, 0) - (durations.length - 1) * t;
  return Math.round(total * 10) / 10;
};
