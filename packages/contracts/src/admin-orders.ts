import { z } from 'zod';
import { userTextSchema } from './security';
import { adminReasonSchema } from './admin';
import {
  orderStatuses,
  payChannels,
  productKinds,
  productSchema,
  refundResultSchema,
  ticketGrantsSchema,
} from './commerce';
import { isoDateSchema, pageSchema } from './common';

// The admin console's orders, refunds, reconciliation and products.

const pageQuery = {
  current: z.coerce.number().int().min(1).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(10),
};
/** A China day (UTC+8), YYYY-MM-DD. */
const daySchema = z
  .string()
  .trim()
  .regex(/^\d{4}-\d{2}-\d{2}$/, '日期格式应为 YYYY-MM-DD');

// ---------------------------------------------------------------- orders

export const adminOrderQuerySchema = z.object({
  ...pageQuery,
  status: z.enum(orderStatuses).optional(),
  channel: z.enum(payChannels).optional(),
  /** The buyer: user id or phone (exact). */
  user: z.string().trim().max(64).optional(),
  orderNo: z.string().trim().max(40).optional(),
  /** Created on or after this China day / on or before this one. */
  from: daySchema.optional(),
  to: daySchema.optional(),
  /** Only paid orders whose buyer asked for a refund (申请退款) that nobody has decided yet. */
  asked: z.enum(['1']).optional(),
  sortField: z.enum(['createdAt', 'amountFen', 'paidAt']).optional(),
  sortOrder: z.enum(['ascend', 'descend']).optional(),
});
export type AdminOrderQuery = z.infer<typeof adminOrderQuerySchema>;

export const adminOrderRowSchema = z.object({
  orderNo: z.string(),
  userId: z.string(),
  userPhone: z.string().nullable(),
  productId: z.string(),
  kind: z.enum(productKinds),
  title: z.string(),
  amountFen: z.number().int(),
  channel: z.enum(payChannels),
  status: z.enum(orderStatuses),
  providerTradeNo: z.string().nullable(),
  createdAt: isoDateSchema,
  paidAt: isoDateSchema.nullable(),
  closedAt: isoDateSchema.nullable(),
  closeReason: z.string().nullable(),
  refundedAt: isoDateSchema.nullable(),
  /** A refund waiting for a second admin's approval. */
  refundRequested: z.boolean(),
  /** The buyer's own 申请退款 from the order history (reason and when), if any. */
  buyerRequest: z.object({ reason: z.string(), createdAt: isoDateSchema }).nullable(),
});
export type AdminOrderRow = z.infer<typeof adminOrderRowSchema>;
export const adminOrderPageSchema = pageSchema(adminOrderRowSchema);

/** What the payment provider says right now (null fields: it did not say). */
export const providerQuerySchema = z.object({
  ok: z.boolean(),
  state: z.enum(['paid', 'pending', 'closed', 'refunded', 'missing']).nullable(),
  paidFen: z.number().int().nullable(),
  providerTradeNo: z.string().nullable(),
  paidAt: z.string().nullable(),
  /** Why the query failed, or why it was not made (channel off on this server). */
  error: z.string().nullable(),
  checkedAt: isoDateSchema,
});
export type ProviderQuery = z.infer<typeof providerQuerySchema>;

export const refundRequestSchema = z.object({
  requestedBy: z.string(),
  requestedByName: z.string(),
  reason: z.string(),
  createdAt: isoDateSchema,
});
export type RefundRequestInfo = z.infer<typeof refundRequestSchema>;

export const adminOrderDetailSchema = z.object({
  order: adminOrderRowSchema,
  tickets: ticketGrantsSchema,
  vipDays: z.number().int().nullable(),
  vipTier: z.string().nullable(),
  expiresAt: isoDateSchema,
  /** Ledger lines this order wrote (purchase credits, refund take-backs). */
  ledger: z.array(
    z.object({
      ticketType: z.number().int(),
      delta: z.number().int(),
      reason: z.string(),
      createdAt: isoDateSchema,
    }),
  ),
  refund: refundResultSchema
    .omit({ repeated: true })
    .extend({ createdAt: isoDateSchema, adminId: z.string(), reason: z.string() })
    .nullable(),
  refundRequest: refundRequestSchema.nullable(),
  /** What a refund now would return and take back (paid orders; balances read now). */
  refundPreview: refundResultSchema
    .pick({ refundFen: true, ticketsTaken: true, vipDaysTaken: true, note: true })
    .nullable(),
  /** Whether refunds need a second admin (setting features.refundSecondApprover). */
  refundNeedsApproval: z.boolean(),
  incidents: z.array(z.object({ kind: z.string(), detail: z.string(), createdAt: isoDateSchema })),
  provider: providerQuerySchema,
});
export type AdminOrderDetail = z.infer<typeof adminOrderDetailSchema>;

export const adminOrderNoParamsSchema = z.object({
  orderNo: z.string().regex(/^[A-Za-z0-9_-]{6,40}$/, '订单号格式不正确'),
});

/** A refund call's answer: done (the refund), or (second approver on) requested and waiting. */
export const adminRefundOutcomeSchema = z.discriminatedUnion('status', [
  refundResultSchema.extend({ status: z.literal('refunded') }),
  z.object({ status: z.literal('requested'), request: refundRequestSchema }),
]);
export type AdminRefundOutcome = z.infer<typeof adminRefundOutcomeSchema>;

// ---------------------------------------------------------------- reconciliation

export const reconcileQuerySchema = z.object({
  from: daySchema.optional(),
  to: daySchema.optional(),
});
export const reconcileItemSchema = z.object({
  kind: z.enum(['paid_not_credited', 'credited_not_paid', 'query_failed']),
  order: adminOrderRowSchema,
  provider: providerQuerySchema,
});
export type ReconcileItem = z.infer<typeof reconcileItemSchema>;
export const reconcileReportSchema = z.object({
  from: z.string(),
  to: z.string(),
  /** Orders whose provider was asked. */
  checked: z.number().int(),
  /** True when more orders matched than one pass asks about (narrow the range). */
  truncated: z.boolean(),
  items: z.array(reconcileItemSchema),
  incidents: z.array(
    z.object({
      orderNo: z.string().nullable(),
      channel: z.string(),
      kind: z.string(),
      detail: z.string(),
      createdAt: isoDateSchema,
    }),
  ),
});
export type ReconcileReport = z.infer<typeof reconcileReportSchema>;
export const settleBodySchema = z.object({ reason: adminReasonSchema });
export const settleResultSchema = z.object({
  outcome: z.enum(['settled', 'already']),
  order: adminOrderRowSchema,
});

// ---------------------------------------------------------------- products

export const adminProductSchema = productSchema.extend({
  /** Units ever made available (null: unlimited) and sold so far. */
  stockTotal: z.number().int().nullable(),
  sold: z.number().int(),
  sort: z.number().int(),
  updatedAt: isoDateSchema,
});
export type AdminProduct = z.infer<typeof adminProductSchema>;
export const adminProductQuerySchema = z.object({
  ...pageQuery,
  kind: z.enum(productKinds).optional(),
  onSale: z.enum(['true', 'false']).optional(),
  keyword: z.string().trim().max(64).optional(),
});
export const adminProductPageSchema = pageSchema(adminProductSchema);

const fenSchema = z.number().int('金额须为整数分').min(1, '价格至少 0.01 元').max(100_000_000);
const dateTimeSchema = z
  .string()
  .trim()
  .refine((s) => !Number.isNaN(Date.parse(s)), '时间格式不正确');
const editable = {
  name: userTextSchema(50, { label: '商品名称', min: 1, tooShort: '请填写商品名称' }),
  description: userTextSchema(500, { label: '商品说明', multiline: true }),
  priceFen: fenSchema,
  originalPriceFen: fenSchema.nullable(),
  /** Total units (null: unlimited); never below what is sold. */
  stock: z.number().int().min(0).max(10_000_000).nullable(),
  onSale: z.boolean(),
  tickets: ticketGrantsSchema.refine(
    (g) => Object.values(g).every((n) => n >= 0 && n <= 1_000_000),
    '次数须在 0–1000000 之间',
  ),
  vipDays: z.number().int().min(1).max(3650).nullable(),
  vipTier: z.enum(['vip', 'svip']).nullable(),
  perUserLimit: z.number().int().min(1).max(1000).nullable(),
  startsAt: dateTimeSchema.nullable(),
  endsAt: dateTimeSchema.nullable(),
  sort: z.number().int().min(0).max(10_000),
};
const datesInOrder = (v: { startsAt?: string | null; endsAt?: string | null }) =>
  !v.startsAt || !v.endsAt || Date.parse(v.startsAt) < Date.parse(v.endsAt);

export const adminProductUpdateSchema = z
  .object({
    ...Object.fromEntries(Object.entries(editable).map(([k, s]) => [k, s.optional()])),
    reason: adminReasonSchema.optional(),
  } as { [K in keyof typeof editable]: z.ZodOptional<(typeof editable)[K]> } & {
    reason: z.ZodOptional<typeof adminReasonSchema>;
  })
  .refine((v) => Object.keys(v).some((k) => k !== 'reason'), { message: '请至少修改一项' })
  .refine(datesInOrder, { message: '结束时间须晚于开始时间' });
export type AdminProductUpdate = z.infer<typeof adminProductUpdateSchema>;

/** A new ticket pack or VIP plan (custom pricing and activities stay seeded). */
export const adminProductCreateSchema = z
  .object({
    id: z
      .string()
      .trim()
      .regex(/^[a-z0-9][a-z0-9-]{1,39}$/, '商品编号只能用小写字母、数字和 -，2–40 位'),
    kind: z.enum(['tickets', 'vip']),
    ...editable,
    description: editable.description.default(''),
    originalPriceFen: editable.originalPriceFen.default(null),
    stock: editable.stock.default(null),
    onSale: editable.onSale.default(false),
    tickets: editable.tickets.default({}),
    vipDays: editable.vipDays.default(null),
    vipTier: editable.vipTier.default(null),
    perUserLimit: editable.perUserLimit.default(null),
    startsAt: editable.startsAt.default(null),
    endsAt: editable.endsAt.default(null),
    sort: editable.sort.default(100),
    reason: adminReasonSchema.optional(),
  })
  .refine((v) => v.kind !== 'vip' || (v.vipDays != null && v.vipTier != null), {
    message: '会员套餐须填写会员天数和等级',
  })
  .refine((v) => v.kind !== 'tickets' || Object.values(v.tickets).some((n) => n > 0), {
    message: '次数包须至少包含一种次数',
  })
  .refine(datesInOrder, { message: '结束时间须晚于开始时间' });
export type AdminProductCreate = z.infer<typeof adminProductCreateSchema>;
