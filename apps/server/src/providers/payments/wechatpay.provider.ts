import { Aes, Formatter, Rsa, Wechatpay } from 'wechatpay-axios-plugin';
import type { WechatPayConfig } from '../../modules/orders/orders.config';
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

/** Allowed clock skew of a notify's Wechatpay-Timestamp (WeChat Pay's own rule: 5 minutes). */
export const WECHATPAY_MAX_SKEW_SECONDS = 300;

type Transaction = {
  appid?: string;
  mchid?: string;
  out_trade_no?: string;
  transaction_id?: string;
  trade_state?: string;
  success_time?: string;
  amount?: { total?: number; payer_total?: number; currency?: string };
};

const stateOf = (tradeState: string | undefined): ProviderTradeState => {
  switch (tradeState) {
    case 'SUCCESS':
      return 'paid';
    case 'NOTPAY':
    case 'USERPAYING':
      return 'pending';
    case 'REFUND':
      return 'refunded';
    case 'CLOSED':
    case 'REVOKED':
    case 'PAYERROR':
      return 'closed';
    default:
      return 'pending';
  }
};

const header = (headers: RawNotify['headers'], name: string): string | undefined => {
  const v = headers[name.toLowerCase()];
  return Array.isArray(v) ? v[0] : v;
};

type AxiosLike = { response?: { status?: number; data?: { code?: string; message?: string } } };
const errorCode = (err: unknown) => (err as AxiosLike).response?.data?.code;

/** "2026-03-02T16:15:00+08:00": WeChat Pay's time_expire is RFC 3339 in Beijing time. */
const rfc3339Beijing = (at: Date) =>
  `${new Date(at.getTime() + 8 * 3_600_000).toISOString().slice(0, 19)}+08:00`;

/**
 * WeChat Pay APIv3, Native (QR) payments, in public-key mode, through wechatpay-axios-plugin: it
 * signs every request with the merchant key and verifies every answer's Wechatpay-Signature with
 * the WeChat Pay public key (a 2xx that does not verify is refused as forged). Notifies are
 * checked here with the plugin's Rsa and Formatter, then decrypted with AES-256-GCM, whose auth
 * tag must match (`final()`), so a tampered resource is refused too. Protocol timestamps are
 * compared with the wall clock, as the provider's are.
 */
export const createWechatPayProvider = (config: WechatPayConfig): PaymentProvider => {
  const wxpay = new Wechatpay({
    mchid: config.mchid,
    serial: config.merchantSerial,
    privateKey: config.merchantPrivateKey,
    certs: { [config.publicKeyId]: config.publicKey },
    baseURL: config.baseUrl.endsWith('/') ? config.baseUrl : `${config.baseUrl}/`,
    timeout: 10_000,
  });
  const client = (
    wxpay as unknown as {
      client: {
        request: (
          path: string,
          method: string,
          data?: unknown,
          config?: Record<string, unknown>,
        ) => Promise<{ status: number; data: unknown }>;
      };
    }
  ).client;
  const publicKey = Rsa.from(config.publicKey, 'public');
  const call = async (
    path: string,
    method: string,
    data?: unknown,
    extra?: Record<string, unknown>,
  ) => {
    try {
      return await client.request(path, method, data, extra);
    } catch (err) {
      const code = errorCode(err);
      throw Object.assign(
        new ProviderError(`WeChat Pay ${method} ${path}: ${code ?? (err as Error).message}`, {
          cause: err,
        }),
        { code },
      );
    }
  };

  const tradeOf = (t: Transaction): ProviderTrade => ({
    orderNo: t.out_trade_no ?? '',
    state: stateOf(t.trade_state),
    ...(t.amount?.total !== undefined && { paidFen: t.amount.total }),
    ...(t.transaction_id && { providerTradeNo: t.transaction_id }),
    ...(t.success_time && { paidAt: new Date(t.success_time).toISOString() }),
    // mchid and appid both have to be ours.
    merchantId: `${t.mchid ?? ''}/${t.appid ?? ''}`,
    // Absent is not CNY: settlement refuses anything but an explicit CNY.
    currency: t.amount?.currency ?? '',
  });

  return {
    channel: 'wechat',
    merchantId: `${config.mchid}/${config.appid}`,
    paymentEvent: 'TRANSACTION.SUCCESS',
    async create(trade: CreateTrade) {
      const { data } = await call('v3/pay/transactions/native', 'post', {
        appid: config.appid,
        mchid: config.mchid,
        description: trade.title.slice(0, 127),
        out_trade_no: trade.orderNo,
        time_expire: rfc3339Beijing(trade.expiresAt),
        notify_url: config.notifyUrl,
        amount: { total: trade.amountFen, currency: 'CNY' },
      });
      const codeUrl = (data as { code_url?: string }).code_url;
      if (!codeUrl) throw new ProviderError('WeChat Pay answered without code_url');
      return { payUrl: codeUrl };
    },
    /** H5 (/v3/pay/transactions/h5): h5_url, with redirect_url appended as the docs say. */
    async createH5(trade: CreateH5Trade) {
      const { data } = await call('v3/pay/transactions/h5', 'post', {
        appid: config.appid,
        mchid: config.mchid,
        description: trade.title.slice(0, 127),
        out_trade_no: trade.orderNo,
        time_expire: rfc3339Beijing(trade.expiresAt),
        notify_url: config.notifyUrl,
        amount: { total: trade.amountFen, currency: 'CNY' },
        scene_info: { payer_client_ip: trade.clientIp, h5_info: { type: 'Wap' } },
      });
      const h5Url = (data as { h5_url?: string }).h5_url;
      if (!h5Url) throw new ProviderError('WeChat Pay answered without h5_url');
      return { payUrl: `${h5Url}&redirect_url=${encodeURIComponent(trade.returnUrl)}` };
    },
    async query(orderNo: string) {
      try {
        const { data } = await call(
          'v3/pay/transactions/out-trade-no/{out_trade_no}',
          'get',
          undefined,
          {
            out_trade_no: orderNo,
            params: { mchid: config.mchid },
          },
        );
        const trade = tradeOf(data as Transaction);
        // A query is asked with our own credentials and its answer is signed: the merchant is ours.
        return { ...trade, orderNo, merchantId: undefined };
      } catch (err) {
        if ((err as { code?: string }).code === 'ORDER_NOT_EXIST')
          return { orderNo, state: 'missing' };
        throw err;
      }
    },
    async close(orderNo: string) {
      try {
        await call(
          'v3/pay/transactions/out-trade-no/{out_trade_no}/close',
          'post',
          { mchid: config.mchid },
          {
            out_trade_no: orderNo,
          },
        );
      } catch (err) {
        if ((err as { code?: string }).code === 'ORDER_NOT_EXIST') return;
        throw err;
      }
    },
    async refund(request: RefundRequest) {
      await call('v3/refund/domestic/refunds', 'post', {
        out_trade_no: request.orderNo,
        out_refund_no: request.refundNo,
        reason: request.reason.slice(0, 80),
        amount: { refund: request.refundFen, total: request.totalFen, currency: 'CNY' },
      });
    },
    async verifyNotify(notify: RawNotify) {
      const timestamp = header(notify.headers, 'Wechatpay-Timestamp');
      const nonce = header(notify.headers, 'Wechatpay-Nonce');
      const serial = header(notify.headers, 'Wechatpay-Serial');
      const signature = header(notify.headers, 'Wechatpay-Signature');
      if (!timestamp || !nonce || !serial || !signature)
        throw new NotifyRejected('missing headers');
      if (serial !== config.publicKeyId) throw new NotifyRejected(`unknown serial ${serial}`);
      const skew = Math.abs(Math.floor(Date.now() / 1000) - Number(timestamp));
      if (!Number.isFinite(skew) || skew > WECHATPAY_MAX_SKEW_SECONDS) {
        throw new NotifyRejected('stale timestamp');
      }
      let verified = false;
      try {
        verified = Rsa.verify(
          Formatter.response(timestamp, nonce, notify.body),
          signature,
          publicKey,
        );
      } catch {
        verified = false;
      }
      if (!verified) throw new NotifyRejected('bad signature');
      let plain: Transaction;
      let event: string | undefined;
      try {
        const body = JSON.parse(notify.body) as {
          event_type?: string;
          resource?: {
            algorithm?: string;
            ciphertext: string;
            nonce: string;
            associated_data?: string;
          };
        };
        event = body.event_type;
        if (body.resource?.algorithm !== 'AEAD_AES_256_GCM') throw new Error('algorithm');
        plain = JSON.parse(
          Aes.AesGcm.decrypt(
            body.resource.ciphertext,
            config.apiV3Key,
            body.resource.nonce,
            body.resource.associated_data ?? '',
          ),
        ) as Transaction;
      } catch {
        throw new NotifyRejected('undecryptable resource');
      }
      if (!plain.out_trade_no) throw new NotifyRejected('no out_trade_no');
      return { ...tradeOf(plain), event: event ?? '' };
    },
  };
};
