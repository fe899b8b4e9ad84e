/**
 * The port every payment channel implements (WeChat Pay Native, Alipay precreate, the sandbox).
 * The orders module decides; a provider only speaks its protocol: it signs requests, verifies
 * every answer and every notify, and reports what the provider says in one neutral shape.
 */
export type ProviderTradeState = 'paid' | 'pending' | 'closed' | 'refunded' | 'missing';

export type ProviderTrade = {
  orderNo: string;
  state: ProviderTradeState;
  /** What the payer paid in fen (WeChat amount.total, Alipay total_amount), when paid. */
  paidFen?: number;
  providerTradeNo?: string;
  paidAt?: string;
  /** The merchant the provider says the trade belongs to (mchid / app_id), when it says. */
  merchantId?: string;
  /** The currency of the amount (WeChat amount.currency), when the provider names one. */
  currency?: string;
  /** A notify's event type (WeChat event_type), when the provider names one. */
  event?: string;
};

export type CreateTrade = {
  orderNo: string;
  amountFen: number;
  title: string;
  expiresAt: Date;
  /** The same deadline as a duration (Alipay's timeout_express). */
  expiresInMinutes: number;
  /** The app the buyer picked to scan with (the sandbox serves both and remembers which). */
  scanWith?: 'wechat' | 'alipay';
};

/** An in-browser (H5) payment on a phone: the payer's IP, and where the browser comes back to. */
export type CreateH5Trade = CreateTrade & { clientIp: string; returnUrl: string };

export type RefundRequest = {
  orderNo: string;
  refundNo: string;
  refundFen: number;
  totalFen: number;
  reason: string;
};

/** A notify as it arrived: headers and the raw body, untouched (signatures cover the bytes). */
export type RawNotify = {
  headers: Record<string, string | string[] | undefined>;
  body: string;
};

/** A notify refused before anything was read from it; `reason` goes to the log, not the caller. */
export class NotifyRejected extends Error {
  constructor(readonly reason: string) {
    super(`notify rejected: ${reason}`);
    this.name = 'NotifyRejected';
  }
}

/** A provider call that failed (network, refusal, an answer whose signature did not verify). */
export class ProviderError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'ProviderError';
  }
}

export interface PaymentProvider {
  readonly channel: 'wechat' | 'alipay' | 'sandbox';
  /** The merchant id notifies and queries must carry (mchid / app_id); undefined: not checked. */
  readonly merchantId: string | undefined;
  /** The event a payment notify must carry (WeChat Pay TRANSACTION.SUCCESS); undefined: none. */
  readonly paymentEvent?: string;
  /** Places the order; answers what the QR encodes (WeChat code_url, Alipay qr_code). */
  create(trade: CreateTrade): Promise<{ payUrl: string }>;
  /**
   * Places an H5 order for a phone's browser; answers the page to send it to (WeChat Pay h5_url
   * with redirect_url, Alipay's alipay.trade.wap.pay cashier URL). Absent: the channel has no H5.
   */
  createH5?(trade: CreateH5Trade): Promise<{ payUrl: string }>;
  query(orderNo: string): Promise<ProviderTrade>;
  /** Closes an unpaid order; closing one that is already closed or unknown is not an error. */
  close(orderNo: string): Promise<void>;
  /** Refunds with an idempotent refund number: the same number refunds once. */
  refund(request: RefundRequest): Promise<void>;
  /** Verifies and decodes a notify; throws NotifyRejected when it is not authentic. */
  verifyNotify(notify: RawNotify): Promise<ProviderTrade>;
}
