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
import type { RefundsService } from './refunds.service';

/** Something that records an admin action (the admin area's audit log once it exists). */
export type AdminAudit = (entry: {
  adminId: string;
  action: string;
  target: string;
  detail: unknown;
}) => Promise<void>;

/** /api/user/manage/order/{orderNo}/refund and /api/user/manage/product/{id}: super admins only. */
export const ordersAdminRoutes: FastifyPluginAsyncZod<{
  refunds: RefundsService;
  guards: AuthGuards;
  audit: AdminAudit;
}> = async (app, { refunds, guards, audit }) => {
  const superOnly = guards.requireSuperAdmin;
  app.post(
    '/order/:orderNo/refund',
    {
      onRequest: superOnly,
      schema: {
        params: z.object({ orderNo: z.string().regex(/^[A-Za-z0-9_-]{6,32}$/) }),
        body: refundBodySchema,
        response: { 200: envelopeSchema(refundResultSchema) },
      },
    },
    async (request) => {
      const { adminId } = adminOf(request);
      const result = await refunds.refund(adminId, request.params.orderNo, request.body.reason);
      await audit({
        adminId,
        action: 'order.refund',
        target: request.params.orderNo,
        detail: { reason: request.body.reason, ...result },
      });
      return ok(result, result.repeated ? '该订单已退款，未重复退款' : '已退款');
    },
  );
  app.post(
    '/product/:id',
    {
      onRequest: superOnly,
      schema: {
        params: z.object({ id: z.string().min(1).max(64) }),
        body: productUpdateBodySchema,
        response: { 200: envelopeSchema(productSchema) },
      },
    },
    async (request) => {
      const { adminId } = adminOf(request);
      const product = await refunds.updateProduct(request.params.id, request.body);
      await audit({
        adminId,
        action: 'product.update',
        target: request.params.id,
        detail: request.body,
      });
      return ok(product, '已保存');
    },
  );
};
