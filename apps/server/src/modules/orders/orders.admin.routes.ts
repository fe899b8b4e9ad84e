import {
  envelopeSchema,
  ok,
  productSchema,
  productUpdateBodySchema,
  refundBodySchema,
  refundResultSchema,
} from '@huijing/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { adminOf } from '../auth/authenticate';
import type { AuthGuards } from '../auth/authenticate';
import type { AuditLog } from '../admin/audit.service';
import { requirePermission } from '../admin/permissions';
import type { RefundsService } from './refunds.service';

/**
 * /api/user/manage/order/{orderNo}/refund (orders.refund) and /api/user/manage/product/{id}
 * (products.write), checked against the one permission matrix; every call is audit-logged, a
 * refund in the same transaction as the refund itself.
 */
export const ordersAdminRoutes: FastifyPluginAsyncZod<{
  refunds: RefundsService;
  guards: AuthGuards;
  audit: AuditLog;
}> = async (app, { refunds, guards, audit }) => {
  app.post(
    '/order/:orderNo/refund',
    {
      onRequest: requirePermission(guards, 'orders.refund'),
      schema: {
        params: z.object({ orderNo: z.string().regex(/^[A-Za-z0-9_-]{6,32}$/) }),
        body: refundBodySchema,
        response: { 200: envelopeSchema(refundResultSchema) },
      },
    },
    async (request) => {
      const { adminId } = adminOf(request);
      const { orderNo } = request.params;
      const { reason } = request.body;
      const result = await refunds.refund(adminId, orderNo, reason, (trx, done) =>
        audit.recordFor(
          request,
          {
            action: 'order.refund',
            target: `order:${orderNo}`,
            before: { status: 'paid' },
            after: done,
            reason,
          },
          trx,
        ),
      );
      if (result.repeated) {
        await audit.recordFor(request, {
          action: 'order.refund.repeat',
          target: `order:${orderNo}`,
          after: result,
          reason,
        });
      }
      return ok(result, result.repeated ? '该订单已退款，未重复退款' : '已退款');
    },
  );
  app.post(
    '/product/:id',
    {
      onRequest: requirePermission(guards, 'products.write'),
      schema: {
        params: z.object({ id: z.string().min(1).max(64) }),
        body: productUpdateBodySchema,
        response: { 200: envelopeSchema(productSchema) },
      },
    },
    async (request) => {
      const { before, after } = await refunds.updateProduct(request.params.id, request.body);
      await audit.recordFor(request, {
        action: 'product.update',
        target: `product:${request.params.id}`,
        before,
        after,
      });
      const product = after;
      return ok(product, '已保存');
    },
  );
};
