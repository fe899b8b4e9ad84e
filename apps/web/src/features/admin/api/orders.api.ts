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
import { adminHeaders } from '../../../lib/admin-session';
import { api } from '../../../lib/request';
import { unwrap } from './admin.api';

// Orders, refunds, reconciliation and products of the console (issue 16).

const opts = () => ({ headers: adminHeaders(), silent: true });
type Query = Record<string, string | number | undefined>;
const clean = (q: Query) =>
  Object.fromEntries(Object.entries(q).filter(([, v]) => v !== undefined && v !== ''));
const enc = encodeURIComponent;

export const ordersApi = {
  orders: (q: Query) =>
    unwrap(
      api.get('/user/manage/page/order', {
        ...opts(),
        query: clean(q),
        schema: adminOrderPageSchema,
      }),
    ),
  order: (orderNo: string) =>
    unwrap(
      api.get(`/user/manage/order/${enc(orderNo)}`, { ...opts(), schema: adminOrderDetailSchema }),
    ),
  refund: (orderNo: string, reason: string) =>
    unwrap(
      api.post(`/user/manage/order/${enc(orderNo)}/refund`, {
        ...opts(),
        body: { reason },
        schema: adminRefundOutcomeSchema,
      }),
    ),
  reconcile: (q: Query) =>
    unwrap(
      api.get('/user/manage/reconcile', {
        ...opts(),
        query: clean(q),
        schema: reconcileReportSchema,
      }),
    ),
  settle: (orderNo: string, reason: string) =>
    unwrap(
      api.post(`/user/manage/order/${enc(orderNo)}/settle`, {
        ...opts(),
        body: { reason },
        schema: settleResultSchema,
      }),
    ),
  products: (q: Query) =>
    unwrap(
      api.get('/user/manage/page/product', {
        ...opts(),
        query: clean(q),
        schema: adminProductPageSchema,
      }),
    ),
  createProduct: (body: AdminProductCreate) =>
    unwrap(api.post('/user/manage/product', { ...opts(), body, schema: adminProductSchema })),
  updateProduct: (id: string, body: AdminProductUpdate) =>
    unwrap(
      api.post(`/user/manage/product/${enc(id)}`, { ...opts(), body, schema: adminProductSchema }),
    ),
};

export const ordersKeys = {
  all: ['admin-console', 'money'] as const,
  orders: (q: Query) => ['admin-console', 'money', 'orders', q] as const,
  order: (no: string) => ['admin-console', 'money', 'order', no] as const,
  reconcile: (q: Query) => ['admin-console', 'money', 'reconcile', q] as const,
  products: (q: Query) => ['admin-console', 'money', 'products', q] as const,
};

const keep = { retry: false, placeholderData: <T>(previous: T | undefined) => previous } as const;

export const ordersQuery = (q: Query) =>
  queryOptions({ queryKey: ordersKeys.orders(q), queryFn: () => ordersApi.orders(q), ...keep });
export const orderDetailQuery = (no: string) =>
  queryOptions({
    queryKey: ordersKeys.order(no),
    queryFn: () => ordersApi.order(no),
    retry: false,
  });
export const reconcileQuery = (q: Query) =>
  queryOptions({
    queryKey: ordersKeys.reconcile(q),
    queryFn: () => ordersApi.reconcile(q),
    ...keep,
  });
export const productsQuery = (q: Query) =>
  queryOptions({
    queryKey: ordersKeys.products(q),
    queryFn: () => ordersApi.products(q),
    ...keep,
  });
