import { z } from 'zod';
import { userTextSchema } from './security';
import { isoDateSchema, pageQuerySchema, pageSchema } from './common';

/**
 * Commerce: the catalogue, orders, VIP and the 250513 activity. Money is integer fen
 * everywhere; yuan appear only on screen (formatFen) and in Alipay's total_amount.
 */
export const productKinds = ['tickets', 'vip', 'custom', 'activity'] as const;
export type ProductKind = (typeof productKinds)[number];
export const orderStatuses = ['pending', 'paid', 'closed', 'refunded'] as const;
export type OrderStatus = (typeof orderStatuses)[number];
export const payChannels = ['wechat', 'alipay', 'sandbox'] as const;
export type PayChannel = (typeof payChannels)[number];

/** Ticket grants per ticket type ("1".."4" → count). */
export const ticketGrantsSchema = z.partialRecord(z.enum(['1', '2', '3', '4']), z.number().int());
export type TicketGrants = z.infer<typeof ticketGrantsSchema>;

/** What /dingzhi sells: a unit price per ticket type, volume discounts, an online ceiling. */
export const customPricingSchema = z.object({
  unitFen: ticketGrantsSchema,
  /** Ascending by minFen: at or above minFen (list price) the whole order costs percent %. */
  tiers: z.array(z.object({ minFen: z.number().int(), percent: z.number().int() })),
  /** Above this list price the page offers the enterprise contact form instead. */
  maxFen: z.number().int(),
  /** Per ticket type, at most this many in one order. */
  maxPerType: z.number().int(),
});
export type CustomPricing = z.infer<typeof customPricingSchema>;

export const productSchema = z.object({
  id: z.string(),
  kind: z.enum(productKinds),
  name: z.string(),
  description: z.string(),
  priceFen: z.number().int(),
  originalPriceFen: z.number().int().optional(),
  tickets: ticketGrantsSchema.optional(),
  vipDays: z.number().int().optional(),
  vipTier: z.enum(['vip', 'svip']).optional(),
  stock: z.number().int().optional(),
  perUserLimit: z.number().int().optional(),
  startsAt: isoDateSchema.optional(),
  endsAt: isoDateSchema.optional(),
  custom: customPricingSchema.optional(),
  onSale: z.boolean(),
});
export type Product = z.infer<typeof productSchema>;
export const productListSchema = z.array(productSchema);

/** Which channels this server offers: a real provider, the sandbox, or none. */
export const payChannelsSchema = z.object({
  wechat: z.enum(['live', 'sandbox', 'off']),
  alipay: z.enum(['live', 'sandbox', 'off']),
  /** Channels that can pay inside a phone's browser (WeChat Pay H5, Alipay wap pay). */
  h5: z.object({ wechat: z.boolean(), alipay: z.boolean() }).optional(),
});
export type PayChannels = z.infer<typeof payChannelsSchema>;

/** "1:200,4:10" — the quantities a /dingzhi buyer picked. */
const customQuantitiesSchema = z
  .string()
  .regex(/^[1-4]:\d{1,6}(,[1-4]:\d{1,6}){0,3}$/, { message: '请选择要购买的次数' })
  .transform((v) => {
    const out: TicketGrants = {};
    for (const pair of v.split(',')) {
      const [type, count] = pair.split(':') as ['1' | '2' | '3' | '4', string];
      out[type] = (out[type] ?? 0) + Number(count);
    }
    return out;
  });

export const createOrderQuerySchema = z.object({
  productId: z.string().min(1, { message: '请选择要购买的商品' }).max(64),
  /** Custom purchases only: quantities per ticket type. */
  quantities: customQuantitiesSchema.optional(),
});
export type CreateOrderQuery = z.infer<typeof createOrderQuerySchema>;

/** GET /api/order/createH5Order: the same purchase, paid in the phone's browser. */
export const createH5OrderQuerySchema = createOrderQuerySchema.extend({
  channel: z.enum(['wechat', 'alipay'], { message: '请选择支付方式' }),
});
export const createH5OrderSchema = z.object({
  orderNo: z.string(),
  /** Where the phone's browser goes: WeChat Pay's h5_url or Alipay's wap cashier. */
  payUrl: z.string(),
  amountFen: z.number().int(),
  expiresAt: isoDateSchema,
});

export const createWechatOrderSchema = z.object({
  orderNo: z.string(),
  codeUrl: z.string(),
  amountFen: z.number().int(),
  expiresAt: isoDateSchema,
  sandbox: z.boolean(),
});
export const createAlipayOrderSchema = z.object({
  orderNo: z.string(),
  qrCode: z.string(),
  amountFen: z.number().int(),
  expiresAt: isoDateSchema,
  sandbox: z.boolean(),
});

export const orderNoQuerySchema = z.object({
  orderNo: z.string().regex(/^[A-Za-z0-9_-]{6,32}$/, { message: '订单号格式不正确' }),
});

export const orderStatusSchema = z.object({
  orderNo: z.string(),
  status: z.enum(orderStatuses),
  productId: z.string(),
  amountFen: z.number().int(),
  channel: z.enum(payChannels),
  paidAt: isoDateSchema.optional(),
});
export type OrderStatusInfo = z.infer<typeof orderStatusSchema>;

/** A buyer may ask for a refund within this many days of paying (docs/payments.md). */
export const REFUND_REQUEST_DAYS = 7;

export const orderItemSchema = orderStatusSchema.extend({
  kind: z.enum(productKinds),
  title: z.string(),
  tickets: ticketGrantsSchema,
  vipDays: z.number().int().optional(),
  createdAt: isoDateSchema,
  expiresAt: isoDateSchema,
  refundedAt: isoDateSchema.optional(),
  /** While a pending order can still be paid (继续支付): its QR content, or its H5 page. */
  payUrl: z.string().optional(),
  /** How payUrl is used: shown as a QR, or opened in the phone's browser (H5). */
  payMode: z.enum(['qr', 'h5']).optional(),
  /** Which app scans payUrl's QR (微信 or 支付宝; a sandbox order remembers the buyer's pick). */
  scanWith: z.enum(['wechat', 'alipay']).optional(),
  /** When the buyer asked for a refund (申请退款); an admin decides. */
  refundRequestedAt: isoDateSchema.optional(),
  /** True while 申请退款 is open: paid, within REFUND_REQUEST_DAYS, not asked yet. */
  refundable: z.boolean().optional(),
});
export type OrderItem = z.infer<typeof orderItemSchema>;

export const refundRequestBodySchema = z.object({
  orderNo: z.string().trim().min(1).max(64),
  reason: z
    .string()
    .trim()
    .min(1, { message: '请填写退款原因' })
    .max(200, { message: '退款原因最多 200 字' }),
});
export const orderPageQuerySchema = pageQuerySchema;
export const orderPageSchema = pageSchema(orderItemSchema);

export const activityStockSchema = z.object({
  stock: z.number().int(),
  endsAt: isoDateSchema.nullable(),
  startsAt: isoDateSchema.nullable(),
  productId: z.string().nullable(),
});
export type ActivityStock = z.infer<typeof activityStockSchema>;

/** The enterprise contact form beyond /dingzhi's largest tier. */
export const enterpriseLeadBodySchema = z.object({
  company: userTextSchema(100, { label: '公司名称', min: 1, tooShort: '请填写公司名称' }),
  contact: userTextSchema(50, { label: '联系人', min: 1, tooShort: '请填写联系人' }),
  phone: z
    .string()
    .trim()
    .regex(/^[0-9+\- ]{6,20}$/, { message: '请填写正确的联系电话' }),
  seats: z.coerce.number().int().min(1).max(100000).optional(),
  note: userTextSchema(500, { label: '备注', multiline: true }).optional(),
});

// --- admin

export const refundBodySchema = z.object({
  reason: userTextSchema(200, {
    label: '退款原因',
    min: 1,
    multiline: true,
    tooShort: '请填写退款原因',
  }),
});
export const refundResultSchema = z.object({
  orderNo: z.string(),
  refundNo: z.string(),
  refundFen: z.number().int(),
  ticketsTaken: ticketGrantsSchema,
  vipDaysTaken: z.number().int(),
  /** What the admin should know: part already spent, refunded in proportion (docs/payments.md). */
  note: z.string(),
  /** True when this call found the refund already done and changed nothing. */
  repeated: z.boolean(),
});
export type RefundResult = z.infer<typeof refundResultSchema>;

/** List price and price after the volume discount of a custom purchase, in fen. */
export const customPrice = (pricing: CustomPricing, quantities: TicketGrants) => {
  let listFen = 0;
  for (const [type, count] of Object.entries(quantities) as [keyof TicketGrants, number][]) {
    listFen += (pricing.unitFen[type] ?? 0) * count;
  }
  const tier = [...pricing.tiers].reverse().find((t) => listFen >= t.minFen);
  const percent = tier?.percent ?? 100;
  return { listFen, priceFen: Math.round((listFen * percent) / 100), percent };
};

/** 9900 → "99.00" (Alipay's total_amount and every price on screen). */
export const formatFen = (fen: number): string => {
  const sign = fen < 0 ? '-' : '';
  const abs = Math.abs(Math.trunc(fen));
  return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
};

/** "99.00" → 9900; undefined for anything that is not a plain non-negative yuan amount. */
export const parseYuan = (yuan: string): number | undefined => {
  const m = /^(\d{1,10})(?:\.(\d{1,2}))?$/.exec(yuan.trim());
  if (!m) return undefined;
  return Number(m[1]) * 100 + Number((m[2] ?? '').padEnd(2, '0'));
};
