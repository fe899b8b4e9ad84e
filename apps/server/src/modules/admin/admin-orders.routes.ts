import {
  adminOrderDetailSchema,
  adminOrderNoParamsSchema,
  adminOrderPageSchema,
  adminOrderQuerySchema,
  adminProductCreateSchema,
  adminProductPageSchema,
  adminProductQuerySchema,
  adminProductSchema,
  adminProductUpdateSchema,
  adminRefundOutcomeSchema,
  envelopeSchema,
  ok,
  reconcileQuerySchema,
  reconcileReportSchema,
  refundBodySchema,
  settleBodySchema,
  settleResultSchema,
} from '@huijing/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AuthGuards } from '../auth/authenticate';
import type { AdminOrdersService } from './admin-orders.service';
import type { AdminProductsService } from './admin-products.service';
import { requirePermission } from './permissions';
import type { AdminPermission } from './permissions';

/**
 * /api/user/manage orders, refunds, reconciliation (finance and super) and products (super),
 * present when the commerce module is installed. Every change is audit-logged by the services.
 */
export const adminOrdersRoutes: FastifyPluginAsyncZod<{
  guards: AuthGuards;
  orders: AdminOrdersService;
  products: AdminProductsService;
}> = async (app, { guards, orders, products }) => {
  const can = (permission: AdminPermission) => ({
    onRequest: requirePermission(guards, permission),
  });

  app.get(
    '/page/order',
    {
      ...can('orders.read'),
      schema: {
        querystring: adminOrderQuerySchema,
        response: { 200: envelopeSchema(adminOrderPageSchema) },
      },
    },
    async (request) => ok(await orders.page(request.query)),
  );
  app.get(
    '/order/:orderNo',
    {
      ...can('orders.read'),
      schema: {
        params: adminOrderNoParamsSchema,
        response: { 200: envelopeSchema(adminOrderDetailSchema) },
      },
    },
    async (request) => ok(await orders.detail(request.params.orderNo)),
  );
  app.post(
    '/order/:orderNo/refund',
    {
      ...can('orders.refund'),
      schema: {
        params: adminOrderNoParamsSchema,
        body: refundBodySchema,
        response: { 200: envelopeSchema(adminRefundOutcomeSchema) },
      },
    },
    async (request) => {
      const result = await orders.refund(request, request.params.orderNo, request.body.reason);
      if (result.status === 'requested')
        return ok(result, '已提交退款申请，需另一位管理员批准后退款');
      return ok(result, result.repeated ? '该订单已退款，未重复退款' : '已退款');
    },
  );
  app.get(
    '/reconcile',
    {
      ...can('orders.reconcile'),
      schema: {
        querystring: reconcileQuerySchema,
        response: { 200: envelopeSchema(reconcileReportSchema) },
      },
    },
    async (request) => ok(await orders.reconcile(request.query)),
  );
  app.post(
    '/order/:orderNo/settle',
    {
      ...can('orders.reconcile'),
      schema: {
        params: adminOrderNoParamsSchema,
        body: settleBodySchema,
        response: { 200: envelopeSchema(settleResultSchema) },
      },
    },
    async (request) => {
      const result = await orders.settle(request, request.params.orderNo, request.body.reason);
      return ok(
        result,
        result.outcome === 'settled' ? '已补单，权益已发放' : '该订单已入账，未重复发放',
      );
    },
  );

  app.get(
    '/page/product',
    {
      ...can('products.write'),
      schema: {
        querystring: adminProductQuerySchema,
        response: { 200: envelopeSchema(adminProductPageSchema) },
      },
    },
    async (request) => ok(await products.page(request.query)),
  );
  app.post(
    '/product',
    {
      ...can('products.write'),
      schema: {
        body: adminProductCreateSchema,
        response: { 200: envelopeSchema(adminProductSchema) },
      },
    },
    async (request) => ok(await products.create(request, request.body), '商品已创建'),
  );
  app.post(
    '/product/:id',
    {
      ...can('products.write'),
      schema: {
        params: z.object({ id: z.string().min(1).max(64) }),
        body: adminProductUpdateSchema,
        response: { 200: envelopeSchema(adminProductSchema) },
      },
    },
    async (request) =>
      ok(await products.update(request, request.params.id, request.body), '已保存'),
  );
};
