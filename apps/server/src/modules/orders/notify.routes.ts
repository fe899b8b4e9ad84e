import type { FastifyPluginAsync, FastifyReply } from 'fastify';
import type { Logger } from 'pino';
import type { PaymentProvider } from '../../providers/payments/payment-provider';
import { NotifyRejected } from '../../providers/payments/payment-provider';
import type { SettleOutcome, Settlement } from './settlement';

/**
 * The providers' notify endpoints. The body is kept as raw text (signatures cover the exact
 * bytes), verified before anything is read from it, then handed to the one settlement path.
 * WeChat Pay: 204 when done, 4xx {"code":"FAIL"} otherwise (it retries for about a day).
 * Alipay: the text `success` when done, anything else means "retry".
 */
export const notifyRoutes: FastifyPluginAsync<{
  wechat?: PaymentProvider;
  alipay?: PaymentProvider;
  settlement: Settlement;
  logger: Logger;
}> = async (app, { wechat, alipay, settlement, logger }) => {
  for (const type of ['application/json', 'application/x-www-form-urlencoded', 'text/plain']) {
    app.addContentTypeParser(type, { parseAs: 'string' }, (_req, body, done) => done(null, body));
  }
  const raw = (body: unknown) => (typeof body === 'string' ? body : '');

  const handle = async (
    provider: PaymentProvider,
    headers: Record<string, string | string[] | undefined>,
    body: string,
  ) => {
    let trade;
    try {
      trade = await provider.verifyNotify({ headers, body });
    } catch (err) {
      if (err instanceof NotifyRejected) {
        logger.warn({ channel: provider.channel, reason: err.reason }, 'payment notify refused');
        return { refused: true as const, reason: err.reason };
      }
      throw err;
    }
    if (trade.state !== 'paid') return { refused: false as const, result: undefined };
    const result: SettleOutcome = await settlement.settle(trade.orderNo, {
      channel: provider.channel,
      paidFen: trade.paidFen,
      providerTradeNo: trade.providerTradeNo,
      paidAt: trade.paidAt,
      merchantId: trade.merchantId,
      expectedMerchantId: provider.merchantId,
      currency: trade.currency,
      event: trade.event,
      expectedEvent: provider.paymentEvent,
      source: 'notify',
    });
    return { refused: false as const, result };
  };

  const wechatFail = (reply: FastifyReply, status: number, message: string) =>
    reply.code(status).type('application/json').send({ code: 'FAIL', message });

  if (wechat) {
    app.post('/pay/wechat/notify', async (request, reply) => {
      const out = await handle(wechat, request.headers, raw(request.body));
      if (out.refused) return wechatFail(reply, 401, '签名验证失败');
      if (out.result?.outcome === 'rejected') return wechatFail(reply, 400, '订单信息不符');
      return reply.code(204).send();
    });
  }
  if (alipay) {
    app.post('/pay/alipay/notify', async (request, reply) => {
      const out = await handle(alipay, request.headers, raw(request.body));
      if (out.refused || out.result?.outcome === 'rejected') {
        return reply.code(400).type('text/plain').send('fail');
      }
      return reply.code(200).type('text/plain').send('success');
    });
  }
};
