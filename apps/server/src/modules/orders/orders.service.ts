import { randomInt } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Logger } from 'pino';
import type {
  ActivityStock,
  OrderItem,
  OrderStatusInfo,
  Page,
  PayChannels,
  Product,
  TicketGrants,
} from '@huijing/contracts';
import {
  customPrice,
  customPricingSchema,
  REFUND_REQUEST_DAYS,
  ticketTypeNames,
} from '@huijing/contracts';
import type { Clock } from '../../config/clock';
import { DAY, MINUTE, SECOND } from '../../config/clock';
import type { Dialect } from '../../db/kysely';
import type { Database } from '../../db/schema';
import { AppError } from '../../http/app-error';
import type { PaymentProvider, ProviderTrade } from '../../providers/payments/payment-provider';
import { createOrdersRepository, parseGrants, toOrderItem, toProduct } from './orders.repository';
import type { OrderRow, ProductRow } from './orders.repository';
import type { PayChannel } from './orders.schema';
import { lockVipRow } from './settlement';
import type { Settlement } from './settlement';

/** The providers serving each channel the buyer may pick (a real one or the sandbox). */
export type ChannelProviders = {
  wechat?: PaymentProvider;
  alipay?: PaymentProvider;
  sandbox?: PaymentProvider;
};

/**
 * Unpaid orders one user may have open at once. A buyer needs one per purchase (switching
 * channel closes the earlier one), so this only stops a script opening orders by the dozen.
 */
export const MAX_PENDING_ORDERS = 5;

/**
 * A closed order is asked about once more this long after its QR stopped being payable: a
 * payment that beat the close and whose notify was lost is then still settled (or refunded).
 */
export const LAST_LOOK_DELAY = 2 * MINUTE;

/** Reconciler backoff: ask again after 10 s, 20 s, 40 s … at most every 5 minutes. */
export const nextCheckDelay = (checks: number) => Math.min(10 * SECOND * 2 ** checks, 5 * MINUTE);

const pad = (n: number, w = 2) => String(n).padStart(w, '0');
/** HJ + UTC yyyyMMddHHmmss + 10 random digits: 26 characters, valid as out_trade_no everywhere. */
export const newOrderNo = (at: Date) =>
  `HJ${at.getUTCFullYear()}${pad(at.getUTCMonth() + 1)}${pad(at.getUTCDate())}${pad(
    at.getUTCHours(),
  )}${pad(at.getUTCMinutes())}${pad(at.getUTCSeconds())}${pad(randomInt(0, 100_000), 5)}${pad(
    randomInt(0, 100_000),
    5,
  )}`;

const grantsTitle = (grants: TicketGrants) =>
  (Object.entries(grants) as [keyof typeof ticketTypeNames & string, number][])
    .filter(([, n]) => n > 0)
    .map(([type, n]) => `${ticketTypeNames[Number(type) as 1 | 2 | 3 | 4]['zh-CN']}×${n}`)
    .join('、');

export const createOrdersService = (deps: {
  db: Kysely<Database>;
  dialect: Dialect;
  now: Clock;
  logger: Logger;
  settlement: Settlement;
  providers: ChannelProviders;
  channels: PayChannels;
  expireMinutes: number;
  /** The site's public origin: H5 payments return the browser to its order history. */
  publicBaseUrl: string;
}) => {
  const repo = createOrdersRepository(deps.db);
  const iso = () => deps.now().toISOString();

  /** The provider that placed an order (its channel column), if this node still has it. */
  const providerOf = (order: OrderRow): PaymentProvider | undefined =>
    deps.providers[order.channel];

  const providerFailed = (err: unknown): AppError => {
    deps.logger.error({ err }, 'payment provider call failed');
    return new AppError('PAYMENT_PROVIDER_FAILED', { cause: err });
  };

  const evidenceOf = (order: OrderRow, provider: PaymentProvider, trade: ProviderTrade) => ({
    channel: order.channel,
    paidFen: trade.paidFen,
    providerTradeNo: trade.providerTradeNo,
    paidAt: trade.paidAt,
    merchantId: trade.merchantId,
    expectedMerchantId: provider.merchantId,
    currency: trade.currency,
    source: 'query' as const,
  });

  /** Closes locally (pending only) and gives back a reserved unit, in one transaction. */
  const closeLocally = (order: OrderRow, reason: string) =>
    deps.db.transaction().execute(async (trx) => {
      const r = createOrdersRepository(trx);
      const lastLook = Math.max(deps.now().getTime(), Date.parse(order.expires_at));
      const won = await r.transition(order.order_no, ['pending'], 'closed', {
        closed_at: iso(),
        close_reason: reason,
        holds_stock: 0,
        next_check_at: new Date(lastLook + LAST_LOOK_DELAY).toISOString(),
        updated_at: iso(),
      });
      if (won && Number(order.holds_stock) === 1) await r.releaseUnit(order.product_id);
      return won;
    });

  /**
   * Asks the provider first: a paid order is settled, not closed. Otherwise closes it at the
   * provider (so it can no longer be paid) and then here. A close that loses the race against a
   * payment is answered by settling.
   */
  const closeOrder = async (order: OrderRow, reason: string): Promise<'closed' | 'paid'> => {
    const provider = providerOf(order);
    if (!provider) {
      await closeLocally(order, reason);
      return 'closed';
    }
    const settleIfPaid = async () => {
      const trade = await provider.query(order.order_no);
      if (trade.state !== 'paid') return trade;
      const result = await deps.settlement.settle(
        order.order_no,
        evidenceOf(order, provider, trade),
      );
      return result.outcome === 'rejected' ? trade : 'paid';
    };
    const first = await settleIfPaid();
    if (first === 'paid') return 'paid';
    if (first.state === 'pending') {
      try {
        await provider.close(order.order_no);
      } catch (err) {
        if ((await settleIfPaid()) === 'paid') return 'paid';
        throw err;
      }
    }
    await closeLocally(order, reason);
    return 'closed';
  };

  const priceOf = (
    product: ProductRow,
    quantities: TicketGrants | undefined,
  ): { amountFen: number; grants: TicketGrants; title: string } => {
    if (product.kind !== 'custom') {
      return {
        amountFen: Number(product.price_fen),
        grants: parseGrants(product.grants),
        title: product.name,
      };
    }
    const pricing = customPricingSchema.safeParse(JSON.parse(product.config));
    if (!pricing.success) throw new AppError('PRODUCT_NOT_FOUND');
    const picked: TicketGrants = {};
    for (const [type, n] of Object.entries(quantities ?? {}) as [keyof TicketGrants, number][]) {
      if (n <= 0) continue;
      if (pricing.data.unitFen[type] === undefined) throw new AppError('CUSTOM_QUANTITY_INVALID');
      if (n > pricing.data.maxPerType) throw new AppError('CUSTOM_TOO_LARGE');
      picked[type] = n;
    }
    if (Object.keys(picked).length === 0) throw new AppError('CUSTOM_QUANTITY_INVALID');
    const { listFen, priceFen } = customPrice(pricing.data, picked);
    if (listFen > pricing.data.maxFen) throw new AppError('CUSTOM_TOO_LARGE');
    if (priceFen < 1) throw new AppError('CUSTOM_QUANTITY_INVALID');
    return {
      amountFen: priceFen,
      grants: picked,
      title: `${product.name}：${grantsTitle(picked)}`,
    };
  };

  const create = async (
    userId: string,
    wanted: 'wechat' | 'alipay',
    productId: string,
    quantities: TicketGrants | undefined,
    h5?: { clientIp: string },
  ) => {
    const mode = deps.channels[wanted];
    const channel: PayChannel = mode === 'sandbox' ? 'sandbox' : wanted;
    const provider = mode === 'off' ? undefined : deps.providers[channel];
    if (!provider) throw new AppError('PAY_CHANNEL_OFF');
    if (h5 && !provider.createH5) {
      throw new AppError('PAY_CHANNEL_OFF', {
        message: '该支付方式暂不支持手机网页支付，请扫码支付',
      });
    }
    const product = await repo.findProduct(productId);
    if (!product || Number(product.on_sale) !== 1) throw new AppError('PRODUCT_NOT_FOUND');
    const at = deps.now();
    if (product.kind === 'activity') {
      const open =
        (!product.starts_at || Date.parse(product.starts_at) <= at.getTime()) &&
        (!product.ends_at || Date.parse(product.ends_at) > at.getTime());
      if (!open) throw new AppError('ACTIVITY_CLOSED');
    }
    const { amountFen, grants, title } = priceOf(product, quantities);
    const purchaseKey = `${product.id}|${JSON.stringify(
      Object.fromEntries(Object.entries(grants).sort()),
    )}`;

    // One purchase is paid at most once: its earlier unpaid orders (the other channel, or a QR
    // that was left open) are closed at their provider before a new one exists.
    for (const earlier of await repo.pendingForPurchase(userId, purchaseKey)) {
      const outcome = await closeOrder(earlier, 'replaced').catch((err: unknown) => {
        throw providerFailed(err);
      });
      if (outcome === 'paid') throw new AppError('ORDER_ALREADY_PAID');
    }

    const orderNo = newOrderNo(at);
    const expiresAt = new Date(at.getTime() + deps.expireMinutes * MINUTE);
    const limited = product.stock != null;
    await deps.db.transaction().execute(async (trx) => {
      const r = createOrdersRepository(trx);
      // Serializes one user's order creations on PostgreSQL (SQLite transactions are serial),
      // so the pending cap and a limited product's per-user limit hold under parallel requests.
      await lockVipRow(trx, deps.dialect, userId);
      if ((await r.countPending(userId, at.toISOString())) >= MAX_PENDING_ORDERS) {
        throw new AppError('PENDING_ORDERS_LIMIT');
      }
      if (product.per_user_limit != null) {
        if ((await r.countLive(userId, product.id)) >= Number(product.per_user_limit)) {
          throw new AppError('PURCHASE_LIMIT');
        }
      }
      if (limited && !(await r.reserveUnit(product.id))) throw new AppError('PRODUCT_SOLD_OUT');
      await r.insertOrder({
        order_no: orderNo,
        user_id: userId,
        product_id: product.id,
        kind: product.kind,
        title,
        amount_fen: amountFen,
        channel,
        status: 'pending',
        grants: JSON.stringify(grants),
        vip_days: product.vip_days,
        vip_tier: product.vip_tier,
        purchase_key: purchaseKey,
        pay_url: null,
        pay_mode: h5 ? 'h5' : 'qr',
        provider_trade_no: null,
        holds_stock: limited ? 1 : 0,
        expires_at: expiresAt.toISOString(),
        paid_at: null,
        closed_at: null,
        close_reason: null,
        refunded_at: null,
        next_check_at: new Date(at.getTime() + nextCheckDelay(0)).toISOString(),
        checks: 0,
        created_at: at.toISOString(),
        updated_at: at.toISOString(),
      });
    });

    let payUrl: string;
    try {
      const trade = {
        orderNo,
        amountFen,
        title,
        expiresAt,
        expiresInMinutes: deps.expireMinutes,
        scanWith: wanted,
      };
      ({ payUrl } =
        h5 && provider.createH5
          ? await provider.createH5({
              ...trade,
              clientIp: h5.clientIp,
              returnUrl: new URL(
                `/personalCenter?orderNo=${encodeURIComponent(orderNo)}`,
                deps.publicBaseUrl,
              ).toString(),
            })
          : await provider.create(trade));
    } catch (err) {
      const row = await repo.findOrder(orderNo);
      if (row) await closeLocally(row, 'provider_failed');
      throw providerFailed(err);
    }
    await repo.setPayUrl(orderNo, payUrl, iso());
    deps.logger.info(
      { orderNo, userId, productId, channel, amountFen, h5: Boolean(h5) },
      'order created',
    );
    return {
      orderNo,
      payUrl,
      amountFen,
      expiresAt: expiresAt.toISOString(),
      sandbox: channel === 'sandbox',
    };
  };

  const owned = async (userId: string, orderNo: string) => {
    const order = await repo.findOwnedOrder(userId, orderNo);
    if (!order) throw new AppError('ORDER_NOT_FOUND');
    return order;
  };

  const statusOf = (order: OrderRow): OrderStatusInfo => {
    const item = toOrderItem(order);
    return {
      orderNo: item.orderNo,
      status: item.status,
      productId: item.productId,
      amountFen: item.amountFen,
      channel: item.channel,
      ...(item.paidAt && { paidAt: item.paidAt }),
    };
  };

  /** The app that scans an order's QR: its channel, or for the sandbox the one the buyer picked. */
  const scanWithOf = (order: OrderRow): 'wechat' | 'alipay' => {
    if (order.channel === 'wechat' || order.channel === 'alipay') return order.channel;
    const as = order.pay_url ? URL.parse(order.pay_url)?.searchParams.get('as') : null;
    return as === 'alipay' ? 'alipay' : 'wechat';
  };

  const expired = (order: OrderRow) => Date.parse(order.expires_at) <= deps.now().getTime();

  /** An order as its buyer's history shows it: 继续支付 while payable, 申请退款 while open. */
  const historyItem = (order: OrderRow, refundRequestedAt: string | undefined): OrderItem => {
    const payable = order.status === 'pending' && !expired(order) && order.pay_url;
    const paidFor = order.paid_at ? deps.now().getTime() - Date.parse(order.paid_at) : Infinity;
    return {
      ...toOrderItem(order),
      ...(payable && {
        payUrl: order.pay_url!,
        payMode: order.pay_mode,
        scanWith: scanWithOf(order),
      }),
      ...(refundRequestedAt && { refundRequestedAt }),
      refundable:
        order.status === 'paid' &&
        !refundRequestedAt &&
        Number(order.amount_fen) > 0 &&
        paidFor < REFUND_REQUEST_DAYS * DAY,
    };
  };

  const refundRequestsOf = async (orderNos: string[]) =>
    new Map(
      orderNos.length === 0
        ? []
        : (
            await deps.db
              .selectFrom('order_refund_requests')
              .select(['order_no', 'created_at'])
              .where('order_no', 'in', orderNos)
              .execute()
          ).map((r) => [r.order_no, r.created_at] as const),
    );

  /** A closed order's one last query: paid after all → the late-payment rules of settlement. */
  const lastLook = async (order: OrderRow): Promise<void> => {
    const provider = providerOf(order);
    const trade = provider ? await provider.query(order.order_no) : undefined;
    if (provider && trade?.state === 'paid') {
      await deps.settlement.settle(order.order_no, evidenceOf(order, provider, trade));
    }
    await repo.lastLookDone(order.order_no);
  };

  /** Queries the provider about one pending order; settles, closes when expired, or reschedules. */
  const reconcile = async (order: OrderRow): Promise<void> => {
    if (order.status === 'closed') {
      await lastLook(order);
      return;
    }
    if (order.status !== 'pending') return;
    const provider = providerOf(order);
    if (!provider) return;
    if (expired(order)) {
      await closeOrder(order, 'expired');
      return;
    }
    const trade = await provider.query(order.order_no);
    if (trade.state === 'paid') {
      await deps.settlement.settle(order.order_no, evidenceOf(order, provider, trade));
      return;
    }
    if (trade.state === 'closed') {
      await closeLocally(order, 'closed_at_provider');
      return;
    }
    const checks = Number(order.checks) + 1;
    await repo.scheduleCheck(
      order.order_no,
      new Date(deps.now().getTime() + nextCheckDelay(checks)).toISOString(),
      checks,
    );
  };

  return {
    providerOf,
    closeOrder,
    channels: (): PayChannels => ({
      ...deps.channels,
      h5: {
        wechat: deps.channels.wechat === 'live' && Boolean(deps.providers.wechat?.createH5),
        alipay: deps.channels.alipay === 'live' && Boolean(deps.providers.alipay?.createH5),
      },
    }),

    async products(): Promise<Product[]> {
      return (await repo.listProducts()).filter((p) => Number(p.on_sale) === 1).map(toProduct);
    },

    createWechat: (userId: string, productId: string, quantities?: TicketGrants) =>
      create(userId, 'wechat', productId, quantities),
    createAlipay: (userId: string, productId: string, quantities?: TicketGrants) =>
      create(userId, 'alipay', productId, quantities),
    /** WeChat Pay H5 or Alipay wap pay, for a phone's browser. */
    createH5: (
      userId: string,
      channel: 'wechat' | 'alipay',
      clientIp: string,
      productId: string,
      quantities?: TicketGrants,
    ) => create(userId, channel, productId, quantities, { clientIp }),

    /** The polling read: the local state, closing an order whose time is up. */
    async check(userId: string, orderNo: string): Promise<OrderStatusInfo> {
      const order = await owned(userId, orderNo);
      if (order.status === 'pending' && expired(order)) {
        await reconcile(order).catch((err: unknown) =>
          deps.logger.warn({ err, orderNo }, 'expiry close failed; the reconciler retries'),
        );
        return statusOf(await owned(userId, orderNo));
      }
      return statusOf(order);
    },

    /** 我已支付: asks the provider now instead of waiting for the notify. Idempotent. */
    async complete(userId: string, orderNo: string): Promise<OrderStatusInfo> {
      const order = await owned(userId, orderNo);
      if (order.status === 'pending') {
        await reconcile(order).catch((err: unknown) => {
          throw providerFailed(err);
        });
      }
      return statusOf(await owned(userId, orderNo));
    },

    async page(userId: string, page: number, pageSize: number): Promise<Page<OrderItem>> {
      const { rows, total } = await repo.pageOwned(userId, page, pageSize);
      const asked = await refundRequestsOf(rows.map((r) => r.order_no));
      return {
        list: rows.map((r) => historyItem(r, asked.get(r.order_no))),
        total,
        page,
        pageSize,
      };
    },

    /**
     * 申请退款 from the order history: the buyer's own paid order, within REFUND_REQUEST_DAYS of
     * paying; asking twice is the same request. An admin decides (the refund policy applies).
     */
    async requestRefund(userId: string, orderNo: string, reason: string): Promise<OrderItem> {
      const order = await owned(userId, orderNo);
      const before = (await refundRequestsOf([orderNo])).get(orderNo);
      if (before) return historyItem(order, before);
      if (!historyItem(order, undefined).refundable) {
        throw new AppError('REFUND_REQUEST_NOT_ALLOWED');
      }
      await deps.db
        .insertInto('order_refund_requests')
        .values({ order_no: orderNo, user_id: userId, reason, created_at: iso() })
        .onConflict((oc) => oc.column('order_no').doNothing())
        .execute();
      deps.logger.info({ orderNo, userId }, 'refund requested');
      return historyItem(order, (await refundRequestsOf([orderNo])).get(orderNo));
    },

    /** Buyers' refund requests still waiting (newest first), for the admin's order screens. */
    async refundRequests(limit = 100) {
      return deps.db
        .selectFrom('order_refund_requests as r')
        .innerJoin('orders as o', 'o.order_no', 'r.order_no')
        .select(['r.order_no', 'r.user_id', 'r.reason', 'r.created_at', 'o.status'])
        .where('o.status', '=', 'paid')
        .orderBy('r.created_at', 'desc')
        .limit(limit)
        .execute();
    },

    async activityStock(): Promise<ActivityStock> {
      const p = await repo.findActivity();
      if (!p) return { stock: 0, endsAt: null, startsAt: null, productId: null };
      return {
        stock: Math.max(0, Number(p.stock ?? 0) - Number(p.sold)),
        endsAt: p.ends_at,
        startsAt: p.starts_at,
        productId: p.id,
      };
    },

    /** The reconciler's pass: pending orders due for a query or past their expiry. */
    async reconcileDue(limit = 50): Promise<number> {
      const due = await repo.dueForCheck(iso(), limit);
      for (const order of due) {
        await reconcile(order).catch((err: unknown) =>
          deps.logger.warn({ err, orderNo: order.order_no }, 'reconcile failed; retried later'),
        );
      }
      return due.length;
    },
  };
};

export type OrdersService = ReturnType<typeof createOrdersService>;
