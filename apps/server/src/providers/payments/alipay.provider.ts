import { AlipaySdk } from 'alipay-sdk';
import { formatFen, parseYuan } from '@huijing/contracts';
import type { AlipayConfig } from '../../modules/orders/orders.config';
import type {
  CreateH5Trade,
  CreateTrade,
  PaymentProvider,
  ProviderTrade,
  ProviderTradeState,
  RawNotify,
  RefundRequest,
} from './payment-provider';
import { NotifyRejected, ProviderError } from './payment-provider';

type Answer = Record<string, string | undefined> & {
  code?: string;
  sub_code?: string;
  msg?: string;
  sub_msg?: string;
};

const stateOf = (status: string | undefined): ProviderTradeState => {
  switch (status) {
    case 'TRADE_SUCCESS':
    case 'TRADE_FINISHED':
      return 'paid';
    case 'TRADE_CLOSED':
      return 'closed';
    default:
      return 'pending';
  }
};

/** "2026-03-02 16:15:00" (Beijing time) → ISO. */
const fromBeijing = (text: string | undefined) => {
  if (!text || !/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/.test(text)) return undefined;
  return new Date(`${text.replace(' ', 'T')}+08:00`).toISOString();
};

/**
 * Alipay OpenAPI (gateway.do, RSA2) through alipay-sdk v4: exec() signs with the app key and,
 * with validateSign, verifies the answer's signature over the raw `…_response` text with the
 * Alipay public key. Notifies are verified with checkNotifySignV2 (sorted parameters without
 * sign/sign_type, values as sent). camelcase is off so answers keep Alipay's field names.
 */
export const createAlipayProvider = (config: AlipayConfig): PaymentProvider => {
  const sdk = new AlipaySdk({
    appId: config.appId,
    privateKey: config.privateKey,
    keyType: config.privateKey.includes('BEGIN RSA PRIVATE KEY') ? 'PKCS1' : 'PKCS8',
    alipayPublicKey: config.alipayPublicKey,
    gateway: config.gateway,
    camelcase: false,
    timeout: 10_000,
  });
  const exec = async (method: string, params: Record<string, unknown>): Promise<Answer> => {
    try {
      return (await sdk.exec(method, params, { validateSign: true })) as Answer;
    } catch (err) {
      throw new ProviderError(`Alipay ${method}: ${(err as Error).message}`, { cause: err });
    }
  };
  const failed = (method: string, a: Answer) =>
    new ProviderError(
      `Alipay ${method}: ${a.code} ${a.sub_code ?? ''} ${a.sub_msg ?? a.msg ?? ''}`,
    );

  return {
    channel: 'alipay',
    merchantId: config.appId,
    async create(trade: CreateTrade) {
      const a = await exec('alipay.trade.precreate', {
        notify_url: config.notifyUrl,
        bizContent: {
          out_trade_no: trade.orderNo,
          total_amount: formatFen(trade.amountFen),
          subject: trade.title.slice(0, 256),
          timeout_express: `${trade.expiresInMinutes}m`,
        },
      });
      if (a.code !== '10000' || !a.qr_code) throw failed('alipay.trade.precreate', a);
      return { payUrl: a.qr_code };
    },
    /**
     * H5 (alipay.trade.wap.pay): a page method — nothing is called here; the signed GET URL of the
     * gateway is where the phone's browser goes (pageExecute signs it with the app key).
     */
    async createH5(trade: CreateH5Trade) {
      const payUrl = sdk.pageExecute('alipay.trade.wap.pay', 'GET', {
        notifyUrl: config.notifyUrl,
        returnUrl: trade.returnUrl,
        bizContent: {
          out_trade_no: trade.orderNo,
          total_amount: formatFen(trade.amountFen),
          subject: trade.title.slice(0, 256),
          product_code: 'QUICK_WAP_WAY',
          quit_url: trade.returnUrl,
          timeout_express: `${trade.expiresInMinutes}m`,
        },
      });
      return { payUrl };
    },
    async query(orderNo: string): Promise<ProviderTrade> {
      const a = await exec('alipay.trade.query', { bizContent: { out_trade_no: orderNo } });
      if (a.code !== '10000') {
        if (a.sub_code === 'ACQ.TRADE_NOT_EXIST') return { orderNo, state: 'missing' };
        throw failed('alipay.trade.query', a);
      }
      const paidFen = a.total_amount ? parseYuan(a.total_amount) : undefined;
      return {
        orderNo,
        state: stateOf(a.trade_status),
        ...(paidFen !== undefined && { paidFen }),
        ...(a.trade_no && { providerTradeNo: a.trade_no }),
        ...(fromBeijing(a.send_pay_date) && { paidAt: fromBeijing(a.send_pay_date) }),
      };
    },
    async close(orderNo: string) {
      const a = await exec('alipay.trade.close', { bizContent: { out_trade_no: orderNo } });
      // Never scanned: Alipay has no trade to close, and nobody can pay it any more.
      if (a.code !== '10000' && a.sub_code !== 'ACQ.TRADE_NOT_EXIST')
        throw failed('alipay.trade.close', a);
    },
    async refund(request: RefundRequest) {
      const a = await exec('alipay.trade.refund', {
        bizContent: {
          out_trade_no: request.orderNo,
          refund_amount: formatFen(request.refundFen),
          out_request_no: request.refundNo,
          refund_reason: request.reason.slice(0, 256),
        },
      });
      if (a.code !== '10000') throw failed('alipay.trade.refund', a);
    },
    async verifyNotify(notify: RawNotify): Promise<ProviderTrade> {
      const params = Object.fromEntries(new URLSearchParams(notify.body));
      let ok = false;
      try {
        ok = sdk.checkNotifySignV2(params);
      } catch {
        ok = false;
      }
      if (!ok) throw new NotifyRejected('bad signature');
      if (!params.out_trade_no) throw new NotifyRejected('no out_trade_no');
      const paidFen = params.total_amount ? parseYuan(params.total_amount) : undefined;
      return {
        orderNo: params.out_trade_no,
        state: stateOf(params.trade_status),
        ...(paidFen !== undefined && { paidFen }),
        ...(params.trade_no && { providerTradeNo: params.trade_no }),
        ...(fromBeijing(params.gmt_payment) && { paidAt: fromBeijing(params.gmt_payment) }),
        merchantId: params.app_id ?? '',
      };
    },
  };
};
