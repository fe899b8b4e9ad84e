import { errorCatalogue } from '@huijing/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { AppError } from '../src/http/app-error';
import { buildTestApp, captureLogs } from './helper';
import type { TestApp } from './helper';

const UUID = /^[0-9a-f-]{36}$/;

describe('HTTP envelope and errors', () => {
  let t: TestApp;
  const logs = captureLogs();

  beforeAll(async () => {
    t = await buildTestApp({ env: { BODY_LIMIT_BYTES: '1024' }, logStream: logs.stream });
    // Test-only routes: the shapes services will use.
    t.app.post(
      '/api/test/echo',
      {
        schema: {
          body: z.object({ prompt: z.string().min(1), strength: z.number().max(1) }),
          querystring: z.object({ page: z.coerce.number().int().optional() }),
        },
      },
      async (request) => ({ success: true, code: 0, message: 'ok', data: request.body }),
    );
    t.app.get('/api/test/crash', async () => {
      throw new Error('db password is hunter2 at /srv/secret.ts:12');
    });
    t.app.get('/api/test/forbidden', async () => {
      throw new AppError('FORBIDDEN', { message: '仅管理员可用', data: { need: 'admin' } });
    });
    t.app.get('/api/test/app-internal', async () => {
      throw new AppError('SERVICE_UNAVAILABLE');
    });
  });
  afterAll(() => t.close());

  const expectError = (
    res: { statusCode: number; json: () => unknown },
    key: keyof typeof errorCatalogue,
  ) => {
    const entry = errorCatalogue[key];
    expect(res.statusCode).toBe(entry.status);
    const body = res.json() as Record<string, unknown>;
    expect(body).toMatchObject({ success: false, code: entry.code });
    expect(body.requestId).toEqual(expect.any(String));
    return body;
  };

  it.each(['GET', 'POST', 'PUT', 'DELETE', 'PATCH'] as const)(
    'answers %s on an unknown /api path with the 404 envelope',
    async (method) => {
      const res = await t.app.inject({ method, url: '/api/no/such/thing?x=1' });
      const body = expectError(res, 'NOT_FOUND');
      expect(body.message).toBe('请求的接口不存在');
      expect(res.headers['content-type']).toMatch(/application\/json/);
    },
  );

  it('answers /api itself with the 404 envelope', async () => {
    expectError(await t.app.inject({ url: '/api' }), 'NOT_FOUND');
  });

  it('passes a valid body through', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/test/echo',
      payload: { prompt: '现代客厅', strength: 0.5 },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      success: true,
      code: 0,
      message: 'ok',
      data: { prompt: '现代客厅', strength: 0.5 },
    });
  });

  it('answers malformed JSON with 400 MALFORMED_JSON', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/test/echo',
      headers: { 'content-type': 'application/json' },
      payload: '{"prompt": ',
    });
    expect(expectError(res, 'MALFORMED_JSON').message).toBe('请求体不是有效的 JSON');
  });

  it('answers a schema violation with 400 VALIDATION_FAILED naming the fields in Chinese', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/test/echo',
      payload: { prompt: '', strength: 3 },
    });
    const body = expectError(res, 'VALIDATION_FAILED');
    expect(body.message).toBe('提交的内容不符合要求：body.prompt、body.strength');
    const issues = (body.data as { issues: Array<{ field: string; message: string }> }).issues;
    expect(issues.map((i) => i.field)).toEqual(['body.prompt', 'body.strength']);
    for (const issue of issues) expect(issue.message).toMatch(/[\u4e00-\u9fff]/);
  });

  it('names query fields as query.*', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/test/echo?page=abc',
      payload: { prompt: 'x', strength: 0 },
    });
    expect(expectError(res, 'VALIDATION_FAILED').message).toMatch(/query\.page$/);
  });

  it('answers an oversized body with 413', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/test/echo',
      payload: { prompt: 'x'.repeat(2000), strength: 0 },
    });
    expect(expectError(res, 'PAYLOAD_TOO_LARGE').message).toBe('提交的内容过大');
  });

  it('answers an unsupported content type with 415', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/test/echo',
      headers: { 'content-type': 'application/xml' },
      payload: '<a/>',
    });
    expectError(res, 'UNSUPPORTED_MEDIA_TYPE');
  });

  it('answers an unexpected error with a generic 500 carrying the request id, and logs it', async () => {
    const res = await t.app.inject({
      url: '/api/test/crash',
      headers: { 'x-request-id': 'trace-500' },
    });
    const body = expectError(res, 'INTERNAL');
    expect(body).toEqual({
      success: false,
      code: 50000,
      message: '服务器开小差了，请稍后再试',
      data: null,
      requestId: 'trace-500',
    });
    expect(res.body).not.toMatch(/hunter2|secret|stack|Error/);
    // The details go to the log instead, tied to the request id.
    const line = logs.lines.find((l) => l.includes('unhandled error'));
    expect(line).toBeDefined();
    expect(JSON.parse(line ?? '{}')).toMatchObject({
      reqId: 'trace-500',
      level: 50,
      err: { message: 'db password is hunter2 at /srv/secret.ts:12' },
    });
  });

  it('sends AppError with its catalogue code, message and data', async () => {
    const res = await t.app.inject({ url: '/api/test/forbidden' });
    const body = expectError(res, 'FORBIDDEN');
    expect(body.message).toBe('仅管理员可用');
    expect(body.data).toEqual({ need: 'admin' });
    const unavailable = await t.app.inject({ url: '/api/test/app-internal' });
    expect(expectError(unavailable, 'SERVICE_UNAVAILABLE').message).toBe(
      errorCatalogue.SERVICE_UNAVAILABLE.message,
    );
  });

  it('echoes a safe incoming x-request-id and replaces an unsafe one', async () => {
    const kept = await t.app.inject({ url: '/api/health', headers: { 'x-request-id': 'abc-123' } });
    expect(kept.headers['x-request-id']).toBe('abc-123');
    const replaced = await t.app.inject({
      url: '/api/nope',
      headers: { 'x-request-id': '<script>' },
    });
    expect(replaced.headers['x-request-id']).toMatch(UUID);
    expect(replaced.json().requestId).toBe(replaced.headers['x-request-id']);
    const fresh = await t.app.inject({ url: '/api/health' });
    expect(fresh.headers['x-request-id']).toMatch(UUID);
  });

  it('keeps session tokens out of request logs', async () => {
    await t.app.inject({
      url: '/api/nope?satoken=tok-in-query',
      headers: { satoken: 'tok-in-header', cookie: 'sid=tok-in-cookie', 'x-request-id': 'log-1' },
    });
    const lines = logs.lines.filter((l) => l.includes('"log-1"'));
    expect(lines.length).toBeGreaterThan(0);
    expect(lines.join('')).toContain('/api/nope?satoken=[REDACTED]');
    expect(lines.join('')).not.toContain('tok-in-');
  });

  it('sets security headers with a CSP that fits the SPA', async () => {
    const res = await t.app.inject({ url: '/api/health' });
    const csp = String(res.headers['content-security-policy']);
    expect(csp).toContain("default-src 'self'");
    expect(csp).toContain("script-src 'self'");
    expect(csp).toContain("style-src 'self' 'unsafe-inline'");
    expect(csp).toContain("img-src 'self' data: blob:");
    expect(csp).toContain("connect-src 'self'");
    expect(csp).not.toContain('upgrade-insecure-requests');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['x-frame-options']).toBe('SAMEORIGIN');
    expect(res.headers['referrer-policy']).toBe('no-referrer');
    // Error responses carry them too.
    expect((await t.app.inject({ url: '/api/x' })).headers['x-content-type-options']).toBe(
      'nosniff',
    );
  });
});
