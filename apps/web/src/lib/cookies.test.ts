import { afterEach, describe, expect, it } from 'vitest';
import { getCookie, removeCookie, serializeCookie, setCookie } from './cookies';

afterEach(() => removeCookie('hj'));

describe('cookies', () => {
  it('sets, reads and removes a cookie', () => {
    setCookie('hj', '绘境 1', { days: 7 });
    expect(getCookie('hj')).toBe('绘境 1');
    removeCookie('hj');
    expect(getCookie('hj')).toBeUndefined();
  });

  it('puts the expiry the given number of days ahead', () => {
    const now = Date.UTC(2026, 10, 22);
    const text = serializeCookie('a', 'b', { days: 3 }, now);
    expect(text).toContain(`expires=${new Date(now + 3 * 86_400_000).toUTCString()}`);
    expect(text).toContain('path=/');
    expect(serializeCookie('a', 'b')).not.toContain('expires=');
  });

  it('parses a cookie string', () => {
    expect(getCookie('b', 'a=1; b=two%20words; c=3')).toBe('two words');
    expect(getCookie('z', 'a=1')).toBeUndefined();
  });
});
