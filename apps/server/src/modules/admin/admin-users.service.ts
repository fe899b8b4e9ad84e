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
import type { CoreContainer } from '../../core/deps';
import type { Database } from '../../db/schema';
import { DAY } from '../../config/clock';
import { newId } from '../../db/ids';
import { AppError } from '../../http/app-error';
import { createMembership } from '../orders/membership';
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

/**
 * What admins other than super may give, so that parallel or repeated grants cannot add up
 * (docs/admin-console.md). Daily caps cover the 24 hours before each grant, counted from the
 * ledger and `vip_grants` inside the grant's transaction with the admin's and the user's rows
 * held, so concurrent grants are counted one after another.
 */
export const ADMIN_GRANT_CAPS = {
  /** Tickets one admin may add in 24 hours, over all users. */
  ticketsPerAdminDay: 500,
  /** Tickets admins may add to one user in 24 hours. */
  ticketsPerUserDay: 200,
  /** VIP days in one grant, by role (finance grants no VIP). */
  vipDaysPerGrant: { super: 366, operator: 31, finance: 0 },
  /** VIP days one admin may grant in 24 hours, over all users. */
  vipDaysPerAdminDay: 93,
  /** VIP days admins may grant to one user in 24 hours. */
  vipDaysPerUserDay: 62,
} as const;

const dailyLimit = (message: string, data: Record<string, number>) =>
  new AppError('ADMIN_DAILY_LIMIT', { message: `${message}；如需更多请联系超级管理员`, data });

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
  const membership = createMembership({
    db,
    dialect: deps.core.database.dialect,
    now: deps.core.now,
    logger: deps.core.logger,
  });
  const iso = () => deps.core.now().toISOString();

  const requireUser = async (id: string): Promise<AdminUserRow> => {
    const user = await repo.find(id);
    if (!user) throw new AppError('RESOURCE_NOT_FOUND');
    return user;
  };

  /** The operator's cap on one adjustment; super admins have none. */
  const limitFor = async (request: FastifyRequest) =>
    request.adminAuth?.role === 'super' ? null : await deps.settings.get('operatorTicketLimit');

  /**
   * The daily caps, inside the grant's transaction: the admin's row, then the user's, are held
   * first (PostgreSQL row locks; SQLite runs one transaction at a time), so ten parallel grants
   * each see the ones committed before them. Super admins are not capped.
   */
  const checkDaily = async (
    trx: Kysely<Database>,
    request: FastifyRequest,
    userId: string,
    kind: 'tickets' | 'vipDays',
    amount: number,
  ) => {
    const auth = request.adminAuth;
    if (!auth || auth.role === 'super' || amount <= 0) return;
    await repo.holdAdmin(trx, auth.adminId);
    await repo.holdUser(trx, userId);
    const since = new Date(deps.core.now().getTime() - DAY).toISOString();
    const caps = ADMIN_GRANT_CAPS;
    const [byAdmin, toUser, perAdmin, perUser] =
      kind === 'tickets'
        ? [
            await repo.ticketsAddedBy(trx, auth.adminId, since),
            await repo.ticketsAddedTo(trx, userId, since),
            caps.ticketsPerAdminDay,
            caps.ticketsPerUserDay,
          ]
        : [
            await repo.vipDaysGranted(trx, { adminId: auth.adminId }, since),
            await repo.vipDaysGranted(trx, { userId }, since),
            caps.vipDaysPerAdminDay,
            caps.vipDaysPerUserDay,
          ];
    const [verb, unit] = kind === 'tickets' ? ['发放', '次'] : ['赠送', '天会员'];
    if (byAdmin + amount > perAdmin)
      throw dailyLimit(
        `你 24 小时内最多${verb} ${perAdmin} ${unit}（已${verb} ${byAdmin}），本次不能再${verb} ${amount} ${unit}`,
        { limit: perAdmin, used: byAdmin },
      );
    if (toUser + amount > perUser)
      throw dailyLimit(
        `该用户 24 小时内最多获管理员${verb} ${perUser} ${unit}（已获${verb} ${toUser}），本次不能再${verb} ${amount} ${unit}`,
        { limit: perUser, used: toUser },
      );
  };

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
        await checkDaily(trx, request, id, 'tickets', body.delta);
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
      const role = request.adminAuth?.role ?? 'operator';
      const perGrant = ADMIN_GRANT_CAPS.vipDaysPerGrant[role];
      if (body.days > perGrant) {
        throw new AppError('ADMIN_VIP_DAYS_LIMIT', {
          message: `当前角色单次最多赠送 ${perGrant} 天会员，超出请联系超级管理员`,
          data: { limit: perGrant },
        });
      }
      await requireUser(id);
      const at = deps.core.now();
      await db.transaction().execute(async (trx) => {
        // The admin's row before the user's, as in every capped grant (no lock-order deadlock).
        if (request.adminAuth) await repo.holdAdmin(trx, request.adminAuth.adminId);
        await repo.holdUser(trx, id);
        await checkDaily(trx, request, id, 'vipDays', body.days);
        const before = await repo.find(id, trx);
        // Its days begin where the user's periods end (membership.ts keeps users' tier and end).
        const period = await membership.add(trx, {
          userId: id,
          tier: body.tier,
          days: body.days,
          source: 'grant',
          sourceId: null,
          at,
        });
        const until = new Date(period.untilMs).toISOString();
        const allowance = await deps.vipGrant?.(trx, {
          userId: id,
          tier: body.tier,
          days: body.days,
          vipFrom: new Date(period.fromMs).toISOString(),
          grantedBy: request.adminAuth?.adminId ?? null,
          reason: body.reason,
        });
        if (allowance) await membership.link(trx, period.periodId, allowance.grantId);
        await deps.audit.recordFor(
          request,
          {
            action: 'user.vip.grant',
            target: `user:${id}`,
            before: { vipTier: before?.vipTier ?? null, vipUntil: before?.vipUntil ?? null },
            after: {
              vipTier: period.chain?.tier ?? body.tier,
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
