import type {
  AdminOrderDetail,
  AdminOrderQuery,
  AdminOrderRow,
  ProviderQuery,
  ReconcileItem,
  ReconcileReport,
  RefundResult,
} from '@huijing/contracts';
import type { FastifyRequest } from 'fastify';
import type { CoreContainer } from '../../core/deps';
import { DAY } from '../../config/clock';
import { AppError } from '../../http/app-error';
import type { OrdersModuleServices } from '../orders/orders.module';
import { parseGrants } from '../orders/orders.repository';
import { refundAmount } from '../orders/refunds.service';
import { createMembership } from '../orders/membership';
import { grantEntries } from '../orders/settlement';
import { adminOf } from '../auth/authenticate';
import type { AdminOrdersRepository } from './admin-orders.repository';
import {
  createAdminOrdersRepository,
  cstDayEndIso,
  cstDayStartIso,
} from './admin-orders.repository';
import type { AdminSettingsStore } from './admin-settings.service';
import type { AuditLog } from './audit.service';

/** The feature switch that makes a refund wait for a second admin. */
export const REFUND_SECOND_APPROVER = 'refundSecondApprover';
/** At most this many provider queries in one reconciliation pass (narrow the range for more). */
export const RECONCILE_LIMIT = 200;
const RECONCILE_CONCURRENCY = 4;

const cstToday = (now: Date) => new Date(now.getTime() + 8 * 3_600_000).toISOString().slice(0, 10);

/**
 * Orders and money for the console: lists and details with a live provider query, refunds (the
 * commerce module's refund service, behind an optional second approver), and reconciliation of
 * local orders against provider queries with one-click settlement through the commerce
 * module's settlement (the same exactly-once path a notify takes).
 */
export const createAdminOrdersService = (deps: {
  core: CoreContainer;
  repo: AdminOrdersRepository;
  commerce: OrdersModuleServices;
  audit: AuditLog;
  settings: AdminSettingsStore;
}) => {
  const { core, repo, commerce, audit, settings } = deps;
  const db = core.database.db;
  const membership = createMembership({
    db,
    dialect: core.database.dialect,
    now: core.now,
    logger: core.logger,
  });

  const askProvider = async (order: AdminOrderRow): Promise<ProviderQuery> => {
    const checkedAt = core.now().toISOString();
    const provider = commerce.providers[order.channel];
    const empty = { state: null, paidFen: null, providerTradeNo: null, paidAt: null };
    if (!provider) {
      return { ok: false, ...empty, error: '本服务器未开通该支付渠道，无法查询', checkedAt };
    }
    try {
      const trade = await provider.query(order.orderNo);
      return {
        ok: true,
        state: trade.state,
        paidFen: trade.paidFen ?? null,
        providerTradeNo: trade.providerTradeNo ?? null,
        paidAt: trade.paidAt ?? null,
        error: null,
        checkedAt,
      };
    } catch (err) {
      core.logger.warn({ err, orderNo: order.orderNo }, 'admin provider query failed');
      return { ok: false, ...empty, error: '支付平台查询失败，请稍后重试', checkedAt };
    }
  };

  const findOrThrow = async (orderNo: string) => {
    const found = await repo.find(orderNo);
    if (!found) throw new AppError('ORDER_NOT_FOUND');
    return found;
  };

  const needsApproval = async () =>
    (await settings.get('features'))[REFUND_SECOND_APPROVER] === true;

  const requestInfo = (r: Awaited<ReturnType<AdminOrdersRepository['requestOf']>>) =>
    r && !r.approved_at
      ? {
          requestedBy: r.requested_by,
          requestedByName: r.requested_by_name,
          reason: r.reason,
          createdAt: r.created_at,
        }
      : null;

  const classify = (
    order: AdminOrderRow,
    provider: ProviderQuery,
  ): ReconcileItem['kind'] | null => {
    if (!provider.ok) return order.status === 'paid' ? 'query_failed' : null;
    const credited = order.status === 'paid';
    const providerPaid = provider.state === 'paid';
    if (providerPaid && !credited) return 'paid_not_credited';
    if (credited && !providerPaid) return 'credited_not_paid';
    return null;
  };

  /** The refund rule applied to balances as they are now, without changing anything. */
  const previewRefund = async (row: {
    order_no: string;
    user_id: string;
    grants: string;
    vip_days: number | null;
    amount_fen: number;
  }) => {
    const now = core.now();
    const ticketsTaken: Record<string, number> = {};
    let grantedSum = 0;
    let takenSum = 0;
    for (const g of grantEntries(parseGrants(row.grants))) {
      const balance = await core.tickets.balance(row.user_id, g.ticketType);
      const take = Math.max(0, Math.min(g.count, balance));
      grantedSum += g.count;
      takenSum += take;
      if (take > 0) ticketsTaken[String(g.ticketType)] = take;
    }
    const vipDays = Number(row.vip_days ?? 0);
    // The refund's own rule: the days still ahead of the order's membership period.
    const vipDaysTaken =
      vipDays > 0 ? await membership.previewTake(row.user_id, row.order_no, vipDays, now) : 0;
    const { refundFen, note } = refundAmount({
      amountFen: Number(row.amount_fen),
      grantedSum,
      takenSum,
      vipDays,
      vipDaysTaken,
    });
    return { refundFen, ticketsTaken, vipDaysTaken, note };
  };

  /**
   * The first of two approvals: the request row and its audit row in one transaction. Undefined
   * when a request for the order exists already (this call is then a second approval or a repeat).
   */
  const requestRefund = (request: FastifyRequest, order: AdminOrderRow, reason: string) =>
    db.transaction().execute(async (trx) => {
      const { adminId } = adminOf(request);
      const { actor } = await audit.actorOf(request, trx);
      const inTrx = createAdminOrdersRepository(trx);
      const inserted = await inTrx.insertRequest({
        orderNo: order.orderNo,
        by: adminId,
        byName: actor?.username ?? adminId,
        reason,
        at: core.now().toISOString(),
      });
      if (!inserted) return undefined;
      const info = requestInfo(await inTrx.requestOf(order.orderNo));
      if (!info) return undefined;
      await audit.recordFor(
        request,
        {
          action: 'order.refund.request',
          target: `order:${order.orderNo}`,
          before: { status: order.status },
          after: info,
          reason,
        },
        trx,
      );
      return info;
    });

  return {
    async page(q: AdminOrderQuery) {
      const { list, total } = await repo.page(q);
      return { list, total, page: q.current, pageSize: q.pageSize };
    },

    async detail(orderNo: string): Promise<AdminOrderDetail> {
      const { row, order } = await findOrThrow(orderNo);
      const [ledger, refund, request, incidents, provider, approval] = await Promise.all([
        repo.ledgerOf(orderNo),
        repo.refundOf(orderNo),
        repo.requestOf(orderNo),
        repo.incidents({ orderNo }),
        askProvider(order),
        needsApproval(),
      ]);
      return {
        order,
        tickets: parseGrants(row.grants),
        vipDays: row.vip_days == null ? null : Number(row.vip_days),
        vipTier: row.vip_tier,
        expiresAt: row.expires_at,
        ledger: ledger.map((l) => ({
          ticketType: Number(l.ticket_type),
          delta: Number(l.delta),
          reason: l.reason,
          createdAt: l.created_at,
        })),
        refund: refund
          ? {
              orderNo: refund.order_no,
              refundNo: refund.refund_no,
              refundFen: Number(refund.refund_fen),
              ticketsTaken: parseGrants(refund.tickets_taken),
              vipDaysTaken: Number(refund.vip_days_taken),
              note: refund.note,
              createdAt: refund.created_at,
              adminId: refund.admin_id,
              reason: refund.reason,
            }
          : null,
        refundRequest: requestInfo(request),
        refundPreview: order.status === 'paid' ? await previewRefund(row) : null,
        refundNeedsApproval: approval,
        incidents: incidents.map((i) => ({
          kind: i.kind,
          detail: i.detail,
          createdAt: i.created_at,
        })),
        provider,
      };
    },

    /**
     * Refunds through the commerce module (exactly once: its conditional paid→refunded). With
     * the second-approver switch on, the first call records a request and a different admin's
     * call approves it and refunds.
     */
    async refund(
      request: FastifyRequest,
      orderNo: string,
      reason: string,
    ): Promise<
      | (RefundResult & { status: 'refunded' })
      | { status: 'requested'; request: NonNullable<ReturnType<typeof requestInfo>> }
    > {
      const { adminId } = adminOf(request);
      const { order } = await findOrThrow(orderNo);
      let approvedFrom: ReturnType<typeof requestInfo> = null;
      if (order.status === 'paid' && (await needsApproval())) {
        const requested = await requestRefund(request, order, reason);
        if (requested) return { status: 'requested', request: requested };
        const info = requestInfo(await repo.requestOf(orderNo));
        if (info && info.requestedBy === adminId)
          throw new AppError('ADMIN_REFUND_SECOND_APPROVER');
        approvedFrom = info;
      }
      const result = await commerce.refunds.refund(adminId, orderNo, reason, async (trx, done) => {
        if (done.repeated) {
          return audit.recordFor(
            request,
            { action: 'order.refund.repeat', target: `order:${orderNo}`, after: done, reason },
            trx,
          );
        }
        if (approvedFrom) {
          await trx
            .updateTable('admin_refund_requests')
            .set({ approved_by: adminId, approved_at: core.now().toISOString() })
            .where('order_no', '=', orderNo)
            .where('approved_at', 'is', null)
            .execute();
        }
        return audit.recordFor(
          request,
          {
            action: 'order.refund',
            target: `order:${orderNo}`,
            before: { status: 'paid', amountFen: order.amountFen, userId: order.userId },
            after: approvedFrom ? { ...done, requestedBy: approvedFrom.requestedByName } : done,
            reason,
          },
          trx,
        );
      });
      return { ...result, status: 'refunded' };
    },

    /** Local orders against provider queries over a range of China days (default: 7 days). */
    async reconcile(q: { from?: string; to?: string }): Promise<ReconcileReport> {
      const now = core.now();
      const to = q.to ?? cstToday(now);
      const from = q.from ?? cstToday(new Date(now.getTime() - 6 * DAY));
      const range = { from: cstDayStartIso(from), to: cstDayEndIso(to) };
      if (from > to || Date.parse(range.to) - Date.parse(range.from) > 31 * DAY) {
        throw new AppError('VALIDATION_FAILED', {
          message: '对账日期范围有误（开始不晚于结束，最多 31 天）',
        });
      }
      const orders = await repo.forReconcile(range, RECONCILE_LIMIT);
      const truncated = orders.length > RECONCILE_LIMIT;
      const checked = orders.slice(0, RECONCILE_LIMIT);
      const items: ReconcileItem[] = [];
      for (let i = 0; i < checked.length; i += RECONCILE_CONCURRENCY) {
        const batch = checked.slice(i, i + RECONCILE_CONCURRENCY);
        const answers = await Promise.all(batch.map(askProvider));
        batch.forEach((order, j) => {
          const provider = answers[j]!;
          const kind = classify(order, provider);
          if (kind) items.push({ kind, order, provider });
        });
      }
      const incidents = await repo.incidents(range);
      return {
        from,
        to,
        checked: checked.length,
        truncated,
        items,
        incidents: incidents.map((i) => ({
          orderNo: i.order_no,
          channel: i.channel,
          kind: i.kind,
          detail: i.detail,
          createdAt: i.created_at,
        })),
      };
    },

    /**
     * 补单: asks the provider now and settles only what it confirms as paid, in full, to our
     * merchant — the commerce module's settlement, so a notify arriving at the same moment
     * still credits once.
     */
    async settle(request: FastifyRequest, orderNo: string, reason: string) {
      const { order } = await findOrThrow(orderNo);
      const provider = commerce.providers[order.channel];
      if (!provider) {
        throw new AppError('ADMIN_NOT_SETTLEABLE', {
          message: '本服务器未开通该支付渠道，不能补单',
        });
      }
      const trade = await provider.query(orderNo).catch((err: unknown) => {
        core.logger.warn({ err, orderNo }, 'admin settle query failed');
        throw new AppError('ADMIN_NOT_SETTLEABLE', { message: '支付平台查询失败，请稍后重试' });
      });
      if (trade.state !== 'paid') throw new AppError('ADMIN_NOT_SETTLEABLE');
      const result = await commerce.settlement.settle(
        orderNo,
        {
          channel: order.channel,
          paidFen: trade.paidFen,
          providerTradeNo: trade.providerTradeNo,
          paidAt: trade.paidAt,
          merchantId: trade.merchantId,
          expectedMerchantId: provider.merchantId,
          source: 'query',
        },
        async (trx, outcome) => {
          const now = await createAdminOrdersRepository(trx).find(orderNo);
          return audit.recordFor(
            request,
            {
              action: outcome === 'settled' ? 'order.settle' : 'order.settle.repeat',
              target: `order:${orderNo}`,
              before: { status: order.status },
              after: {
                status: now?.order.status ?? null,
                paidFen: trade.paidFen,
                tradeNo: trade.providerTradeNo,
              },
              reason,
            },
            trx,
          );
        },
      );
      if (result.outcome === 'rejected') {
        throw new AppError('ADMIN_NOT_SETTLEABLE', {
          message: `支付平台的记录与订单不符（${result.reason}），已记为异常，请人工核对`,
        });
      }
      if (result.outcome === 'refunded') {
        throw new AppError('ADMIN_NOT_SETTLEABLE', {
          message: '该订单关闭后才到账，商品已无法发放，已原路全额退款并记为异常',
        });
      }
      const after = (await findOrThrow(orderNo)).order;
      return { outcome: result.outcome, order: after };
    },
  };
};

export type AdminOrdersService = ReturnType<typeof createAdminOrdersService>;
