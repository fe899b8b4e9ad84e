import { describe, expect, it } from 'vitest';
import {
  emptyFilters,
  filtersFromParams,
  filtersToParams,
  filtersToQuery,
  hasFilters,
} from './works-filters';

describe('works filters', () => {
  it('round-trips through the address and drops values that do not parse', () => {
    const f = {
      q: '客厅',
      family: 'edit' as const,
      toolId: 'to-line',
      from: '2026-03-01',
      to: '2026-03-05',
      project: 'p1',
    };
    expect(filtersFromParams(filtersToParams(f))).toEqual(f);
    expect(filtersToQuery(f)).toMatchObject({ projectId: 'p1' });
    expect(
      filtersFromParams(new URLSearchParams('family=cooking&from=yesterday&to=2026-3-1')),
    ).toEqual(emptyFilters);
    expect(hasFilters(emptyFilters)).toBe(false);
    expect(hasFilters({ ...emptyFilters, q: '  ' })).toBe(false);
    expect(hasFilters({ ...emptyFilters, to: '2026-03-01' })).toBe(true);
  });

  it('sends whole local days, the last day included, and swaps a reversed range', () => {
    const q = filtersToQuery({
      ...emptyFilters,
      q: ' 北欧 ',
      from: '2026-03-01',
      to: '2026-03-03',
    });
    expect(q.q).toBe('北欧');
    expect(new Date(q.from!).getDate()).toBe(1);
    expect(new Date(q.from!).getHours()).toBe(0);
    expect(new Date(q.to!).getDate()).toBe(4);
    const reversed = filtersToQuery({ ...emptyFilters, from: '2026-03-03', to: '2026-03-01' });
    expect(new Date(reversed.from!).getDate()).toBe(1);
    expect(new Date(reversed.to!).getDate()).toBe(4);
    expect(filtersToQuery(emptyFilters)).toEqual({});
  });
});
