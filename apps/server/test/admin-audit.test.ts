import { rolePermissions } from '@huijing/contracts';
import { sql } from 'kysely';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { buildTestApp, captureLogs, describeEachDatabase, expectError, smsLogin } from './helper';
import type { TestApp } from './helper';
import { ROOT, adminLogin, createAdmin, manageCall, rootEnv } from './admin-fixtures';

describeEachDatabase('admin roles and audit log', (target) => {
  let t: TestApp;
  let call: ReturnType<typeof manageCall>;
  let rootToken: string;
  const logs = captureLogs();
  beforeAll(async () => {
    t = await buildTestApp({ target, env: rootEnv, logStream: logs.stream });
    call = manageCall(t);
    rootToken = await adminLogin(t, ROOT.username, ROOT.password);
  });
  afterAll(() => t.close());

  it('creates a finance admin and tells each role its permissions', async () => {
    const finance = await createAdmin(t, rootToken, 'finance');
    // The account service's log lines name the acting admin and the request.
    const created = logs.lines
      .map((l) => JSON.parse(l) as Record<string, unknown>)
      .find((l) => l.msg === 'admin account created' && l.adminId === finance.id);
    const rootId = (await call('GET', '/me', rootToken)).json().data.accountId as string;
    expect(created).toMatchObject({ actorId: rootId, reqId: expect.any(String) });
    const me = await call('GET', '/me', finance.token);
    expect(me.statusCode, me.body).toBe(200);
    expect(me.json().data).toMatchObject({ role: 'finance', username: finance.username });
    expect(me.json().data.permissions).toEqual([...rolePermissions.finance]);
    expect(me.json().data.permissions).not.toContain('users.tickets');
  });

  it('guards the audit log by the matrix: anonymous 401, user 403, operator/finance 403', async () => {
    expectError(await call('GET', '/page/audit'), 'UNAUTHORIZED');
    const user = await smsLogin(t);
    expectError(await call('GET', '/page/audit', user.token), 'FORBIDDEN');
    const operator = await createAdmin(t, rootToken, 'operator');
    const finance = await createAdmin(t, rootToken, 'finance');
    expectError(await call('GET', '/page/audit', operator.token), 'ADMIN_PERMISSION_DENIED');
    expectError(await call('GET', '/page/audit', finance.token), 'ADMIN_PERMISSION_DENIED');
    expect((await call('GET', '/page/audit', rootToken)).statusCode).toBe(200);
    // Account management stays with super admins, with its own message.
    expectError(await call('GET', '/page/account', finance.token), 'ADMIN_ONLY_SUPER');
    // Catalogue editing is an operator's job, not finance's.
    expectError(await call('GET', '/catalog/categories', finance.token), 'ADMIN_PERMISSION_DENIED');
    expect((await call('GET', '/catalog/categories', operator.token)).statusCode).toBe(200);
  });

  it('records sign-ins, failed sign-ins and account changes with actor, IP and request id', async () => {
    const operator = await createAdmin(t, rootToken, 'operator');
    await call('POST', '/login', undefined, { username: operator.username, password: 'wrong-one' });
    const changed = await call('POST', `/account/${operator.id}`, rootToken, {
      displayName: '改名后的运营',
    });
    expect(changed.statusCode).toBe(200);

    const page = await call(
      'GET',
      `/page/audit?target=admin:${operator.id}&pageSize=50`,
      rootToken,
    );
    expect(page.statusCode, page.body).toBe(200);
    const actions = page.json().data.list.map((e: { action: string }) => e.action);
    expect(actions).toEqual(['admin.account.update', 'admin.login', 'admin.account.create']);
    const update = page.json().data.list[0];
    expect(update).toMatchObject({
      actorUsername: ROOT.username,
      role: 'super',
      before: { displayName: expect.stringContaining('operator') },
      after: { displayName: '改名后的运营' },
    });
    expect(update.requestId).toEqual(changed.headers['x-request-id']);
    expect(update.ip).toBeTruthy();

    const failed = await call(
      'GET',
      `/page/audit?action=admin.login.failed&target=username:${operator.username}`,
      rootToken,
    );
    expect(failed.json().data.total).toBe(1);
    expect(failed.json().data.list[0].actorId).toBeNull();

    const byActor = await call('GET', `/page/audit?actor=${operator.username}`, rootToken);
    expect(byActor.json().data.list.map((e: { action: string }) => e.action)).toEqual([
      'admin.login',
    ]);
  });

  it('cannot be changed: no update or delete route, and the database refuses both', async () => {
    const { db } = t.container.database;
    const before = await db.selectFrom('admin_audit_log').selectAll().execute();
    expect(before.length).toBeGreaterThan(0);
    const id = before[0]!.id;

    for (const method of ['POST', 'DELETE'] as const) {
      const res = await call(
        method,
        `/page/audit/${id}`,
        rootToken,
        method === 'POST' ? {} : undefined,
      );
      expect(res.statusCode).toBe(404);
    }
    await expect(
      db.updateTable('admin_audit_log').set({ reason: 'rewritten' }).where('id', '=', id).execute(),
    ).rejects.toThrow(/append-only/);
    await expect(db.deleteFrom('admin_audit_log').where('id', '=', id).execute()).rejects.toThrow(
      /append-only/,
    );
    if (target.dialect === 'postgres') {
      await expect(sql`truncate admin_audit_log`.execute(db)).rejects.toThrow(/append-only/);
    }
    const after = await db.selectFrom('admin_audit_log').selectAll().orderBy('id').execute();
    expect(after).toEqual([...before].sort((a, b) => a.id.localeCompare(b.id)));
  });
});
