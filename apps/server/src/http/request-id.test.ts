import type { IncomingMessage } from 'node:http';
import { describe, expect, it } from 'vitest';
import { genReqId } from './request-id';

const req = (id?: string | string[]) =>
  ({ headers: { 'x-request-id': id } }) as unknown as IncomingMessage;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

describe('genReqId', () => {
  it('reuses a short safe incoming id', () => {
    expect(genReqId(req('edge-42.abc_DEF:1'))).toBe('edge-42.abc_DEF:1');
  });

  it('replaces missing, unsafe, long or repeated ids with a fresh UUID', () => {
    for (const id of [
      undefined,
      '',
      'a b',
      'x\r\nset-cookie: y',
      'é',
      'a'.repeat(65),
      ['a', 'b'],
    ]) {
      expect(genReqId(req(id))).toMatch(UUID);
    }
    expect(genReqId(req())).not.toBe(genReqId(req()));
  });
});
