import { describe, expect, it } from 'vitest';
import {
  appendFrames,
  durationsFor,
  moveFrame,
  removeFrame,
  sequenceSeconds,
  setFrameSeconds,
} from './frame-sequence-model';

const seq = { frames: ['a', 'b', 'c'], durations: [1, 2, 4] };

describe('frame sequence', () => {
  it('pads missing durations with the default and drops extra ones', () => {
    expect(durationsFor(3, [2], 3)).toEqual([2, 3, 3]);
    expect(durationsFor(1, [2, 5], 3)).toEqual([2]);
  });

  it('moves a picture with its seconds, clamping the target', () => {
    expect(moveFrame(seq, 0, 2, 3)).toEqual({ frames: ['b', 'c', 'a'], durations: [2, 4, 1] });
    expect(moveFrame(seq, 2, 1, 3)).toEqual({ frames: ['a', 'c', 'b'], durations: [1, 4, 2] });
    expect(moveFrame(seq, 1, 9, 3)).toEqual({ frames: ['a', 'c', 'b'], durations: [1, 4, 2] });
    // Moving the first picture earlier changes nothing.
    expect(moveFrame(seq, 0, -1, 3)).toBe(seq);
  });

  it('gives a picture without seconds the default when it moves', () => {
    const short = { frames: ['a', 'b', 'c'], durations: [5] };
    expect(moveFrame(short, 0, 2, 3)).toEqual({ frames: ['b', 'c', 'a'], durations: [3, 3, 5] });
  });

  it('removes a picture and exactly its seconds', () => {
    expect(removeFrame(seq, 1, 3)).toEqual({ frames: ['a', 'c'], durations: [1, 4] });
  });

  it('appends with the default seconds up to the maximum', () => {
    expect(appendFrames(seq, ['d', 'e'], 3, 4)).toEqual({
      frames: ['a', 'b', 'c', 'd'],
      durations: [1, 2, 4, 3],
    });
  });

  it('sets one picture’s seconds in half-second steps within 1–8', () => {
    expect(setFrameSeconds(seq, 1, 2.7, 3).durations).toEqual([1, 2.5, 4]);
    expect(setFrameSeconds(seq, 0, 20, 3).durations).toEqual([8, 2, 4]);
    expect(setFrameSeconds(seq, 2, 0, 3).durations).toEqual([1, 2, 1]);
  });

  it('totals like the engine: Σd − (N−1)·t with t at most half the shortest picture', () => {
    expect(sequenceSeconds([2, 3, 2], 0.8)).toBe(5.4);
    // The 1 s picture caps the transition at 0.5 s.
    expect(sequenceSeconds([1, 3, 2], 0.8)).toBe(5);
    expect(sequenceSeconds([4], 0.8)).toBe(4);
    expect(sequenceSeconds([], 0.8)).toBe(0);
  });
});
