import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadEnv } from '../src/config/env';
import { allowedServicesOf, isAllowedService } from '../src/modules/sso/sso.config';
import { buildTestApp, describeEachDatabase, expectError, smsLogin } from './helper';
import type { TestApp } from './helper';

const SERVICE = 'https://linggan.example.com/login/callback';

describeEachDatabase('single sign-on tickets (CAS REST style)', (target) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp({
      target,
      env: { CAS_ALLOWED_SERVICES: 'https://linggan.example.com/login/, https://case.example.com' },
    });
  });
  afterAll(() => t.close());

  const grant = async (token: string) => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/cas/v1/tickets',
      headers: { satoken: token },
    });
    expect(res.statusCode, res.body).toBe(201);
    return res;
  };
  const serviceTicket = (location: string, service = SERVICE) =>
    t.app.inject({
      method: 'POST',
      url: location,
      payload: `service=${encodeURIComponent(service)}`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
  const validate = async (ticket: string, service = SERVICE) =>
    (
      await t.app.inject({
        method: 'GET',
        url: `/api/cas/v1/serviceValidate?service=${encodeURIComponent(service)}&ticket=${ticket}`,
      })
    ).json() as { serviceResponse: Record<string, { user?: string; code?: string }> };

  it('grants a ticket-granting ticket only to a signed-in session, with url, status and location', async () => {
    expectError(await t.app.inject({ method: 'POST', url: '/api/cas/v1/tickets' }), 'UNAUTHORIZED');
    const { token } = await smsLogin(t);
    const res = await grant(token);
    const data = res.json().data as { url: string; status: number; location: string };
    expect(data.status).toBe(201);
    expect(data.location).toMatch(/^\/api\/cas\/v1\/tickets\/TGT-[A-Za-z0-9_-]+$/);
    expect(res.headers.location).toBe(data.location);
    expect(data.url).toBe(data.location);
  });

  it('issues a service ticket that validates once, for its own service only', async () => {
    const { token, user } = await smsLogin(t);
    const { location } = (await grant(token)).json().data as { location: string };
    const st = await serviceTicket(location);
    expect(st.statusCode, st.body).toBe(200);
    expect(st.headers['content-type']).toMatch(/^text\/plain/);
    expect(st.body).toMatch(/^ST-/);

    // Another service cannot use it, and that attempt does not burn it.
    expect((await validate(st.body, 'https://evil.example.com/')).serviceResponse).toHaveProperty(
      'authenticationFailure',
    );
    const first = await validate(st.body);
    expect(first.serviceResponse.authenticationSuccess?.user).toBe(user.id);
    const second = await validate(st.body);
    expect(second.serviceResponse.authenticationFailure?.code).toBe('INVALID_TICKET');

    // JSON bodies are accepted as well as form-encoded ones.
    const json = await t.app.inject({
      method: 'POST',
      url: location,
      payload: { service: SERVICE },
    });
    expect(json.body).toMatch(/^ST-/);
  });

  it('validates a ticket only once under concurrent validations', async () => {
    const { token } = await smsLogin(t);
    const { location } = (await grant(token)).json().data as { location: string };
    const st = (await serviceTicket(location)).body;
    const results = await Promise.all(Array.from({ length: 5 }, () => validate(st)));
    expect(results.filter((r) => 'authenticationSuccess' in r.serviceResponse)).toHaveLength(1);
  });

  it('a deleted ticket-granting ticket issues nothing, and its unused service tickets die', async () => {
    const { token } = await smsLogin(t);
    const { location } = (await grant(token)).json().data as { location: string };
    const unused = (await serviceTicket(location)).body;
    const del = await t.app.inject({
      method: 'DELETE',
      url: location,
      headers: { satoken: token },
    });
    expect(del.statusCode, del.body).toBe(200);
    expectError(await serviceTicket(location), 'SSO_TICKET_NOT_FOUND');
    expect((await validate(unused)).serviceResponse).toHaveProperty('authenticationFailure');
    expectError(
      await t.app.inject({ method: 'DELETE', url: location, headers: { satoken: token } }),
      'SSO_TICKET_NOT_FOUND',
    );
  });

  it("another user's ticket location cannot be deleted", async () => {
    const a = await smsLogin(t);
    const b = await smsLogin(t);
    const { location } = (await grant(a.token)).json().data as { location: string };
    expectError(
      await t.app.inject({ method: 'DELETE', url: location, headers: { satoken: b.token } }),
      'SSO_TICKET_NOT_FOUND',
    );
    expectError(await t.app.inject({ method: 'DELETE', url: location }), 'UNAUTHORIZED');
    expect((await serviceTicket(location)).body).toMatch(/^ST-/);
  });

  it('ends with the session: after logout the ticket-granting ticket issues nothing', async () => {
    const { token } = await smsLogin(t);
    const { location } = (await grant(token)).json().data as { location: string };
    await t.app.inject({
      method: 'POST',
      url: '/api/logout/invalidateSession',
      headers: { satoken: token },
    });
    expectError(await serviceTicket(location), 'SSO_TICKET_NOT_FOUND');
  });

  it('refuses malformed requests with 4xx', async () => {
    const { token } = await smsLogin(t);
    const { location } = (await grant(token)).json().data as { location: string };
    const noService = await t.app.inject({
      method: 'POST',
      url: location,
      payload: '',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(noService.statusCode).toBe(400);
    expectError(await serviceTicket('/api/cas/v1/tickets/not-a-ticket'), 'SSO_TICKET_NOT_FOUND');
    const bad = await t.app.inject({ method: 'GET', url: '/api/cas/v1/serviceValidate' });
    expect(bad.statusCode).toBe(200);
    expect(bad.json().serviceResponse.authenticationFailure.code).toBe('INVALID_REQUEST');
  });

  it('issues and validates tickets only for the allowed services', async () => {
    const { token } = await smsLogin(t);
    const { location } = (await grant(token)).json().data as { location: string };
    for (const service of [
      'https://evil.example/cb',
      'javascript:alert(document.cookie)',
      'https://linggan.example.com/account/steal',
      'https://linggan.example.com.evil.example/login/callback',
      'http://case.example.com/',
      'https://user@case.example.com/',
    ]) {
      const refused = expectError(
        await serviceTicket(location, service),
        'SSO_SERVICE_NOT_ALLOWED',
      );
      expect(refused.message).toMatch(/单点登录/);
      expect((await validate('ST-abcdefghijklmnopqrstuvwx', service)).serviceResponse).toEqual({
        authenticationFailure: { code: 'INVALID_SERVICE', description: expect.any(String) },
      });
    }
    // An origin allows any of its paths; a prefix only what lies under it.
    const st = await serviceTicket(location, 'https://case.example.com/cases/1?from=home');
    expect(st.body).toMatch(/^ST-/);
    expect(
      (await validate(st.body, 'https://case.example.com/cases/1?from=home')).serviceResponse,
    ).toHaveProperty('authenticationSuccess');
  });
});

describe('CAS_ALLOWED_SERVICES', () => {
  it("defaults to the app's own origin", () => {
    const own = allowedServicesOf(
      loadEnv({ PUBLIC_BASE_URL: 'https://huijing.example.com' }, { cwd: '/srv' }),
    );
    expect(isAllowedService(own, 'https://huijing.example.com/personalCenter')).toBe(true);
    expect(isAllowedService(own, 'https://evil.example/cb')).toBe(false);
    const local = allowedServicesOf(loadEnv({ PORT: '3001' }, { cwd: '/srv' }));
    expect(isAllowedService(local, 'http://127.0.0.1:3001/cb')).toBe(true);
    expect(isAllowedService(local, 'http://127.0.0.1:3002/cb')).toBe(false);
  });

  it('stops the boot on an entry that is not an http(s) origin or prefix', () => {
    for (const bad of ['javascript:alert(1)', 'case.example.com', 'https://a.example/?x=1']) {
      expect(() =>
        allowedServicesOf(loadEnv({ CAS_ALLOWED_SERVICES: bad }, { cwd: '/srv' })),
      ).toThrow(/CAS_ALLOWED_SERVICES/);
    }
  });
});
