import {
  adminEnginesSchema,
  adminEngineIdParamsSchema,
  adminEngineTestBodySchema,
  adminEngineTestSchema,
  adminMeSchema,
  adminServiceSwitchSchema,
  adminSettingKeySchema,
  adminSettingsSchema,
  adminSettingUpdateSchema,
  adminStatsQuerySchema,
  adminStatsSchema,
  adminTaskActionSchema,
  adminTaskIdParamsSchema,
  adminTaskPageSchema,
  adminTaskQuerySchema,
  adminTaskRowSchema,
  adminTicketAdjustSchema,
  adminUserDetailSchema,
  adminUserDisableSchema,
  adminUserIdParamsSchema,
  adminUserPageSchema,
  adminUserQuerySchema,
  adminUserRowSchema,
  adminVipGrantSchema,
  auditPageSchema,
  auditQuerySchema,
  envelopeSchema,
  ok,
  rolePermissions,
} from '@huijing/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { CoreContainer } from '../../core/deps';
import { AppError } from '../../http/app-error';
import { adminOf } from '../auth/authenticate';
import type { AdminEnginesService } from './admin-engines.service';
import type { AdminSettingsStore } from './admin-settings.service';
import type { createAdminStatsService } from './admin-stats.service';
import type { AdminTasksService } from './admin-tasks.service';
import type { AdminUsersService } from './admin-users.service';
import type { AuditLog } from './audit.service';
import { requirePermission } from './permissions';

export type AdminConsoleRoutesOptions = {
  core: CoreContainer;
  audit: AuditLog;
  users: AdminUsersService;
  tasks: AdminTasksService;
  engines: AdminEnginesService;
  stats: ReturnType<typeof createAdminStatsService>;
  settings: AdminSettingsStore;
};

/**
 * /api/user/manage/*: the console's users, tasks, engines, statistics, settings and audit log.
 * Every route names its permission in the one matrix; every change writes an audit entry; the
 * audit log itself has no update or delete route, on purpose.
 */
export const adminConsoleRoutes: FastifyPluginAsyncZod<AdminConsoleRoutesOptions> = async (
  app,
  { core, audit, users, tasks, engines, stats, settings },
) => {
  const can = (permission: Parameters<typeof requirePermission>[1]) => ({
    onRequest: requirePermission(core.guards, permission),
  });
  const userEnvelope = envelopeSchema(adminUserRowSchema);

  app.get(
    '/me',
    {
      onRequest: core.guards.requireAdmin,
      schema: { response: { 200: envelopeSchema(adminMeSchema) } },
    },
    async (request) => {
      const auth = adminOf(request);
      const account = await core.admin.findForAuth(auth.adminId);
      if (!account) throw new AppError('UNAUTHORIZED');
      return ok({
        accountId: account.id,
        username: account.username,
        displayName: account.displayName,
        role: account.role,
        permissions: [...rolePermissions[account.role]],
      });
    },
  );

  app.get(
    '/page/audit',
    {
      ...can('audit.read'),
      schema: { querystring: auditQuerySchema, response: { 200: envelopeSchema(auditPageSchema) } },
    },
    async (request) => ok(await audit.list(request.query)),
  );

  // ---- users

  app.get(
    '/page/user',
    {
      ...can('users.read'),
      schema: {
        querystring: adminUserQuerySchema,
        response: { 200: envelopeSchema(adminUserPageSchema) },
      },
    },
    async (request) => ok(await users.list(request.query)),
  );
  app.get(
    '/user/:id',
    {
      ...can('users.read'),
      schema: {
        params: adminUserIdParamsSchema,
        response: { 200: envelopeSchema(adminUserDetailSchema) },
      },
    },
    async (request) => ok(await users.detail(request, request.params.id)),
  );
  app.post(
    '/user/:id/tickets',
    {
      ...can('users.tickets'),
      schema: {
        params: adminUserIdParamsSchema,
        body: adminTicketAdjustSchema,
        response: { 200: userEnvelope },
      },
    },
    async (request) =>
      ok(await users.adjustTickets(request, request.params.id, request.body), '次数已调整'),
  );
  app.post(
    '/user/:id/disable',
    {
      ...can('users.disable'),
      schema: {
        params: adminUserIdParamsSchema,
        body: adminUserDisableSchema,
        response: { 200: userEnvelope },
      },
    },
    async (request) => {
      const { disabled, reason } = request.body;
      const user = await users.setDisabled(request, request.params.id, disabled, reason);
      return ok(user, disabled ? '已停用，该用户的所有登录已失效' : '已恢复');
    },
  );
  app.post(
    '/user/:id/vip',
    {
      ...can('users.vip'),
      schema: {
        params: adminUserIdParamsSchema,
        body: adminVipGrantSchema,
        response: { 200: userEnvelope },
      },
    },
    async (request) =>
      ok(await users.grantVip(request, request.params.id, request.body), '会员已更新'),
  );

  // ---- tasks

  app.get(
    '/page/task',
    {
      ...can('tasks.read'),
      schema: {
        querystring: adminTaskQuerySchema,
        response: { 200: envelopeSchema(adminTaskPageSchema) },
      },
    },
    async (request) => ok(await tasks.list(request.query)),
  );
  const taskAction = {
    ...can('tasks.manage'),
    schema: {
      params: adminTaskIdParamsSchema,
      body: adminTaskActionSchema,
      response: { 200: envelopeSchema(adminTaskRowSchema) },
    },
  };
  app.post('/task/:id/cancel', taskAction, async (request) =>
    ok(
      await tasks.cancel(request, request.params.id, request.body.reason),
      '任务已取消，次数已退回',
    ),
  );
  app.post('/task/:id/retry', taskAction, async (request) =>
    ok(await tasks.retry(request, request.params.id, request.body.reason), '已重新提交'),
  );

  // ---- engines

  app.get(
    '/engines',
    { ...can('engines.read'), schema: { response: { 200: envelopeSchema(adminEnginesSchema) } } },
    async () => ok(await engines.list()),
  );
  app.post(
    '/engines/switch',
    {
      ...can('engines.manage'),
      schema: {
        body: adminServiceSwitchSchema,
        response: { 200: envelopeSchema(adminEnginesSchema) },
      },
    },
    async (request) => ok(await engines.setSwitch(request, request.body), '已保存'),
  );
  app.post(
    '/engines/:id/test',
    {
      ...can('engines.manage'),
      schema: {
        params: adminEngineIdParamsSchema,
        body: adminEngineTestBodySchema,
        response: { 200: envelopeSchema(adminEngineTestSchema) },
      },
    },
    async (request) => {
      const result = await engines.test(request, request.params.id, request.body.reason);
      return ok(result, result.ok ? '测试成功' : '测试未通过');
    },
  );

  // ---- statistics

  app.get(
    '/stats',
    {
      ...can('stats.read'),
      schema: {
        querystring: adminStatsQuerySchema,
        response: { 200: envelopeSchema(adminStatsSchema) },
      },
    },
    async (request) => ok(await stats.stats(request.query)),
  );

  // ---- settings

  app.get(
    '/settings',
    { ...can('settings.read'), schema: { response: { 200: envelopeSchema(adminSettingsSchema) } } },
    async () => ok(await settings.readAll()),
  );
  app.post(
    '/settings/:key',
    {
      ...can('settings.write'),
      schema: {
        params: z.object({ key: adminSettingKeySchema }),
        body: adminSettingUpdateSchema,
        response: { 200: envelopeSchema(adminSettingsSchema) },
      },
    },
    async (request) => {
      const { key } = request.params;
      const valid = adminSettingsSchema.shape[key].safeParse(request.body.value);
      if (!valid.success) {
        throw new AppError('VALIDATION_FAILED', {
          message: `设置内容不符合要求：${valid.error.issues[0]?.message ?? ''}`,
        });
      }
      const at = core.now().toISOString();
      await core.database.db.transaction().execute(async (trx) => {
        const before = await settings.get(key, trx);
        const after = await settings.put(trx, key, valid.data, at);
        await audit.recordFor(
          request,
          {
            action: 'settings.update',
            target: `setting:${key}`,
            before,
            after,
            reason: request.body.reason,
          },
          trx,
        );
      });
      return ok(await settings.readAll(), '设置已保存，立即生效');
    },
  );
};
