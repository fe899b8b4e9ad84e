import { Writable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { createLogger, scrubUrl } from './logger';

const capture = () => {
  const lines: string[] = [];
  const stream = new Writable({
    write(chunk: Buffer, _enc, done) {
      lines.push(chunk.toString());
      done();
    },
  });
  return { lines, stream };
};

describe('logger', () => {
  it('redacts session tokens, authorization and cookies from logged headers', () => {
    const { lines, stream } = capture();
    const logger = createLogger({ LOG_LEVEL: 'info' }, stream);
    logger.info(
      {
        req: {
          method: 'GET',
          url: '/api/x',
          headers: {
            satoken: 'secret-1',
            authorization: 'Bearer secret-2',
            cookie: 'sid=secret-3',
          },
        },
      },
      'hello',
    );
    logger.info({ headers: { satoken: 'secret-4', accept: 'json' } }, 'raw headers');
    const out = lines.join('');
    expect(out).not.toMatch(/secret-/);
    expect(out).toContain('[REDACTED]');
    expect(out).toContain('"accept":"json"');
  });

  it('scrubs token query parameters from request URLs', () => {
    expect(scrubUrl('/home?satoken=abc123&x=1')).toBe('/home?satoken=[REDACTED]&x=1');
    expect(scrubUrl('/a?x=1&token=zz#h')).toBe('/a?x=1&token=[REDACTED]#h');
    expect(scrubUrl('/plain')).toBe('/plain');
  });
});
