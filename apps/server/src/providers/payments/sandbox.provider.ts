import type {
  CreateTrade,
  PaymentProvider,
  ProviderTrade,
  RawNotify,
  RefundRequest,
} from './payment-provider';
import { NotifyRejected } from './payment-provider';

type SandboxTrade = { amountFen: number; state: ProviderTrade['state']; paidAt?: string };

/**
 * The development payment channel (like the SMS outbox): no money moves. The QR dialog's
 * "模拟支付成功" button marks the trade paid here and then drives the same settlement code a real
 * notify does. Trades live in memory: this is for one process on a developer's machine, and it is
 * off in production unless PAYMENT_SANDBOX=on says otherwise.
 */
export const createSandboxProvider = (deps: {
  publicBaseUrl: string;
  now: () => Date;
}): PaymentProvider & {
  /** The simulated payer: pays the whole amount (or `paidFen`, to test a short payment). */
  pay(orderNo: string, paidFen?: number): ProviderTrade | undefined;
} => {
  const trades = new Map<string, SandboxTrade>();
  const view = (orderNo: string): ProviderTrade => {
    const t = trades.get(orderNo);
    if (!t) return { orderNo, state: 'missing' };
    return {
      orderNo,
      state: t.state,
      ...(t.state === 'paid' || t.state === 'refunded'
        ? { paidFen: t.amountFen, paidAt: t.paidAt, providerTradeNo: `SANDBOX-${orderNo}` }
        : {}),
    };
  };
  return {
    channel: 'sandbox',
    merchantId: undefined,
    create: (trade: CreateTrade) => {
      trades.set(trade.orderNo, { amountFen: trade.amountFen, state: 'pending' });
      const url = new URL(
        `/api/pay/sandbox/qr/${encodeURIComponent(trade.orderNo)}`,
        deps.publicBaseUrl,
      );
      if (trade.scanWith) url.searchParams.set('as', trade.scanWith);
      return Promise.resolve({ payUrl: url.toString() });
    },
    query: (orderNo: string) => Promise.resolve(view(orderNo)),
    close: (orderNo: string) => {
      const t = trades.get(orderNo);
      if (t?.state === 'pending') t.state = 'closed';
      return Promise.resolve();
    },
    refund: (request: RefundRequest) => {
      const t = trades.get(request.orderNo);
      if (t) t.state = 'refunded';
      return Promise.resolve();
    },
    // The sandbox has no notifies of its own: its pay button settles directly.
    verifyNotify: (_notify: RawNotify) => Promise.reject(new NotifyRejected('sandbox')),
    pay(orderNo: string, paidFen?: number) {
      const t = trades.get(orderNo);
      if (!t || t.state === 'closed') return undefined;
      if (t.state === 'pending') {
        t.state = 'paid';
        t.paidAt = deps.now().toISOString();
        if (paidFen !== undefined) t.amountFen = paidFen;
      }
      return view(orderNo);
    },
  };
};

export type SandboxProvider = ReturnType<typeof createSandboxProvider>;
