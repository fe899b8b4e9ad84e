import { describe, expect, it } from 'vitest';
import { PAGE_SIZE, formatDateTime, groupDigits } from './format';

describe('groupDigits', () => {
  it.each([
    [0, '0'],
    [999, '999'],
    [1000, '1,000'],
    [1234567, '1,234,567'],
    [-9876543.21, '-9,876,543.21'],
    ['12345', '12,345'],
    ['abc', 'abc'],
  ])('%s → %s', (input, out) => expect(groupDigits(input)).toBe(out));
});

describe('formatDateTime', () => {
  it('formats as YYYY-mm-dd HH:MM with zero padding', () => {
    expect(formatDateTime(new Date(2026, 10, 22, 8, 5, 59))).toBe('2026-11-22 08:05');
    expect(formatDateTime(new Date(2026, 0, 1, 23, 0))).toBe('2026-01-01 23:00');
  });
  it('accepts timestamps and returns "" for invalid input', () => {
    expect(formatDateTime(new Date(2026, 1, 3, 4, 5).getTime())).toBe('2026-02-03 04:05');
    expect(formatDateTime('not a date')).toBe('');
  });
  it('pages by ten', () => expect(PAGE_SIZE).toBe(10));
});
