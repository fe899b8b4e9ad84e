import {
  envelopeSchema,
  formatFen,
  ok,
  orderNoQuerySchema,
  orderStatusSchema,
} from '@huijing/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../../http/app-error';
import type { SandboxProvider } from '../../providers/payments/sandbox.provider';
import { userOf } from '../auth/authenticate';
import type { AuthGuards } from '../auth/authenticate';
import type { OrdersService } from './orders.service';
import type { Settlement } from './settlement';

const escape = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/**
 * The sandbox payment (development only, see orders.config.ts): the QR encodes a page that says
 * what it is, and "模拟支付成功" in the recharge modal pays the whole amount here and settles
 * through the same code as a real notify.
 */
export const sandboxRoutes: FastifyPluginAsyncZod<{
  sandbox: SandboxProvider;
  orders: OrdersService;
  settlement: Settlement;
  guards: AuthGuards;
}> = async (app, { sandbox, orders, settlement, guards }) => {
  app.get(
    '/pay/sandbox/qr/:orderNo',
    { schema: { params: z.object({ orderNo: z.string().max(64) }) } },
    async (request, reply) =>
      reply
        .type('text/html; charset=utf-8')
        .send(
          `<!doctype html><meta charset="utf-8"><meta name="viewport" content="width=device-width"><title>沙箱支付</title><body style="font:16px system-ui;padding:24px"><h1>沙箱支付</h1><p>这是开发环境的模拟支付二维码（订单 ${escape(
            request.params.orderNo,
          )}），不会产生真实扣款。请回到电脑上点击“模拟支付成功”。</p></body>`,
        ),
  );
  app.post(
    '/pay/sandbox/pay',
    {
      onRequest: guards.requireUser,
      schema: {
        body: orderNoQuerySchema,
        response: { 200: envelopeSchema(orderStatusSchema) },
      },
    },
    async (request) => {
      const { userId } = userOf(request);
      const before = await orders.check(userId, request.body.orderNo);
      if (before.channel !== 'sandbox') throw new AppError('PAY_CHANNEL_OFF');
      const trade = await sandbox.pay(request.body.orderNo);
      if (trade?.state === 'paid') {
        await settlement.settle(request.body.orderNo, {
          channel: 'sandbox',
          paidFen: trade.paidFen,
          providerTradeNo: trade.providerTradeNo,
          paidAt: trade.paidAt,
          source: 'sandbox',
        });
      }
      const after = await orders.check(userId, request.body.orderNo);
      const message: Record<string, string> = {
        paid: `已模拟支付 ${formatFen(after.amountFen)} 元`,
        closed: '订单已关闭',
        refunded: '订单已退款',
      };
      return ok(after, message[after.status] ?? '订单尚未支付');
    },
  );
};
