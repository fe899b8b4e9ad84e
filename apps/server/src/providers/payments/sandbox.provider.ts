import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import type {
  CreateTrade,
  PaymentProvider,
  ProviderTrade,
  RawNotify,
  RefundRequest,
} from './payment-provider';
import { NotifyRejected } from './payment-provider';

type SandboxRow = {
  amount_fen: number;
  state: 'pending' | 'paid' | 'closed' | 'refunded';
  paid_at: string | null;
};

/**
 * The development payment channel (like the SMS outbox): no money moves. The QR dialog's
 * "模拟支付成功" button marks the trade paid here and then drives the same settlement code a real
 * notify does. Trades live in the database (`sandbox_trades`), as a provider's would live at the
 * provider: any API process serves an order another one created, and one whose process has gone
 * can still be paid. It is off in production unless PAYMENT_SANDBOX=on says otherwise.
 */
export const createSandboxProvider = (deps: {
  db: Kysely<Database>;
  publicBaseUrl: string;
  now: () => Date;
}): PaymentProvider & {
  /** The simulated payer: pays the whole amount (or `paidFen`, to test a short payment). */
  pay(orderNo: string, paidFen?: number): Promise<ProviderTrade | undefined>;
} => {
  const { db } = deps;
  const iso = () => deps.now().toISOString();
  const find = (orderNo: string) =>
    db
      .selectFrom('sandbox_trades')
      .select(['amount_fen', 'state', 'paid_at'])
      .where('order_no', '=', orderNo)
      .executeTakeFirst() as Promise<SandboxRow | undefined>;
  const view = (orderNo: string, t: SandboxRow | undefined): ProviderTrade => {
    if (!t) return { orderNo, state: 'missing' };
    return {
      orderNo,
      state: t.state,
      ...(t.state === 'paid' || t.state === 'refunded'
        ? {
            paidFen: Number(t.amount_fen),
            ...(t.paid_at && { paidAt: t.paid_at }),
            providerTradeNo: `SANDBOX-${orderNo}`,
          }
        : {}),
    };
  };
  /** One conditional update per state change, as a provider's own trade table would do. */
  const move = (orderNo: string, from: SandboxRow['state'][], set: Partial<SandboxRow>) =>
    db
      .updateTable('sandbox_trades')
      .set({ ...set, updated_at: iso() })
      .where('order_no', '=', orderNo)
      .where('state', 'in', from)
      .execute();
  return {
    channel: 'sandbox',
    merchantId: undefined,
    async create(trade: CreateTrade) {
      await db
        .insertInto('sandbox_trades')
        .values({
          order_no: trade.orderNo,
          amount_fen: trade.amountFen,
          state: 'pending',
          paid_at: null,
          created_at: iso(),
          updated_at: iso(),
        })
        .onConflict((oc) => oc.column('order_no').doNothing())
        .execute();
      const url = new URL(
        `/api/pay/sandbox/qr/${encodeURIComponent(trade.orderNo)}`,
        deps.publicBaseUrl,
      );
      if (trade.scanWith) url.searchParams.set('as', trade.scanWith);
      return { payUrl: url.toString() };
    },
    query: async (orderNo: string) => view(orderNo, await find(orderNo)),
    async close(orderNo: string) {
      await move(orderNo, ['pending'], { state: 'closed' });
    },
    async refund(request: RefundRequest) {
      await move(request.orderNo, ['paid'], { state: 'refunded' });
    },
    // The sandbox has no notifies of its own: its pay button settles directly.
    verifyNotify: (_notify: RawNotify) => Promise.reject(new NotifyRejected('sandbox')),
    async pay(orderNo: string, paidFen?: number) {
      await move(orderNo, ['pending'], {
        state: 'paid',
        paid_at: iso(),
        ...(paidFen !== undefined && { amount_fen: paidFen }),
      });
      const t = await find(orderNo);
      return !t || t.state === 'closed' ? undefined : view(orderNo, t);
    },
  };
};

export type SandboxProvider = ReturnType<typeof createSandboxProvider>;
