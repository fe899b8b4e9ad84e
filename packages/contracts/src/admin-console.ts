import { z } from 'zod';
import { adminReasonSchema } from './admin';
import { isoDateSchema, pageSchema, ticketTypeParamSchema } from './common';
import { taskStatusSchema } from './tasks';

// The admin console's users, tasks, engines, statistics and settings.

const pageQuery = {
  current: z.coerce.number().int().min(1).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(10),
};
const sortOrder = z.enum(['ascend', 'descend']).optional();

// ---------------------------------------------------------------- users

/** What a disabled user hears at SMS/WeChat sign-in: that the account is off and how to appeal. */
export const userDisabledMessage =
  '账号已停用。如有异议，请通过「联系我们」提交申诉并附上注册手机号，客服会在 1 个工作日内回复';

export const adminUserQuerySchema = z.object({
  ...pageQuery,
  /** Phone (any part), nickname (any part) or the exact user id. */
  keyword: z.string().trim().max(64).optional(),
  status: z.enum(['active', 'disabled']).optional(),
  vip: z.enum(['none', 'vip', 'svip']).optional(),
  sortField: z.enum(['createdAt', 'lastLoginAt']).optional(),
  sortOrder,
});
export type AdminUserQuery = z.infer<typeof adminUserQuerySchema>;

export const ticketBalancesSchema = z.object({
  1: z.number().int(),
  2: z.number().int(),
  3: z.number().int(),
  4: z.number().int(),
});

export const adminUserRowSchema = z.object({
  id: z.string(),
  phone: z.string().nullable(),
  nickname: z.string(),
  hasWechat: z.boolean(),
  isTestUser: z.boolean(),
  vipTier: z.string().nullable(),
  vipUntil: isoDateSchema.nullable(),
  disabled: z.boolean(),
  disabledAt: isoDateSchema.nullable(),
  createdAt: isoDateSchema,
  lastLoginAt: isoDateSchema.nullable(),
  balances: ticketBalancesSchema,
});
export type AdminUserRow = z.infer<typeof adminUserRowSchema>;
export const adminUserPageSchema = pageSchema(adminUserRowSchema);

export const adminLedgerEntrySchema = z.object({
  id: z.string(),
  ticketType: z.number().int(),
  delta: z.number().int(),
  reason: z.string(),
  ref: z.string().nullable(),
  createdAt: isoDateSchema,
});
export const adminTaskRowSchema = z.object({
  id: z.string(),
  userId: z.string(),
  userPhone: z.string().nullable().optional(),
  toolId: z.string(),
  engine: z.string(),
  status: taskStatusSchema,
  progress: z.number(),
  price: z.number().int(),
  ticketType: z.number().int(),
  ticketsState: z.string(),
  attempts: z.number().int(),
  error: z.string().nullable(),
  /** The lowest structure-kept score of its pictures (0–1); null when none was measured. */
  structureScore: z.number().nullable().optional(),
  createdAt: isoDateSchema,
  startedAt: isoDateSchema.nullable(),
  finishedAt: isoDateSchema.nullable(),
});
export type AdminTaskRow = z.infer<typeof adminTaskRowSchema>;
export const adminSessionRowSchema = z.object({
  id: z.string(),
  clientType: z.number().nullable(),
  ip: z.string().nullable(),
  ua: z.string().nullable(),
  createdAt: isoDateSchema,
  lastSeenAt: isoDateSchema,
  expiresAt: isoDateSchema,
});
export const adminUserDetailSchema = z.object({
  user: adminUserRowSchema,
  ledger: z.array(adminLedgerEntrySchema),
  tasks: z.array(adminTaskRowSchema),
  sessions: z.array(adminSessionRowSchema),
  /** The user's orders when the commerce module is installed (null: no orders module). */
  orders: z.array(z.record(z.string(), z.unknown())).nullable(),
  /** The largest |delta| this admin may apply in one adjustment (null: no limit). */
  adjustLimit: z.number().int().nullable(),
});
export type AdminUserDetail = z.infer<typeof adminUserDetailSchema>;

export const adminUserIdParamsSchema = z.object({ id: z.string().min(1).max(64) });
export const adminTicketAdjustSchema = z.object({
  type: ticketTypeParamSchema,
  delta: z
    .number()
    .int('次数必须是整数')
    .min(-100000)
    .max(100000)
    .refine((n) => n !== 0, '调整次数不能为 0'),
  reason: adminReasonSchema,
});
export type AdminTicketAdjust = z.infer<typeof adminTicketAdjustSchema>;
export const adminUserDisableSchema = z.object({
  disabled: z.boolean(),
  reason: adminReasonSchema,
});
export const adminVipGrantSchema = z.object({
  tier: z.enum(['vip', 'svip']),
  /** Added to the later of now and the current end. */
  days: z.number().int().min(1, '至少 1 天').max(3650, '最多 3650 天'),
  reason: adminReasonSchema,
});

// ---------------------------------------------------------------- tasks

/** A point in time a filter compares against (ISO 8601); anything else is a 400, not a 500. */
const instantSchema = z
  .string()
  .trim()
  .max(40)
  .refine((s) => !Number.isNaN(Date.parse(s)), '时间格式不正确');

export const adminTaskQuerySchema = z.object({
  ...pageQuery,
  status: taskStatusSchema.optional(),
  toolId: z.string().trim().max(64).optional(),
  userId: z.string().trim().max(64).optional(),
  engine: z.string().trim().max(64).optional(),
  from: instantSchema.optional(),
  to: instantSchema.optional(),
  sortOrder,
});
export type AdminTaskQuery = z.infer<typeof adminTaskQuerySchema>;
export const adminTaskPageSchema = pageSchema(adminTaskRowSchema);
export const adminTaskIdParamsSchema = z.object({ id: z.string().min(1).max(64) });
export const adminTaskActionSchema = z.object({ reason: adminReasonSchema });

// ---------------------------------------------------------------- engines

/** One server of an engine with several (ComfyUI with a COMFYUI_URL list), as last probed. */
export const adminEngineBackendSchema = z.object({
  url: z.string(),
  status: z.enum(['up', 'down', 'unknown']),
  detail: z.string().nullable(),
  /** Jobs the answering API process runs there (workers elsewhere have their own). */
  running: z.number().int(),
  /** The server's own queue (every client's prompts) at the last probe. */
  queue: z.object({ running: z.number().int(), pending: z.number().int() }).nullable(),
  checkedAt: isoDateSchema.nullable(),
});
export const adminEngineSchema = z.object({
  id: z.string(),
  name: z.string(),
  status: z.enum(['up', 'degraded', 'down', 'unconfigured']),
  detail: z.string().nullable(),
  lastCheckAt: isoDateSchema,
  latencyMs: z.number().nullable(),
  queueDepth: z.number().int(),
  running: z.number().int(),
  finishedLastHour: z.number().int(),
  failedLastHour: z.number().int(),
  /** failed / finished over the last hour, 0..1 (null when nothing finished). */
  failureRate: z.number().nullable(),
  outOfService: z.boolean(),
  message: z.string().nullable(),
  /** Present for an engine with its own list of servers (ComfyUI), one row per server. */
  backends: z.array(adminEngineBackendSchema).optional(),
  /** A hosted provider's slots held now by every worker, of its limit (null: no limit). */
  concurrency: z.object({ inUse: z.number().int(), limit: z.number().int() }).nullable(),
  /** The newest failed tasks of the last day, newest first, as their owners were told. */
  recentErrors: z.array(
    z.object({ at: isoDateSchema, toolId: z.string(), message: z.string().nullable() }),
  ),
});
export const adminToolSwitchSchema = z.object({
  id: z.string(),
  name: z.string(),
  outOfService: z.boolean(),
  message: z.string().nullable(),
});
export const adminEnginesSchema = z.object({
  engines: z.array(adminEngineSchema),
  tools: z.array(adminToolSwitchSchema),
});
export type AdminEngines = z.infer<typeof adminEnginesSchema>;
export const adminServiceSwitchSchema = z.object({
  kind: z.enum(['engine', 'tool']),
  id: z.string().min(1).max(64),
  outOfService: z.boolean(),
  /** What users see while it is out of service. */
  message: z.string().trim().max(120).optional(),
  reason: adminReasonSchema,
});

export const adminEngineIdParamsSchema = z.object({ id: z.string().min(1).max(64) });
export const adminEngineTestBodySchema = z.object({ reason: adminReasonSchema });
/** One small real job through an engine (测试): its picture as a small data URL, or the error. */
export const adminEngineTestSchema = z.object({
  engineId: z.string(),
  ok: z.boolean(),
  capability: z.string(),
  ms: z.number().int(),
  thumbnail: z.string().nullable(),
  width: z.number().int().nullable(),
  height: z.number().int().nullable(),
  error: z.string().nullable(),
});
export type AdminEngineTest = z.infer<typeof adminEngineTestSchema>;

// ---------------------------------------------------------------- statistics

export const adminStatsQuerySchema = z.object({
  /** Day range for the daily series, inclusive (YYYY-MM-DD, UTC+8 days). */
  from: z.string().trim().max(10).optional(),
  to: z.string().trim().max(10).optional(),
});
export const adminStatsSchema = z.object({
  users: z.object({ total: z.number(), newToday: z.number(), activeToday: z.number() }),
  orders: z.object({
    available: z.boolean(),
    paidToday: z.number(),
    revenueTodayFen: z.number(),
    paid7d: z.number(),
    revenue7dFen: z.number(),
  }),
  tasksToday: z.object({
    byStatus: z.record(z.string(), z.number()),
    byTool: z.array(z.object({ toolId: z.string(), count: z.number() })),
  }),
  tickets: z.object({ issued: z.number(), spent: z.number() }),
  queueDepth: z.number(),
  /**
   * What the hosted providers billed over the range, per tool (most first), in integer
   * micro-yuan (百万分之一元: per-token prices stay exact); `calls` counts billed calls.
   */
  costs: z.object({
    totalMicroYuan: z.number(),
    byTool: z.array(z.object({ toolId: z.string(), costMicroYuan: z.number(), calls: z.number() })),
  }),
  daily: z.array(
    z.object({
      day: z.string(),
      newUsers: z.number(),
      tasks: z.number(),
      failedTasks: z.number(),
      ticketsIssued: z.number(),
      ticketsSpent: z.number(),
      revenueFen: z.number(),
      /** Hosted providers' cost that day, micro-yuan. */
      costMicroYuan: z.number(),
    }),
  ),
});
export type AdminStats = z.infer<typeof adminStatsSchema>;

// ---------------------------------------------------------------- settings

export const adminSettingsSchema = z.object({
  /** Tickets a new account receives, by ticket type. */
  signupTickets: ticketBalancesSchema,
  /** The largest |delta| an operator may apply in one ticket adjustment. */
  operatorTicketLimit: z.number().int().min(0).max(100000),
  /** Tool id → tickets per run, replacing the registry's price. */
  toolPrices: z.record(z.string(), z.number().int().min(0).max(1000)),
  /** Assistant model id → tickets per question. */
  assistantPrices: z.record(z.string(), z.number().int().min(0).max(1000)),
  /** Named feature switches (true: on). */
  features: z.record(z.string(), z.boolean()),
});
export type AdminSettings = z.infer<typeof adminSettingsSchema>;

/**
 * The feature switches services read from `features` (docs/admin-console.md). The first two are
 * on unless set to false; refundSecondApprover is off unless set to true.
 */
export const featureSwitches = {
  assistant: 'AI 助手提问',
  'assistant.imageEdit': 'AI 助手对话改图',
  refundSecondApprover: '退款需第二位管理员批准',
} as const;
export const adminSettingKeySchema = z.enum([
  'signupTickets',
  'operatorTicketLimit',
  'toolPrices',
  'assistantPrices',
  'features',
]);
export type AdminSettingKey = z.infer<typeof adminSettingKeySchema>;
export const adminSettingUpdateSchema = z.object({
  value: z.unknown(),
  reason: adminReasonSchema,
});
