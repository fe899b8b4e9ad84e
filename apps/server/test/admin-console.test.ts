import { adminPermissions, rolePermissions, userDisabledMessage } from '@huijing/contracts';
import type { AdminPermission, AdminRole } from '@huijing/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { describeEachDatabase, expectError, smsLogin, uniquePhone } from './helper';
import type { TestApp } from './helper';
import { buildTaskApp, upload } from './task-fixtures';
import { ROOT, adminLogin, createAdmin, manageCall, rootEnv } from './admin-fixtures';

type Method = 'GET' | 'POST';
type Endpoint = { method: Method; url: string; body?: object; permission: AdminPermission };

/** Every console endpoint with the permission the matrix gives it (bodies valid, ids unknown). */
const endpoints: Endpoint[] = [
  { method: 'GET', url: '/page/audit', permission: 'audit.read' },
  { method: 'GET', url: '/page/user', permission: 'users.read' },
  { method: 'GET', url: '/user/nobody', permission: 'users.read' },
  {
    method: 'POST',
    url: '/user/nobody/tickets',
    body: { type: 1, delta: 1, reason: '测试矩阵' },
    permission: 'users.tickets',
  },
  {
    method: 'POST',
    url: '/user/nobody/disable',
    body: { disabled: true, reason: '测试矩阵' },
    permission: 'users.disable',
  },
  {
    method: 'POST',
    url: '/user/nobody/vip',
    body: { tier: 'vip', days: 1, reason: '测试矩阵' },
    permission: 'users.vip',
  },
  { method: 'GET', url: '/page/task', permission: 'tasks.read' },
  {
    method: 'POST',
    url: '/task/nobody/cancel',
    body: { reason: '测试矩阵' },
    permission: 'tasks.manage',
  },
  {
    method: 'POST',
    url: '/task/nobody/retry',
    body: { reason: '测试矩阵' },
    permission: 'tasks.manage',
  },
  { method: 'GET', url: '/engines', permission: 'engines.read' },
  {
    method: 'POST',
    url: '/engines/switch',
    body: { kind: 'tool', id: 'no-such-tool', outOfService: true, reason: '测试矩阵' },
    permission: 'engines.manage',
  },
  {
    method: 'POST',
    url: '/engines/no-such-engine/test',
    body: { reason: '测试矩阵' },
    permission: 'engines.manage',
  },
  { method: 'GET', url: '/stats', permission: 'stats.read' },
  { method: 'GET', url: '/settings', permission: 'settings.read' },
  {
    method: 'POST',
    url: '/settings/features',
    body: { value: { matrixProbe: true }, reason: '测试矩阵' },
    permission: 'settings.write',
  },
  { method: 'GET', url: '/page/account', permission: 'admins.manage' },
  { method: 'GET', url: '/catalog/categories', permission: 'catalog.write' },
];

describe('the permission matrix', () => {
  it('gives super every permission and keeps money with finance, users with operators', () => {
    expect([...rolePermissions.super].sort()).toEqual([...adminPermissions].sort());
    expect(rolePermissions.operator).not.toContain('orders.refund');
    expect(rolePermissions.finance).not.toContain('users.tickets');
    expect(rolePermissions.finance).toContain('orders.refund');
    expect(rolePermissions.operator).not.toContain('settings.write');
  });
});

describeEachDatabase('admin console', (target) => {
  let t: TestApp;
  let call: ReturnType<typeof manageCall>;
  let root: string;
  const tokens = {} as Record<AdminRole, string>;
  beforeAll(async () => {
    t = await buildTaskApp({ target, role: 'api', env: rootEnv });
    call = manageCall(t);
    root = await adminLogin(t, ROOT.username, ROOT.password);
    tokens.super = root;
    tokens.operator = (await createAdmin(t, root, 'operator')).token;
    tokens.finance = (await createAdmin(t, root, 'finance')).token;
  });
  afterAll(() => t.close());

  it('enforces the matrix on every endpoint: no token 401, user 403, each role as listed', async () => {
    const user = await smsLogin(t);
    for (const e of endpoints) {
      const label = `${e.method} ${e.url}`;
      expectError(await call(e.method, e.url, undefined, e.body), 'UNAUTHORIZED');
      expectError(await call(e.method, e.url, user.token, e.body), 'FORBIDDEN');
      for (const role of ['super', 'operator', 'finance'] as const) {
        const res = await call(e.method, e.url, tokens[role], e.body);
        if (rolePermissions[role].includes(e.permission)) {
          expect(res.statusCode, `${role} ${label}: ${res.body}`).not.toBe(403);
          expect(res.statusCode, `${role} ${label}: ${res.body}`).toBeLessThan(500);
        } else {
          expect(res.statusCode, `${role} ${label}`).toBe(403);
        }
      }
    }
  });

  it('answers a task filter with an unreadable time with 400, not 500', async () => {
    const bad = await call('GET', '/page/task?from=not-a-date', tokens.operator);
    expectError(bad, 'VALIDATION_FAILED');
    const good = await call('GET', '/page/task?from=2026-01-01T00:00:00Z', tokens.operator);
    expect(good.statusCode, good.body).toBe(200);
  });

  it('finds users by phone, nickname or id, with balances', async () => {
    const a = await smsLogin(t);
    const byPhone = await call('GET', `/page/user?keyword=${a.phone.slice(-6)}`, tokens.operator);
    expect(byPhone.statusCode, byPhone.body).toBe(200);
    const row = byPhone.json().data.list.find((u: { id: string }) => u.id === a.user.id);
    expect(row).toMatchObject({ phone: a.phone, balances: { 1: 37, 4: 5 }, disabled: false });
    const byId = await call('GET', `/page/user?keyword=${a.user.id}`, tokens.finance);
    expect(byId.json().data.list.map((u: { id: string }) => u.id)).toEqual([a.user.id]);
    const detail = await call('GET', `/user/${a.user.id}`, tokens.operator);
    expect(detail.statusCode, detail.body).toBe(200);
    expect(detail.json().data.ledger[0]).toMatchObject({ reason: 'signup' });
    expect(detail.json().data.sessions).toHaveLength(1);
    expect(detail.json().data.adjustLimit).toBe(100);
    expect(detail.json().data.orders).toEqual([]);
    expect((await call('GET', `/user/${a.user.id}`, root)).json().data.adjustLimit).toBeNull();
  });

  it('adjusts tickets: ledger admin_adjust and audit entry together, never below zero, operator limit', async () => {
    const a = await smsLogin(t);
    const add = await call('POST', `/user/${a.user.id}/tickets`, tokens.operator, {
      type: 1,
      delta: 7,
      reason: '活动补偿',
    });
    expect(add.statusCode, add.body).toBe(200);
    expect(add.json().data.balances[1]).toBe(44);
    const { db } = t.container.database;
    const line = await db
      .selectFrom('ticket_ledger')
      .selectAll()
      .where('user_id', '=', a.user.id)
      .where('reason', '=', 'admin_adjust')
      .executeTakeFirstOrThrow();
    expect(Number(line.delta)).toBe(7);
    const entry = await db
      .selectFrom('admin_audit_log')
      .selectAll()
      .where('id', '=', line.ref!)
      .executeTakeFirstOrThrow();
    expect(entry).toMatchObject({
      action: 'user.tickets.adjust',
      target: `user:${a.user.id}`,
      reason: '活动补偿',
      role: 'operator',
    });
    expect(JSON.parse(entry.before_json!)).toEqual({ ticketType: 1, balance: 37 });
    expect(JSON.parse(entry.after_json!)).toEqual({ ticketType: 1, balance: 44, delta: 7 });

    // Below zero is refused and nothing is written.
    const auditCount = async () =>
      Number(
        (
          await db
            .selectFrom('admin_audit_log')
            .select((eb) => eb.fn.countAll<number>().as('n'))
            .where('target', '=', `user:${a.user.id}`)
            .executeTakeFirstOrThrow()
        ).n,
      );
    const before = await auditCount();
    expectError(
      await call('POST', `/user/${a.user.id}/tickets`, root, {
        type: 4,
        delta: -6,
        reason: '误发回收',
      }),
      'ADMIN_BALANCE_NEGATIVE',
    );
    expect(await auditCount()).toBe(before);
    expect(await t.container.tickets.balance(a.user.id, 4)).toBe(5);

    // Ten concurrent removals of 1 against a balance of 5: exactly five succeed.
    const burst = await Promise.all(
      Array.from({ length: 10 }, () =>
        call('POST', `/user/${a.user.id}/tickets`, root, {
          type: 4,
          delta: -1,
          reason: '并发回收',
        }),
      ),
    );
    expect(burst.filter((r) => r.statusCode === 200)).toHaveLength(5);
    expect(await t.container.tickets.balance(a.user.id, 4)).toBe(0);
    expect(await t.container.tickets.ledgerSum(a.user.id, 4)).toBe(0);

    // Reason required; the operator's limit; the limit is a setting read at once.
    expectError(
      await call('POST', `/user/${a.user.id}/tickets`, tokens.operator, {
        type: 1,
        delta: 1,
        reason: '',
      }),
      'VALIDATION_FAILED',
    );
    expectError(
      await call('POST', `/user/${a.user.id}/tickets`, tokens.operator, {
        type: 1,
        delta: 101,
        reason: '大额补偿',
      }),
      'ADMIN_ADJUST_LIMIT',
    );
    expect(
      (
        await call('POST', `/user/${a.user.id}/tickets`, root, {
          type: 1,
          delta: 101,
          reason: '大额补偿',
        })
      ).statusCode,
    ).toBe(200);
    const set = await call('POST', '/settings/operatorTicketLimit', root, {
      value: 500,
      reason: '提高运营额度',
    });
    expect(set.statusCode, set.body).toBe(200);
    expect(
      (
        await call('POST', `/user/${a.user.id}/tickets`, tokens.operator, {
          type: 1,
          delta: 101,
          reason: '大额补偿',
        })
      ).statusCode,
    ).toBe(200);
    await call('POST', '/settings/operatorTicketLimit', root, { value: 100, reason: '恢复' });
  });

  it('disabling ends every session at once and refuses SMS sign-in with how to appeal; enabling lets back in', async () => {
    const a = await smsLogin(t);
    const other = { token: await t.container.sessions.issue('user', a.user.id, {}) };
    const me = (token: string) =>
      t.app.inject({ method: 'GET', url: '/api/user/userInfo', headers: { satoken: token } });
    expect((await me(a.token)).statusCode).toBe(200);
    const off = await call('POST', `/user/${a.user.id}/disable`, tokens.operator, {
      disabled: true,
      reason: '违规发布内容',
    });
    expect(off.statusCode, off.body).toBe(200);
    for (const token of [a.token, other.token]) expect((await me(token)).statusCode).toBe(401);
    const active = await t.container.database.db
      .selectFrom('sessions')
      .select('id')
      .where('subject_id', '=', a.user.id)
      .where('revoked_at', 'is', null)
      .execute();
    expect(active).toHaveLength(0);

    // SMS, WeChat and test sign-in all end in startSession, which refuses a disabled account.
    const record = await t.container.users.findUser(a.user.id);
    await expect(t.container.login.startSession(record!, false, {})).rejects.toMatchObject({
      key: 'ACCOUNT_DISABLED',
      message: userDisabledMessage,
    });
    expect(userDisabledMessage).toContain('账号已停用');

    const on = await call('POST', `/user/${a.user.id}/disable`, tokens.operator, {
      disabled: false,
      reason: '申诉通过',
    });
    expect(on.json().data.disabled).toBe(false);
    const back = await t.container.login.startSession(
      (await t.container.users.findUser(a.user.id))!,
      false,
      {},
    );
    expect(back.user.id).toBe(a.user.id);
    const log = await call('GET', `/page/audit?target=user:${a.user.id}`, root);
    expect(log.json().data.list.map((e: { action: string }) => e.action)).toEqual([
      'user.enable',
      'user.disable',
    ]);
  });

  it('grants and extends VIP from the later of now and the current end', async () => {
    const a = await smsLogin(t);
    const first = await call('POST', `/user/${a.user.id}/vip`, tokens.operator, {
      tier: 'vip',
      days: 30,
      reason: '合作赠送',
    });
    expect(first.statusCode, first.body).toBe(200);
    const until1 = Date.parse(first.json().data.vipUntil);
    const second = await call('POST', `/user/${a.user.id}/vip`, tokens.operator, {
      tier: 'svip',
      days: 10,
      reason: '升级',
    });
    expect(second.json().data.vipTier).toBe('svip');
    expect(Date.parse(second.json().data.vipUntil) - until1).toBe(10 * 86_400_000);
  });

  it('lists, cancels (tickets back once) and retries tasks', async () => {
    const a = await smsLogin(t);
    const img = await upload(t, a.token);
    const start = await t.app.inject({
      method: 'POST',
      url: '/api/ai/startTask',
      headers: { satoken: a.token },
      payload: { toolId: 'to-line', upload_img: img.fileId },
    });
    expect(start.statusCode, start.body).toBe(200);
    const taskId = start.json().data.taskId as string;
    const page = await call('GET', `/page/task?userId=${a.phone}&status=queued`, tokens.operator);
    expect(page.json().data.list.map((r: { id: string }) => r.id)).toEqual([taskId]);
    expect(await t.container.tickets.balance(a.user.id, 1)).toBe(36);

    const cancels = await Promise.all(
      [1, 2, 3].map(() =>
        call('POST', `/task/${taskId}/cancel`, tokens.operator, { reason: '用户来电要求取消' }),
      ),
    );
    expect(cancels.filter((r) => r.statusCode === 200)).toHaveLength(1);
    expect(await t.container.tickets.balance(a.user.id, 1)).toBe(37);
    expect(await t.container.tickets.ledgerSum(a.user.id, 1)).toBe(37);

    const retry = await call('POST', `/task/${taskId}/retry`, tokens.operator, {
      reason: '替用户重试',
    });
    expect(retry.statusCode, retry.body).toBe(200);
    expect(retry.json().data).toMatchObject({
      status: 'queued',
      userId: a.user.id,
      toolId: 'to-line',
    });
    expect(await t.container.tickets.balance(a.user.id, 1)).toBe(36);
    expectError(
      await call('POST', `/task/${taskId}/cancel`, tokens.operator, { reason: '再次取消' }),
      'ADMIN_TASK_NOT_CANCELABLE',
    );
  });

  it('takes a tool or an engine out of service with the message users see', async () => {
    const a = await smsLogin(t);
    const img = await upload(t, a.token);
    const submit = () =>
      t.app.inject({
        method: 'POST',
        url: '/api/ai/startTask',
        headers: { satoken: a.token },
        payload: { toolId: 'to-line', upload_img: img.fileId },
      });
    const engines = await call('GET', '/engines', tokens.operator);
    expect(engines.statusCode, engines.body).toBe(200);
    expect(engines.json().data.engines.find((e: { id: string }) => e.id === 'local')).toMatchObject(
      { status: 'up', outOfService: false },
    );

    const off = await call('POST', '/engines/switch', root, {
      kind: 'tool',
      id: 'to-line',
      outOfService: true,
      message: '线稿功能升级中，预计 30 分钟后恢复',
      reason: '模型升级',
    });
    expect(off.statusCode, off.body).toBe(200);
    expect(expectError(await submit(), 'ENGINE_UNAVAILABLE').message).toBe(
      '线稿功能升级中，预计 30 分钟后恢复',
    );
    const tools = (await t.app.inject({ method: 'GET', url: '/api/ai/tools' })).json().data as {
      id: string;
      available: boolean;
      reason?: string;
    }[];
    expect(tools.find((x) => x.id === 'to-line')).toMatchObject({
      available: false,
      reason: '线稿功能升级中，预计 30 分钟后恢复',
    });
    await call('POST', '/engines/switch', root, {
      kind: 'tool',
      id: 'to-line',
      outOfService: false,
      reason: '升级完成',
    });

    await call('POST', '/engines/switch', root, {
      kind: 'engine',
      id: 'local',
      outOfService: true,
      reason: '维护',
    });
    expect(expectError(await submit(), 'ENGINE_UNAVAILABLE').message).toBe(
      '该功能正在维护，请稍后再试',
    );
    await call('POST', '/engines/switch', root, {
      kind: 'engine',
      id: 'local',
      outOfService: false,
      reason: '维护完成',
    });
    expect((await submit()).statusCode).toBe(200);
  });

  it('settings: the signup grant applies to the next new account at once, audit-logged', async () => {
    const bad = await call('POST', '/settings/signupTickets', root, {
      value: { 1: -1 },
      reason: '测试',
    });
    expectError(bad, 'VALIDATION_FAILED');
    const res = await call('POST', '/settings/signupTickets', root, {
      value: { 1: 3, 2: 0, 3: 2, 4: 1 },
      reason: '新用户活动',
    });
    expect(res.statusCode, res.body).toBe(200);
    const fresh = await smsLogin(t, uniquePhone());
    expect(await t.container.tickets.balance(fresh.user.id, 1)).toBe(3);
    expect(await t.container.tickets.balance(fresh.user.id, 3)).toBe(2);
    const log = await call('GET', '/page/audit?target=setting:signupTickets', root);
    expect(log.json().data.list[0]).toMatchObject({
      action: 'settings.update',
      reason: '新用户活动',
      after: { 1: 3 },
    });
    await call('POST', '/settings/signupTickets', root, {
      value: { 1: 37, 2: 0, 3: 0, 4: 5 },
      reason: '恢复',
    });
  });

  it('settings: a tool price applies to the next submission and to the tools list', async () => {
    const a = await smsLogin(t);
    const img = await upload(t, a.token);
    const set = await call('POST', '/settings/toolPrices', root, {
      value: { 'to-line': 3 },
      reason: '线稿调价',
    });
    expect(set.statusCode, set.body).toBe(200);
    const tools = (await t.app.inject({ method: 'GET', url: '/api/ai/tools' })).json().data as {
      id: string;
      price: number;
    }[];
    expect(tools.find((x) => x.id === 'to-line')?.price).toBe(3);
    const start = await t.app.inject({
      method: 'POST',
      url: '/api/ai/startTask',
      headers: { satoken: a.token },
      payload: { toolId: 'to-line', upload_img: img.fileId },
    });
    expect(start.statusCode, start.body).toBe(200);
    expect(await t.container.tickets.balance(a.user.id, 1)).toBe(34);
    await call('POST', '/settings/toolPrices', root, { value: {}, reason: '恢复默认价' });
  });

  it('statistics: users, tasks by status and tool, tickets issued against spent, a daily series', async () => {
    const res = await call('GET', '/stats', tokens.finance);
    expect(res.statusCode, res.body).toBe(200);
    const s = res.json().data;
    expect(s.users.total).toBeGreaterThan(3);
    expect(s.users.newToday).toBe(s.users.total);
    expect(
      s.tasksToday.byTool.find((x: { toolId: string }) => x.toolId === 'to-line').count,
    ).toBeGreaterThan(0);
    expect(s.tickets.issued).toBeGreaterThan(s.tickets.spent);
    expect(s.daily).toHaveLength(14);
    // The commerce module is installed: revenue is reported (no order is paid in this suite).
    expect(s.orders).toMatchObject({ available: true, paidToday: 0, revenueTodayFen: 0 });
    expectError(
      await call('GET', '/stats?from=2026-01-10&to=2026-01-01', root),
      'VALIDATION_FAILED',
    );
  });

  it('two concurrent changes never leave zero enabled super admins', async () => {
    const second = await createAdmin(t, root, 'super');
    const results = await Promise.all([
      call('POST', `/account/${second.id}`, root, { disabled: true }),
      call(
        'POST',
        `/account/${(await call('GET', '/me', root)).json().data.accountId}`,
        second.token,
        { disabled: true },
      ),
    ]);
    expect(results.filter((r) => r.statusCode === 200).length).toBeLessThanOrEqual(2);
    const supers = await t.container.database.db
      .selectFrom('admin_accounts')
      .select('id')
      .where('role', '=', 'super')
      .where('disabled_at', 'is', null)
      .execute();
    expect(supers.length).toBeGreaterThanOrEqual(1);
  });
});
