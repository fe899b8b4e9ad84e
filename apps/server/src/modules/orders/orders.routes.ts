import {
  activityStockSchema,
  createAlipayOrderSchema,
  createH5OrderQuerySchema,
  createH5OrderSchema,
  createOrderQuerySchema,
  createWechatOrderSchema,
  enterpriseLeadBodySchema,
  envelopeSchema,
  ok,
  orderNoQuerySchema,
  orderPageQuerySchema,
  orderPageSchema,
  orderStatusSchema,
  payChannelsSchema,
  orderItemSchema,
  productListSchema,
  refundRequestBodySchema,
} from '@huijing/contracts';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { RateLimits } from '../../http/rate-limit';
import { userOf } from '../auth/authenticate';
import type { AuthGuards } from '../auth/authenticate';
import type { OrdersService } from './orders.service';

/** Orders one user may open per minute, over all channels (each one is a provider call). */
export const ORDER_CREATES_PER_MINUTE = 10;
/** Enterprise contact forms per signed-in user or, for guests, per address and minute. */
export const ENTERPRISE_CONTACTS_PER_MINUTE = 5;

/**
 * /api/order/* (spec §7: GET with a query, kept so) and the public activity stock. Reads of an
 * order answer only its owner; anyone else gets 404, as for an order that does not exist.
 */
export const ordersRoutes: FastifyPluginAsyncZod<{
  orders: OrdersService;
  guards: AuthGuards;
  rateLimits: RateLimits;
  saveLead: (
    userId: string | null,
    lead: z.infer<typeof enterpriseLeadBodySchema>,
  ) => Promise<void>;
}> = async (app, { orders, guards, rateLimits, saveLead }) => {
  const { requireUser } = guards;
  // Counted in Redis across API processes (in this process without Redis).
  const perBuyer = rateLimits.perKey(
    'order-create',
    ORDER_CREATES_PER_MINUTE,
    'ORDER_TOO_FREQUENT',
  );
  const perSender = rateLimits.perKey(
    'enterprise-contact',
    ENTERPRISE_CONTACTS_PER_MINUTE,
    'ENTERPRISE_CONTACT_TOO_FREQUENT',
  );
  const buyer = async (request: FastifyRequest) => {
    const { userId } = userOf(request);
    await perBuyer(userId);
    return userId;
  };
  app.get(
    '/order/products',
    { schema: { response: { 200: envelopeSchema(productListSchema) } } },
    async () => ok(await orders.products()),
  );
  app.get(
    '/order/channels',
    { schema: { response: { 200: envelopeSchema(payChannelsSchema) } } },
    async () => ok(orders.channels()),
  );
  app.get(
    '/order/createOrder',
    {
      onRequest: requireUser,
      schema: {
        querystring: createOrderQuerySchema,
        response: { 200: envelopeSchema(createWechatOrderSchema) },
      },
    },
    async (request) => {
      const { productId, quantities } = request.query;
      const r = await orders.createWechat(await buyer(request), productId, quantities);
      return ok({
        orderNo: r.orderNo,
        codeUrl: r.payUrl,
        amountFen: r.amountFen,
        expiresAt: r.expiresAt,
        sandbox: r.sandbox,
      });
    },
  );
  app.get(
    '/order/createAliPayOrder',
    {
      onRequest: requireUser,
      schema: {
        querystring: createOrderQuerySchema,
        response: { 200: envelopeSchema(createAlipayOrderSchema) },
      },
    },
    async (request) => {
      const { productId, quantities } = request.query;
      const r = await orders.createAlipay(await buyer(request), productId, quantities);
      return ok({
        orderNo: r.orderNo,
        qrCode: r.payUrl,
        amountFen: r.amountFen,
        expiresAt: r.expiresAt,
        sandbox: r.sandbox,
      });
    },
  );
  app.get(
    '/order/createH5Order',
    {
      onRequest: requireUser,
      schema: {
        querystring: createH5OrderQuerySchema,
        response: { 200: envelopeSchema(createH5OrderSchema) },
      },
    },
    async (request) => {
      const { productId, quantities, channel } = request.query;
      const r = await orders.createH5(
        await buyer(request),
        channel,
        request.ip,
        productId,
        quantities,
      );
      return ok({
        orderNo: r.orderNo,
        payUrl: r.payUrl,
        amountFen: r.amountFen,
        expiresAt: r.expiresAt,
      });
    },
  );
  app.get(
    '/order/checkOrder',
    {
      onRequest: requireUser,
      schema: {
        querystring: orderNoQuerySchema,
        response: { 200: envelopeSchema(orderStatusSchema) },
      },
    },
    async (request) => ok(await orders.check(userOf(request).userId, request.query.orderNo)),
  );
  app.get(
    '/order/completeOrder',
    {
      onRequest: requireUser,
      schema: {
        querystring: orderNoQuerySchema,
        response: { 200: envelopeSchema(orderStatusSchema) },
      },
    },
    async (request) => ok(await orders.complete(userOf(request).userId, request.query.orderNo)),
  );
  app.get(
    '/order/page',
    {
      onRequest: requireUser,
      schema: {
        querystring: orderPageQuerySchema,
        response: { 200: envelopeSchema(orderPageSchema) },
      },
    },
    async (request) =>
      ok(await orders.page(userOf(request).userId, request.query.page, request.query.pageSize)),
  );
  app.post(
    '/order/refundRequest',
    {
      onRequest: requireUser,
      schema: { body: refundRequestBodySchema, response: { 200: envelopeSchema(orderItemSchema) } },
    },
    async (request) =>
      ok(
        await orders.requestRefund(
          userOf(request).userId,
          request.body.orderNo,
          request.body.reason,
        ),
        '退款申请已提交，我们会在 1–3 个工作日内处理',
      ),
  );
  app.post(
    '/order/enterpriseContact',
    {
      schema: {
        body: enterpriseLeadBodySchema,
        response: { 200: envelopeSchema(z.null()) },
      },
    },
    async (request) => {
      // Signed in or not: the form is also for a buyer's colleague without an account.
      await guards.requireUser(request).catch(() => undefined);
      await perSender(request.userAuth?.userId ?? `ip:${request.ip}`);
      await saveLead(request.userAuth?.userId ?? null, request.body);
      return ok(null, '已提交，我们会在 1 个工作日内联系您');
    },
  );
  app.get(
    '/active/250513/stock',
    { schema: { response: { 200: envelopeSchema(activityStockSchema) } } },
    async () => ok(await orders.activityStock()),
  );
};
