import { ticketTypeNames } from '@huijing/contracts';
import type { TicketGrants } from '@huijing/contracts';
import type {
  AdminTicketAdjust,
  AdminUserDetail,
  AdminUserQuery,
  AdminUserRow,
} from '@huijing/contracts';
import type { FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import type { CoreContainer } from '../../container';
import { DAY } from '../../config/clock';
import type { Database } from '../../db/schema';
import { newId } from '../../db/ids';
import { AppError } from '../../http/app-error';
import type { VipGrantInput } from '../orders/vip-allowance';
import type { AuditLog } from './audit.service';
import type { AdminSettingsStore } from './admin-settings.service';
import { createAdminUsersRepository } from './admin-users.repository';
import { createAdminTasksRepository } from './admin-tasks.repository';
import { createUsersRepository } from '../users/users.repository';

export type AdminUsersService = ReturnType<typeof createAdminUsersService>;

/** Orders of a user, when the commerce module exposes them (it is optional here). */
export type UserOrdersLookup = (userId: string) => Promise<Record<string, unknown>[]>;

/** The commerce module's record of an admin's VIP grant and its monthly allowance (optional). */
export type VipGrantRecorder = (
  trx: Kysely<Database>,
  grant: VipGrantInput,
) => Promise<{ grantId: string; months: number; grants: TicketGrants }>;

export const createAdminUsersService = (deps: {
  core: CoreContainer;
  audit: AuditLog;
  settings: AdminSettingsStore;
  ordersOf?: UserOrdersLookup;
  vipGrant?: VipGrantRecorder;
}) => {
  const { db } = deps.core.database;
  const repo = createAdminUsersRepository(db);
  const tasks = createAdminTasksRepository(db);
  const iso = () => deps.core.now().toISOString();

  const requireUser = async (id: string): Promise<AdminUserRow> => {
    const user = await repo.find(id);
    if (!user) throw new AppError('RESOURCE_NOT_FOUND');
    return user;
  };

  /** The operator's cap on one adjustment; super admins have none. */
  const limitFor = async (request: FastifyRequest) =>
    request.adminAuth?.role === 'super' ? null : await deps.settings.get('operatorTicketLimit');

  return {
    async list(q: AdminUserQuery) {
      const { list, total } = await repo.list(q);
      return { list, total, page: q.current, pageSize: q.pageSize };
    },

    async detail(request: FastifyRequest, id: string): Promise<AdminUserDetail> {
      const user = await requireUser(id);
      const [ledger, recent, sessions, orders, adjustLimit] = await Promise.all([
        repo.ledger(id),
        tasks.list({ current: 1, pageSize: 20, userId: id }),
        repo.activeSessions(id, iso()),
        deps.ordersOf ? deps.ordersOf(id) : Promise.resolve(null),
        limitFor(request),
      ]);
      return { user, ledger, tasks: recent.list, sessions, orders, adjustLimit };
    },

    /**
     * The balance change, its admin_adjust ledger line and the audit entry commit together or
     * not at all; a removal never takes a balance below zero, even against concurrent spends.
     */
    async adjustTickets(request: FastifyRequest, id: string, body: AdminTicketAdjust) {
      const limit = await limitFor(request);
      if (limit !== null && Math.abs(body.delta) > limit) {
        throw new AppError('ADMIN_ADJUST_LIMIT', {
          message: `运营单次最多调整 ${limit} 次，超出请联系超级管理员`,
          data: { limit },
        });
      }
      await requireUser(id);
      const auditId = newId();
      const at = iso();
      const result = await db.transaction().execute(async (trx) => {
        const before = await repo.balance(trx, id, body.type);
        const done = await repo.adjust(trx, {
          userId: id,
          type: body.type,
          delta: body.delta,
          ref: auditId,
          at,
        });
        if (!done) return { ok: false as const, before };
        const after = await repo.balance(trx, id, body.type);
        await deps.audit.recordFor(
          request,
          {
            id: auditId,
            action: 'user.tickets.adjust',
            target: `user:${id}`,
            before: { ticketType: body.type, balance: before },
            after: { ticketType: body.type, balance: after, delta: body.delta },
            reason: body.reason,
          },
          trx,
        );
        return { ok: true as const, before, after };
      });
      if (!result.ok) {
        throw new AppError('ADMIN_BALANCE_NEGATIVE', {
          message: `${ticketTypeNames[body.type]['zh-CN']}当前只有 ${result.before} 次，不能减少 ${-body.delta} 次`,
          data: { balance: result.before },
        });
      }
      return requireUser(id);
    },

    /** Disabling ends every session at once; the reason is kept in the audit log. */
    async setDisabled(request: FastifyRequest, id: string, disabled: boolean, reason: string) {
      const action = disabled ? 'user.disable' : 'user.enable';
      await deps.audit.audited(request, action, async (trx) => {
        const before = await repo.find(id, trx);
        if (!before) throw new AppError('RESOURCE_NOT_FOUND');
        await createUsersRepository(trx).setDisabled(id, disabled ? iso() : null, iso());
        return {
          value: null,
          target: `user:${id}`,
          before: { disabled: before.disabled },
          after: { disabled },
          reason,
        };
      });
      // After the commit: a session revoked for a change that rolled back would be lost for nothing.
      if (disabled) await deps.core.sessions.revokeAll('user', id, 'disabled');
      return requireUser(id);
    },

    /**
     * Grants a tier or extends it: days are added to the later of now and the current end. The
     * grant carries the tier's monthly ticket allowance like a bought plan (commerce's
     * `vip_grants`), its first month credited here when it begins now — all in one transaction
     * with the audit row, the user row held first so a concurrent grant or payment cannot lose days.
     */
    async grantVip(
      request: FastifyRequest,
      id: string,
      body: { tier: 'vip' | 'svip'; days: number; reason: string },
    ) {
      await requireUser(id);
      const at = deps.core.now();
      await db.transaction().execute(async (trx) => {
        await repo.holdUser(trx, id);
        const before = await repo.find(id, trx);
        const current = before?.vipUntil ? Date.parse(before.vipUntil) : 0;
        const start = Math.max(at.getTime(), Number.isFinite(current) ? current : 0);
        const until = new Date(start + body.days * DAY).toISOString();
        await repo.setVip(trx, id, body.tier, until, at.toISOString());
        const allowance = await deps.vipGrant?.(trx, {
          userId: id,
          tier: body.tier,
          days: body.days,
          vipFrom: new Date(start).toISOString(),
          grantedBy: request.adminAuth?.adminId ?? null,
          reason: body.reason,
        });
        await deps.audit.recordFor(
          request,
          {
            action: 'user.vip.grant',
            target: `user:${id}`,
            before: { vipTier: before?.vipTier ?? null, vipUntil: before?.vipUntil ?? null },
            after: {
              vipTier: body.tier,
              vipUntil: until,
              days: body.days,
              ...(allowance && {
                grantId: allowance.grantId,
                monthlyTickets: allowance.grants,
                monthsCredited: allowance.months,
              }),
            },
            reason: body.reason,
          },
          trx,
        );
      });
      return requireUser(id);
    },
  };
};
