import {
  adminOrderDetailSchema,
  adminOrderPageSchema,
  adminProductPageSchema,
  adminProductSchema,
  adminRefundOutcomeSchema,
  reconcileReportSchema,
  settleResultSchema,
  type AdminProductCreate,
  type AdminProductUpdate,
} from '@huijing/contracts';
import { queryOptions } from '@tanstack/react-query';
import { api } from '../../../lib/request';
import { adminOpts, cleanQuery, type ConsoleQuery, listQuery, unwrap } from './admin.api';

// Orders, refunds, reconciliation and products of the console.

const enc = encodeURIComponent;

export const ordersApi = {
  orders: (q: ConsoleQuery) =>
    unwrap(
      api.get('/user/manage/page/order', {
        ...adminOpts(),
        query: cleanQuery(q),
        schema: adminOrderPageSchema,
      }),
    ),
  order: (orderNo: string) =>
    unwrap(
      api.get(`/user/manage/order/${enc(orderNo)}`, {
        ...adminOpts(),
        schema: adminOrderDetailSchema,
      }),
    ),
  refund: (orderNo: string, reason: string) =>
    unwrap(
      api.post(`/user/manage/order/${enc(orderNo)}/refund`, {
        ...adminOpts(),
        body: { reason },
        schema: adminRefundOutcomeSchema,
      }),
    ),
  reconcile: (q: ConsoleQuery) =>
    unwrap(
      api.get('/user/manage/reconcile', {
        ...adminOpts(),
        query: cleanQuery(q),
        schema: reconcileReportSchema,
      }),
    ),
  settle: (orderNo: string, reason: string) =>
    unwrap(
      api.post(`/user/manage/order/${enc(orderNo)}/settle`, {
        ...adminOpts(),
        body: { reason },
        schema: settleResultSchema,
      }),
    ),
  products: (q: ConsoleQuery) =>
    unwrap(
      api.get('/user/manage/page/product', {
        ...adminOpts(),
        query: cleanQuery(q),
        schema: adminProductPageSchema,
      }),
    ),
  createProduct: (body: AdminProductCreate) =>
    unwrap(api.post('/user/manage/product', { ...adminOpts(), body, schema: adminProductSchema })),
  updateProduct: (id: string, body: AdminProductUpdate) =>
    unwrap(
      api.post(`/user/manage/product/${enc(id)}`, {
        ...adminOpts(),
        body,
        schema: adminProductSchema,
      }),
    ),
};

export const ordersKeys = {
  all: ['admin-console', 'money'] as const,
  orders: (q: ConsoleQuery) => ['admin-console', 'money', 'orders', q] as const,
  order: (no: string) => ['admin-console', 'money', 'order', no] as const,
  reconcile: (q: ConsoleQuery) => ['admin-console', 'money', 'reconcile', q] as const,
  products: (q: ConsoleQuery) => ['admin-console', 'money', 'products', q] as const,
};

export const ordersQuery = (q: ConsoleQuery) =>
  listQuery(ordersKeys.orders(q), () => ordersApi.orders(q));
export const orderDetailQuery = (no: string) =>
  queryOptions({
    queryKey: ordersKeys.order(no),
    queryFn: () => ordersApi.order(no),
    retry: false,
  });
export const reconcileQuery = (q: ConsoleQuery) =>
  listQuery(ordersKeys.reconcile(q), () => ordersApi.reconcile(q));
export const productsQuery = (q: ConsoleQuery) =>
  listQuery(ordersKeys.products(q), () => ordersApi.products(q));
