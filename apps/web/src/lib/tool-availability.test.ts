import { afterEach, describe, expect, it } from 'vitest';
import {
  availabilityFromShell,
  availabilityOf,
  featuredTool,
  runnableAlternatives,
  runnableFamiliesFirst,
  runnableFirst,
  splitRunnable,
} from './tool-availability';

const tools = [
  { id: 'a', family: 'render' as const },
  { id: 'b', family: 'render' as const },
  { id: 'c', family: 'edit' as const },
  { id: 'd', family: 'edit' as const },
  { id: 'e', family: 'render' as const },
];
const answer = (up: string[], down: string[]) =>
  availabilityOf([
    ...up.map((id) => ({ id, available: true })),
    ...down.map((id) => ({ id, available: false })),
  ] as never);

describe('tool availability on entry points', () => {
  it('sorts runnable tools first, unknown next, unavailable last, keeping registry order', () => {
    const available = answer(['c', 'e'], ['a', 'b']);
    expect(runnableFirst(tools, available).map((t) => t.id)).toEqual(['c', 'e', 'd', 'a', 'b']);
  });

  it('leads with what runs and keeps the rest apart; unknown moves nothing', () => {
    const available = answer(['c', 'e'], ['a', 'b', 'd']);
    const split = splitRunnable(tools, available);
    expect(split.runnable.map((t) => t.id)).toEqual(['c', 'e']);
    expect(split.pending.map((t) => t.id)).toEqual(['a', 'b', 'd']);
    expect(splitRunnable(tools, availabilityOf(undefined)).pending).toEqual([]);
    const of = (f: 'render' | 'edit') => tools.filter((t) => t.family === f);
    expect(runnableFamiliesFirst(['render', 'edit'], of, answer(['c'], ['a', 'b', 'e']))).toEqual([
      'edit',
      'render',
    ]);
    // Every engine configured (or the answer unknown): the designer's order.
    expect(runnableFamiliesFirst(['render', 'edit'], of, answer(['a', 'c'], []))).toEqual([
      'render',
      'edit',
    ]);
    expect(runnableFamiliesFirst(['render', 'edit'], of, availabilityOf(undefined))).toEqual([
      'render',
      'edit',
    ]);
  });

  it('features the best runnable tool, never an unavailable one, and nothing while unknown', () => {
    const available = answer(['c', 'd'], ['a', 'b', 'e']);
    expect(featuredTool(['a', 'd', 'c'], tools, available)?.id).toBe('d');
    expect(featuredTool(['a'], tools, available)?.id).toBe('c');
    expect(featuredTool(['a'], tools, availabilityOf(undefined))).toBeUndefined();
    expect(featuredTool(['a'], tools, answer([], ['a', 'b', 'c', 'd', 'e']))).toBeUndefined();
  });

  it('suggests two runnable alternatives, same family first, never the tool itself', () => {
    const available = answer(['b', 'c', 'd', 'e'], ['a']);
    expect(runnableAlternatives(tools[0]!, tools, available).map((t) => t.id)).toEqual(['b', 'e']);
    expect(
      runnableAlternatives(tools[0]!, tools, answer(['c', 'd'], ['a'])).map((t) => t.id),
    ).toEqual(['c', 'd']);
  });
});

describe('availabilityFromShell', () => {
  afterEach(() => document.getElementById('hj-availability')?.remove());
  const given = (text: string) => {
    const script = document.createElement('script');
    script.type = 'application/json';
    script.id = 'hj-availability';
    script.textContent = text;
    document.body.append(script);
  };

  it("reads the list a tool page's shell brings", () => {
    given('[{"id":"indoor","available":false,"reason":"\\u003c/script>"}]');
    expect(availabilityFromShell()).toEqual([
      { id: 'indoor', available: false, reason: '</script>' },
    ]);
  });

  it('is undefined without one, or when it is not a list', () => {
    expect(availabilityFromShell()).toBeUndefined();
    given('{"id":"indoor"}');
    expect(availabilityFromShell()).toBeUndefined();
    document.getElementById('hj-availability')?.remove();
    given('[{"id":');
    expect(availabilityFromShell()).toBeUndefined();
  });
});
