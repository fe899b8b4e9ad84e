import {
  createCipheriv,
  createSign,
  createVerify,
  generateKeyPairSync,
  randomBytes,
} from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A WeChat Pay APIv3 stand-in on 127.0.0.1, written from the protocol, not from the adapter:
 * every request's `Authorization: WECHATPAY2-SHA256-RSA2048 …` is verified with the merchant's
 * public key over `METHOD\npath?query\ntimestamp\nnonce\nbody\n`; every answer is signed with the
 * "WeChat Pay public key" (public-key mode, serial PUB_KEY_ID_…) over `timestamp\nnonce\nbody\n`.
 * Native orders, query, close and refunds (idempotent per out_refund_no) are kept in memory, and
 * notifies are built the real way: the transaction JSON encrypted with AES-256-GCM under the
 * APIv3 key (ciphertext ‖ 16-byte tag, base64) and signed like an answer.
 */

export type WechatTrade = {
  appid: string;
  mchid: string;
  out_trade_no: string;
  description: string;
  notify_url: string;
  total: number;
  trade_state: 'NOTPAY' | 'SUCCESS' | 'CLOSED' | 'REFUND';
  transaction_id?: string;
  success_time?: string;
  payer_total?: number;
};

export type WechatRefund = {
  out_refund_no: string;
  out_trade_no: string;
  refund: number;
  total: number;
  reason?: string;
};

export type WechatNotifyOptions = {
  /** Sign with a key that is not WeChat Pay's. */
  forge?: boolean;
  /** Seconds to move Wechatpay-Timestamp into the past. */
  ageSeconds?: number;
  /** Report this total instead of the order's (a short payment). */
  total?: number;
  /** Flip a ciphertext byte after signing the envelope anew (a tampered resource). */
  tamper?: boolean;
  mchid?: string;
  /** Report this currency instead of CNY. */
  currency?: string;
  /** Send this event_type instead of TRANSACTION.SUCCESS (e.g. REFUND.SUCCESS). */
  eventType?: string;
};

export interface WechatPayDouble {
  url: string;
  mchid: string;
  appid: string;
  merchantSerial: string;
  merchantPrivateKey: string;
  apiV3Key: string;
  publicKeyId: string;
  publicKey: string;
  trades: Map<string, WechatTrade>;
  refunds: Map<string, WechatRefund>;
  /** Requests refused for a bad merchant signature. */
  refusedRequests: number;
  /** The scene_info each H5 order was placed with (payer IP, H5 type). */
  h5Scenes: Map<string, { payer_client_ip?: string; h5_info?: { type?: string } }>;
  /** The payer scans and pays (trade_state SUCCESS); no notify is sent by itself. */
  pay(orderNo: string): WechatTrade;
  /** A notify for a paid trade, as WeChat Pay would POST it to notify_url. */
  notify(
    orderNo: string,
    options?: WechatNotifyOptions,
  ): { headers: Record<string, string>; body: string };
  close(): Promise<void>;
}

const pem = () =>
  generateKeyPairSync('rsa', {
    modulusLength: 2048,
    publicKeyEncoding: { type: 'spki', format: 'pem' },
    privateKeyEncoding: { type: 'pkcs8', format: 'pem' },
  });

const sign = (message: string, key: string) =>
  createSign('RSA-SHA256').update(message).sign(key, 'base64');

const nonce = () => randomBytes(16).toString('hex');

export const startWechatPayDouble = async (): Promise<WechatPayDouble> => {
  const merchant = pem();
  const platform = pem();
  const stranger = pem();
  const mchid = '1900000109';
  const appid = 'wxd930ea5d5a258f4f';
  const merchantSerial = '5157F09EFDC096DE15EBE81A47057A7232F1B8E1';
  const publicKeyId = 'PUB_KEY_ID_0114232134912410000000000000';
  const apiV3Key = randomBytes(16).toString('hex'); // 32 ASCII bytes
  const trades = new Map<string, WechatTrade>();
  const refunds = new Map<string, WechatRefund>();
  let seq = 0;

  const signed = (
    res: http.ServerResponse,
    status: number,
    payload: unknown,
    key = platform.privateKey,
  ) => {
    const body = payload === undefined ? '' : JSON.stringify(payload);
    const ts = String(Math.floor(Date.now() / 1000));
    const n = nonce();
    res.writeHead(status, {
      'content-type': 'application/json',
      'Wechatpay-Timestamp': ts,
      'Wechatpay-Nonce': n,
      'Wechatpay-Serial': publicKeyId,
      'Wechatpay-Signature': sign(`${ts}\n${n}\n${body}\n`, key),
      'Request-ID': `req-${++seq}`,
    });
    res.end(body);
  };

  const transactionOf = (
    t: WechatTrade,
    override: { total?: number; mchid?: string; currency?: string } = {},
  ) => ({
    appid: t.appid,
    mchid: override.mchid ?? t.mchid,
    out_trade_no: t.out_trade_no,
    trade_state: t.trade_state,
    trade_state_desc: t.trade_state === 'SUCCESS' ? '支付成功' : '未支付',
    trade_type: 'NATIVE',
    ...(t.transaction_id && { transaction_id: t.transaction_id, bank_type: 'OTHERS' }),
    ...(t.success_time && { success_time: t.success_time }),
    ...(t.trade_state === 'SUCCESS' && { payer: { openid: 'oUpF8uMuAJO_M2pxb1Q9zNjWeS6o' } }),
    amount: {
      total: override.total ?? t.total,
      currency: override.currency ?? 'CNY',
      ...(t.trade_state === 'SUCCESS' && {
        payer_total: override.total ?? t.total,
        payer_currency: 'CNY',
      }),
    },
  });

  const authorized = (req: http.IncomingMessage, path: string, body: string) => {
    const auth = req.headers.authorization ?? '';
    const m = /^WECHATPAY2-SHA256-RSA2048 (.+)$/.exec(auth);
    if (!m) return false;
    const fields = Object.fromEntries(
      [...m[1]!.matchAll(/(\w+)="([^"]*)"/g)].map((x) => [x[1], x[2]]),
    );
    if (fields.mchid !== mchid || fields.serial_no !== merchantSerial) return false;
    const message = `${req.method}\n${path}\n${fields.timestamp}\n${fields.nonce_str}\n${body}\n`;
    return createVerify('RSA-SHA256')
      .update(message)
      .verify(merchant.publicKey, fields.signature ?? '', 'base64');
  };

  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const body = Buffer.concat(chunks).toString('utf8');
      const path = req.url ?? '/';
      const url = new URL(path, 'http://double');
      if (!authorized(req, path, body)) {
        double.refusedRequests += 1;
        signed(res, 401, { code: 'SIGN_ERROR', message: '签名错误' });
        return;
      }
      const json = (body ? JSON.parse(body) : {}) as Record<string, unknown>;
      const h5 = url.pathname === '/v3/pay/transactions/h5';
      if (req.method === 'POST' && (url.pathname === '/v3/pay/transactions/native' || h5)) {
        const no = String(json.out_trade_no);
        const amount = json.amount as { total: number };
        if (json.mchid !== mchid || json.appid !== appid) {
          signed(res, 400, { code: 'PARAM_ERROR', message: 'mchid/appid 不匹配' });
          return;
        }
        // H5 needs the payer's IP and the H5 scene (scene_info.h5_info.type), as the API says.
        const scene = json.scene_info as
          { payer_client_ip?: string; h5_info?: { type?: string } } | undefined;
        if (h5 && (!scene?.payer_client_ip || !scene.h5_info?.type)) {
          signed(res, 400, { code: 'PARAM_ERROR', message: '缺少 scene_info' });
          return;
        }
        const existing = trades.get(no);
        if (existing && existing.total !== amount.total) {
          signed(res, 400, { code: 'INVALID_REQUEST', message: '201 商户订单号重复' });
          return;
        }
        trades.set(
          no,
          existing ?? {
            appid,
            mchid,
            out_trade_no: no,
            description: String(json.description),
            notify_url: String(json.notify_url),
            total: amount.total,
            trade_state: 'NOTPAY',
          },
        );
        if (h5) {
          double.h5Scenes.set(no, scene!);
          signed(res, 200, {
            h5_url: `https://wx.tenpay.com/cgi-bin/mmpayweb-bin/checkmweb?prepay_id=wx${no.slice(-12)}&package=${no.slice(-10)}`,
          });
          return;
        }
        signed(res, 200, { code_url: `weixin://wxpay/bizpayurl?pr=${no.slice(-8)}` });
        return;
      }
      const q = /^\/v3\/pay\/transactions\/out-trade-no\/([^/]+)(\/close)?$/.exec(url.pathname);
      if (q) {
        const trade = trades.get(decodeURIComponent(q[1]!));
        if (!trade) {
          signed(res, 404, { code: 'ORDER_NOT_EXIST', message: '订单不存在' });
          return;
        }
        if (req.method === 'GET' && !q[2]) {
          if (url.searchParams.get('mchid') !== mchid) {
            signed(res, 400, { code: 'PARAM_ERROR', message: 'mchid 不匹配' });
            return;
          }
          signed(res, 200, transactionOf(trade));
          return;
        }
        if (req.method === 'POST' && q[2]) {
          if (trade.trade_state === 'SUCCESS') {
            signed(res, 400, { code: 'ORDERPAID', message: '订单已支付' });
            return;
          }
          trade.trade_state = 'CLOSED';
          signed(res, 204, undefined);
          return;
        }
      }
      if (req.method === 'POST' && url.pathname === '/v3/refund/domestic/refunds') {
        const no = String(json.out_refund_no);
        const amount = json.amount as { refund: number; total: number };
        const trade = trades.get(String(json.out_trade_no));
        if (!trade || (trade.trade_state !== 'SUCCESS' && trade.trade_state !== 'REFUND')) {
          signed(res, 400, { code: 'INVALID_REQUEST', message: '订单未支付' });
          return;
        }
        const existing = refunds.get(no);
        if (!existing) {
          if (amount.total !== trade.total || amount.refund > trade.total) {
            signed(res, 400, { code: 'PARAM_ERROR', message: '退款金额不正确' });
            return;
          }
          refunds.set(no, {
            out_refund_no: no,
            out_trade_no: trade.out_trade_no,
            refund: amount.refund,
            total: amount.total,
            reason: json.reason as string | undefined,
          });
          trade.trade_state = 'REFUND';
        }
        const r = refunds.get(no)!;
        signed(res, 200, {
          refund_id: `50000000${no.slice(-10)}`,
          out_refund_no: no,
          out_trade_no: r.out_trade_no,
          status: 'SUCCESS',
          amount: { refund: r.refund, total: r.total, currency: 'CNY' },
        });
        return;
      }
      signed(res, 404, { code: 'NOT_FOUND', message: '接口不存在' });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  const double: WechatPayDouble = {
    url: `http://127.0.0.1:${port}/`,
    mchid,
    appid,
    merchantSerial,
    merchantPrivateKey: merchant.privateKey,
    apiV3Key,
    publicKeyId,
    publicKey: platform.publicKey,
    trades,
    refunds,
    refusedRequests: 0,
    h5Scenes: new Map(),
    pay(orderNo) {
      const t = trades.get(orderNo);
      if (!t) throw new Error(`no WeChat trade ${orderNo}`);
      t.trade_state = 'SUCCESS';
      t.transaction_id = `4200000${String(++seq).padStart(21, '0')}`;
      t.success_time = new Date().toISOString().replace(/\.\d+Z$/, '+00:00');
      return t;
    },
    notify(orderNo, options = {}) {
      const t = trades.get(orderNo);
      if (!t) throw new Error(`no WeChat trade ${orderNo}`);
      const plain = JSON.stringify(
        transactionOf(t, {
          total: options.total,
          mchid: options.mchid,
          currency: options.currency,
        }),
      );
      const iv = randomBytes(6).toString('hex'); // 12 characters, as WeChat's nonce
      const aad = 'transaction';
      const cipher = createCipheriv('aes-256-gcm', Buffer.from(apiV3Key), Buffer.from(iv));
      cipher.setAAD(Buffer.from(aad));
      const sealed = Buffer.concat([
        cipher.update(plain, 'utf8'),
        cipher.final(),
        cipher.getAuthTag(),
      ]);
      if (options.tamper) sealed[0] = (sealed[0] ?? 0) ^ 0x01;
      const body = JSON.stringify({
        id: `EV-${++seq}`,
        create_time: new Date().toISOString(),
        resource_type: 'encrypt-resource',
        event_type: options.eventType ?? 'TRANSACTION.SUCCESS',
        summary: '支付成功',
        resource: {
          original_type: 'transaction',
          algorithm: 'AEAD_AES_256_GCM',
          ciphertext: sealed.toString('base64'),
          associated_data: aad,
          nonce: iv,
        },
      });
      const ts = String(Math.floor(Date.now() / 1000) - (options.ageSeconds ?? 0));
      const n = nonce();
      return {
        headers: {
          'content-type': 'application/json',
          'wechatpay-timestamp': ts,
          'wechatpay-nonce': n,
          'wechatpay-serial': publicKeyId,
          'wechatpay-signature': sign(
            `${ts}\n${n}\n${body}\n`,
            options.forge ? stranger.privateKey : platform.privateKey,
          ),
        },
        body,
      };
    },
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
  return double;
};
