import { describe, expect, it } from 'vitest';
import { errorByCode, errorCatalogue } from './errors';

describe('error catalogue', () => {
  it('has unique codes whose first three digits are the HTTP status', () => {
    const codes = Object.values(errorCatalogue).map((e) => e.code);
    expect(new Set(codes).size).toBe(codes.length);
    for (const e of Object.values(errorCatalogue)) {
      expect(Math.floor(e.code / 100)).toBe(e.status);
      expect(e.message).toMatch(/[\u4e00-\u9fff]/);
    }
  });

  it('finds an entry by its number', () => {
    expect(errorByCode(40400)?.key).toBe('NOT_FOUND');
    expect(errorByCode(12345)).toBeUndefined();
  });
});
