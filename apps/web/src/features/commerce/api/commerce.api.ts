import {
  activityStockSchema,
  createAlipayOrderSchema,
  createH5OrderSchema,
  createWechatOrderSchema,
  orderItemSchema,
  orderPageSchema,
  orderStatusSchema,
  payChannelsSchema,
  productListSchema,
} from '@huijing/contracts';
import type { OrderStatusInfo, TicketGrants } from '@huijing/contracts';
import { queryOptions } from '@tanstack/react-query';
import { isMobileUserAgent } from '../../../lib/device';
import { api } from '../../../lib/request';

export const commerceKeys = {
  products: ['commerce', 'products'] as const,
  channels: ['commerce', 'channels'] as const,
  activity: ['commerce', 'activity'] as const,
  orders: (page: number) => ['commerce', 'orders', page] as const,
  order: (orderNo: string) => ['commerce', 'order', orderNo] as const,
};

const data = <T>(envelope: { success: boolean; data: T; message: string }): T => {
  if (!envelope.success) throw new Error(envelope.message);
  return envelope.data;
};

export const productsQuery = () =>
  queryOptions({
    queryKey: commerceKeys.products,
    queryFn: async () => data(await api.get('/order/products', { schema: productListSchema })),
    staleTime: 60_000,
  });

export const channelsQuery = () =>
  queryOptions({
    queryKey: commerceKeys.channels,
    queryFn: async () => data(await api.get('/order/channels', { schema: payChannelsSchema })),
    staleTime: 5 * 60_000,
  });

/** The 250513 activity's remaining units, refreshed while the banner is on screen. */
export const activityQuery = () =>
  queryOptions({
    queryKey: commerceKeys.activity,
    queryFn: async () =>
      data(await api.get('/active/250513/stock', { schema: activityStockSchema, silent: true })),
    refetchInterval: 15_000,
  });

export const ordersQuery = (page: number, enabled = true) =>
  queryOptions({
    queryKey: commerceKeys.orders(page),
    queryFn: async () =>
      data(
        await api.get('/order/page', { query: { page, pageSize: 10 }, schema: orderPageSchema }),
      ),
    enabled,
  });

/** checkOrder polling while a QR is shown (every 2 s). */
export const orderStatusQuery = (orderNo: string, polling: boolean) =>
  queryOptions({
    queryKey: commerceKeys.order(orderNo),
    queryFn: async () =>
      data(
        await api.get('/order/checkOrder', {
          query: { orderNo },
          schema: orderStatusSchema,
          silent: true,
        }),
      ),
    // Until the order leaves pending (or its QR's time is up).
    refetchInterval: (q) =>
      polling && (q.state.data === undefined || q.state.data.status === 'pending') ? 2_000 : false,
  });

export type PlacedOrder = {
  orderNo: string;
  payUrl: string;
  amountFen: number;
  expiresAt: string;
  sandbox: boolean;
};

const quantitiesParam = (q: TicketGrants | undefined) =>
  q
    ? Object.entries(q)
        .filter(([, n]) => (n ?? 0) > 0)
        .map(([type, n]) => `${type}:${n}`)
        .join(',')
    : undefined;

/** Places the order: WeChat Pay Native (createOrder) or Alipay precreate (createAliPayOrder). */
export const placeOrder = async (
  channel: 'wechat' | 'alipay',
  productId: string,
  quantities?: TicketGrants,
): Promise<PlacedOrder | undefined> => {
  const query = { productId, quantities: quantitiesParam(quantities) };
  if (channel === 'wechat') {
    const res = await api.get('/order/createOrder', { query, schema: createWechatOrderSchema });
    return res.success ? { ...res.data, payUrl: res.data.codeUrl } : undefined;
  }
  const res = await api.get('/order/createAliPayOrder', { query, schema: createAlipayOrderSchema });
  return res.success ? { ...res.data, payUrl: res.data.qrCode } : undefined;
};

/**
 * H5 pay on a phone (WeChat Pay H5 / Alipay wap pay): places the order and answers the provider's
 * page to send the browser to; it comes back to /personalCenter?orderNo=….
 */
export const placeH5Order = async (
  channel: 'wechat' | 'alipay',
  productId: string,
  quantities?: TicketGrants,
): Promise<string | undefined> => {
  const res = await api.get('/order/createH5Order', {
    query: { productId, channel, quantities: quantitiesParam(quantities) },
    schema: createH5OrderSchema,
  });
  return res.success ? res.data.payUrl : undefined;
};

/**
 * Whether this browser pays in place (H5) on `channel`: a phone, a channel the server offers H5
 * for, and for WeChat Pay not WeChat's own browser (H5 is refused there; it takes the QR).
 */
export const paysInBrowser = (
  channels: { h5?: { wechat: boolean; alipay: boolean } } | undefined,
  channel: 'wechat' | 'alipay',
  userAgent = typeof navigator === 'undefined' ? '' : navigator.userAgent,
) =>
  Boolean(channels?.h5?.[channel]) &&
  isMobileUserAgent(userAgent) &&
  !(channel === 'wechat' && /MicroMessenger/i.test(userAgent));

/** 我已支付: asks the provider now. */
export const completeOrder = async (orderNo: string): Promise<OrderStatusInfo | undefined> => {
  const res = await api.get('/order/completeOrder', {
    query: { orderNo },
    schema: orderStatusSchema,
  });
  return res.success ? res.data : undefined;
};

/** 申请退款 from the order history; answers the order and the server's confirmation. */
export const requestRefund = async (orderNo: string, reason: string) => {
  const res = await api.post('/order/refundRequest', {
    body: { orderNo, reason },
    schema: orderItemSchema,
  });
  return res.success ? { order: res.data, message: res.message } : undefined;
};

/** The development sandbox's 模拟支付成功. */
export const sandboxPay = async (orderNo: string): Promise<OrderStatusInfo | undefined> => {
  const res = await api.post('/pay/sandbox/pay', { body: { orderNo }, schema: orderStatusSchema });
  return res.success ? res.data : undefined;
};

export const sendEnterpriseLead = async (lead: {
  company: string;
  contact: string;
  phone: string;
  seats?: number;
  note?: string;
}) => (await api.post('/order/enterpriseContact', { body: lead })).success;
