import { createSign, createVerify, generateKeyPairSync, randomBytes } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * An Alipay OpenAPI gateway (gateway.do, RSA2) on 127.0.0.1, written from the protocol: the
 * request's parameters (common ones in the query string, biz_content in the form body) are
 * verified with the app's public key over every parameter but `sign`, sorted, `k=v&…`; each
 * answer is `{"<method>_response": {…}, "sign": …}` signed with the Alipay private key over the
 * exact JSON text of the response value. precreate, query, close and refund (idempotent per
 * out_request_no) are kept in memory; notifies are form posts signed over the sorted parameters
 * without sign and sign_type.
 */

export type AlipayTrade = {
  out_trade_no: string;
  total_amount: string;
  subject: string;
  notify_url: string;
  trade_status: 'WAIT_BUYER_PAY' | 'TRADE_SUCCESS' | 'TRADE_CLOSED';
  trade_no?: string;
  gmt_payment?: string;
  refunded: string[];
};

export type AlipayNotifyOptions = {
  forge?: boolean;
  total_amount?: string;
  app_id?: string;
};

export interface AlipayDouble {
  url: string;
  appId: string;
  /** PKCS#1 PEM, as Alipay's key tool hands it out. */
  appPrivateKey: string;
  alipayPublicKey: string;
  trades: Map<string, AlipayTrade>;
  refunds: Map<string, { out_trade_no: string; refund_amount: string }>;
  refusedRequests: number;
  /** Browsers sent to the H5 cashier (alipay.trade.wap.pay) and where they were to return. */
  wapVisits: { orderNo: string; returnUrl: string }[];
  pay(orderNo: string): AlipayTrade;
  notify(
    orderNo: string,
    options?: AlipayNotifyOptions,
  ): { headers: Record<string, string>; body: string };
  close(): Promise<void>;
}

const beijing = (at = new Date()) =>
  new Date(at.getTime() + 8 * 3_600_000).toISOString().slice(0, 19).replace('T', ' ');

export const startAlipayDouble = async (): Promise<AlipayDouble> => {
  const app = generateKeyPairSync('rsa', {
    modulusLength: 2048,
    publicKeyEncoding: { type: 'spki', format: 'pem' },
    privateKeyEncoding: { type: 'pkcs1', format: 'pem' },
  });
  const alipay = generateKeyPairSync('rsa', {
    modulusLength: 2048,
    publicKeyEncoding: { type: 'spki', format: 'pem' },
    privateKeyEncoding: { type: 'pkcs8', format: 'pem' },
  });
  const stranger = generateKeyPairSync('rsa', {
    modulusLength: 2048,
    publicKeyEncoding: { type: 'spki', format: 'pem' },
    privateKeyEncoding: { type: 'pkcs8', format: 'pem' },
  });
  const appId = '2021000000000001';
  const trades = new Map<string, AlipayTrade>();
  const refunds = new Map<string, { out_trade_no: string; refund_amount: string }>();
  let seq = 0;

  const signWith = (text: string, key: string) =>
    createSign('RSA-SHA256').update(text, 'utf8').sign(key, 'base64');
  const sortedPairs = (params: Record<string, string>, skip: string[]) =>
    Object.keys(params)
      .filter((k) => !skip.includes(k))
      .sort()
      .map((k) => `${k}=${params[k]}`)
      .join('&');

  const answer = (res: http.ServerResponse, method: string, value: Record<string, unknown>) => {
    const key = `${method.replaceAll('.', '_')}_response`;
    const inner = JSON.stringify(value);
    res.writeHead(200, { 'content-type': 'application/json;charset=utf-8' });
    res.end(`{"${key}":${inner},"sign":"${signWith(inner, alipay.privateKey)}"}`);
  };
  const ok = (extra: Record<string, unknown>) => ({ code: '10000', msg: 'Success', ...extra });
  const fail = (sub_code: string, sub_msg: string) => ({
    code: '40004',
    msg: 'Business Failed',
    sub_code,
    sub_msg,
  });

  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const url = new URL(req.url ?? '/', 'http://double');
      // Only the gateway speaks the protocol (a browser on the cashier also asks for a favicon).
      if (url.pathname !== '/gateway.do') {
        res.writeHead(404);
        res.end();
        return;
      }
      const params: Record<string, string> = {
        ...Object.fromEntries(url.searchParams),
        ...Object.fromEntries(new URLSearchParams(Buffer.concat(chunks).toString('utf8'))),
      };
      const method = params.method ?? 'unknown';
      const verified =
        params.app_id === appId &&
        params.sign_type === 'RSA2' &&
        createVerify('RSA-SHA256')
          .update(sortedPairs(params, ['sign']), 'utf8')
          .verify(app.publicKey, params.sign ?? '', 'base64');
      if (!verified) {
        double.refusedRequests += 1;
        answer(res, method, {
          code: '40002',
          msg: 'Invalid Arguments',
          sub_code: 'isv.invalid-signature',
          sub_msg: '验签出错',
        });
        return;
      }
      const biz = JSON.parse(params.biz_content ?? '{}') as Record<string, string>;
      const trade = trades.get(biz.out_trade_no ?? '');
      switch (method) {
        case 'alipay.trade.wap.pay': {
          // The buyer's browser arrives here (GET, every parameter in the query, signed like an
          // API call); Alipay shows its H5 cashier, then returns to return_url.
          if (biz.product_code !== 'QUICK_WAP_WAY' || !biz.total_amount) {
            res.writeHead(400, { 'content-type': 'text/html;charset=utf-8' });
            res.end('<p>参数错误</p>');
            return;
          }
          trades.set(
            biz.out_trade_no!,
            trade ?? {
              out_trade_no: biz.out_trade_no!,
              total_amount: biz.total_amount,
              subject: biz.subject!,
              notify_url: params.notify_url ?? '',
              trade_status: 'WAIT_BUYER_PAY',
              refunded: [],
            },
          );
          double.wapVisits.push({ orderNo: biz.out_trade_no!, returnUrl: params.return_url ?? '' });
          res.writeHead(200, { 'content-type': 'text/html;charset=utf-8' });
          res.end(
            `<!doctype html><meta charset="utf-8"><link rel="icon" href="data:,"><h1>支付宝收银台</h1><p>${biz.subject} ¥${biz.total_amount}</p>`,
          );
          return;
        }
        case 'alipay.trade.precreate': {
          if (trade && trade.total_amount !== biz.total_amount) {
            answer(res, method, fail('ACQ.CONTEXT_INCONSISTENT', '交易信息被篡改'));
            return;
          }
          trades.set(
            biz.out_trade_no!,
            trade ?? {
              out_trade_no: biz.out_trade_no!,
              total_amount: biz.total_amount!,
              subject: biz.subject!,
              notify_url: params.notify_url ?? '',
              trade_status: 'WAIT_BUYER_PAY',
              refunded: [],
            },
          );
          answer(
            res,
            method,
            ok({
              out_trade_no: biz.out_trade_no,
              qr_code: `https://qr.alipay.com/bax0${biz.out_trade_no!.slice(-8)}`,
            }),
          );
          return;
        }
        case 'alipay.trade.query': {
          if (!trade) {
            answer(res, method, fail('ACQ.TRADE_NOT_EXIST', '交易不存在'));
            return;
          }
          answer(
            res,
            method,
            ok({
              out_trade_no: trade.out_trade_no,
              trade_status: trade.trade_status,
              total_amount: trade.total_amount,
              ...(trade.trade_no && {
                trade_no: trade.trade_no,
                buyer_pay_amount: trade.total_amount,
                send_pay_date: trade.gmt_payment,
              }),
            }),
          );
          return;
        }
        case 'alipay.trade.close': {
          if (!trade) {
            answer(res, method, fail('ACQ.TRADE_NOT_EXIST', '交易不存在'));
            return;
          }
          if (trade.trade_status === 'TRADE_SUCCESS') {
            answer(res, method, fail('ACQ.TRADE_STATUS_ERROR', '交易状态不合法'));
            return;
          }
          trade.trade_status = 'TRADE_CLOSED';
          answer(res, method, ok({ out_trade_no: trade.out_trade_no }));
          return;
        }
        case 'alipay.trade.refund': {
          if (!trade || trade.trade_status !== 'TRADE_SUCCESS') {
            answer(res, method, fail('ACQ.TRADE_STATUS_ERROR', '交易状态不合法'));
            return;
          }
          const no = biz.out_request_no!;
          if (!refunds.has(no)) {
            if (Number(biz.refund_amount) > Number(trade.total_amount)) {
              answer(res, method, fail('ACQ.REFUND_AMT_NOT_EQUAL_TOTAL', '退款金额超限'));
              return;
            }
            refunds.set(no, {
              out_trade_no: trade.out_trade_no,
              refund_amount: biz.refund_amount!,
            });
            trade.refunded.push(no);
          }
          answer(
            res,
            method,
            ok({
              out_trade_no: trade.out_trade_no,
              trade_no: trade.trade_no,
              refund_fee: refunds.get(no)!.refund_amount,
              fund_change: trade.refunded.at(-1) === no ? 'Y' : 'N',
            }),
          );
          return;
        }
        default:
          answer(res, method, {
            code: '40004',
            msg: 'Business Failed',
            sub_code: 'isv.invalid-method',
          });
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  const double: AlipayDouble = {
    url: `http://127.0.0.1:${port}/gateway.do`,
    appId,
    appPrivateKey: app.privateKey,
    alipayPublicKey: alipay.publicKey,
    trades,
    refunds,
    refusedRequests: 0,
    wapVisits: [],
    pay(orderNo) {
      const t = trades.get(orderNo);
      if (!t) throw new Error(`no Alipay trade ${orderNo}`);
      t.trade_status = 'TRADE_SUCCESS';
      t.trade_no = `2026${String(++seq).padStart(24, '0')}`;
      t.gmt_payment = beijing();
      return t;
    },
    notify(orderNo, options = {}) {
      const t = trades.get(orderNo);
      if (!t) throw new Error(`no Alipay trade ${orderNo}`);
      const amount = options.total_amount ?? t.total_amount;
      const params: Record<string, string> = {
        notify_time: beijing(),
        notify_type: 'trade_status_sync',
        notify_id: `2026${randomBytes(8).toString('hex')}`,
        charset: 'utf-8',
        version: '1.0',
        app_id: options.app_id ?? appId,
        trade_no: t.trade_no ?? '',
        out_trade_no: t.out_trade_no,
        trade_status: t.trade_status,
        total_amount: amount,
        receipt_amount: amount,
        buyer_pay_amount: amount,
        subject: t.subject,
        gmt_create: beijing(),
        gmt_payment: t.gmt_payment ?? '',
      };
      params.sign = signWith(
        sortedPairs(params, ['sign', 'sign_type']),
        options.forge ? stranger.privateKey : alipay.privateKey,
      );
      params.sign_type = 'RSA2';
      return {
        headers: { 'content-type': 'application/x-www-form-urlencoded; charset=utf-8' },
        body: new URLSearchParams(params).toString(),
      };
    },
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
  return double;
};
