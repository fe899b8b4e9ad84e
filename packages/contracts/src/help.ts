import { z } from 'zod';
import { userTextSchema } from './security';
import { pageSchema } from './common';

/**
 * single sign-on (CAS REST style), page views and events, hot words, the contact
 * modal's settings and feedback messages, the browser extension's release.
 */

/** POST /api/cas/v1/tickets (201) and the spec's wrapper: data with url, status, location. */
export const casTicketGrantSchema = z.object({
  url: z.string(),
  status: z.number().int(),
  location: z.string(),
});
export type CasTicketGrant = z.infer<typeof casTicketGrantSchema>;

/** POST on a ticket-granting ticket's location: a one-time service ticket for one service URL. */
export const casServiceTicketBodySchema = z.object({
  service: z.string().trim().min(1, { message: '请提供 service 地址' }).max(2000),
});

export const casServiceValidateQuerySchema = z.object({
  service: z.string().trim().min(1).max(2000),
  ticket: z.string().trim().min(1).max(200),
});

/** CAS 3 JSON form of serviceValidate's answer (format=JSON). */
export const casServiceResponseSchema = z.object({
  serviceResponse: z.union([
    z.object({
      authenticationSuccess: z.object({
        user: z.string(),
        attributes: z.object({ nickname: z.string(), userType: z.string() }),
      }),
    }),
    z.object({ authenticationFailure: z.object({ code: z.string(), description: z.string() }) }),
  ]),
});
export type CasServiceResponse = z.infer<typeof casServiceResponseSchema>;

export const trackKinds = [
  'page_view',
  'tool_open',
  'task_start',
  'task_result',
  'download',
  'order_paid',
  'image_publish',
  'search',
] as const;
export type TrackKind = (typeof trackKinds)[number];

export const trackEventSchema = z.object({
  kind: z.enum(trackKinds),
  /** Page label of spec §2 (lib/tracking.ts); what the page is, never a personal value. */
  label: z.string().trim().min(1).max(40),
  path: z.string().max(300),
  tool: z.string().max(60).optional(),
  /** Searches only: what was searched for, and where (tools or gallery). */
  keyword: z.string().trim().max(40).optional(),
  scope: z.enum(['tools', 'gallery']).optional(),
  /** Epoch milliseconds on the device; the server keeps its own time when it is far off. */
  at: z.number().int().optional(),
});
export type TrackEvent = z.infer<typeof trackEventSchema>;

/** POST /api/track: a batch sent with navigator.sendBeacon (text/plain JSON) or fetch. */
export const trackBatchSchema = z.object({
  /** Device id for visitors (subUUID). */
  deviceId: z.string().trim().min(8).max(64).optional(),
  events: z.array(trackEventSchema).min(1).max(50),
  /**
   * The signed-in user's token: navigator.sendBeacon cannot send the satoken header, so a batch
   * carries it in the body; the server resolves it and stores only the user id.
   */
  token: z.string().max(200).optional(),
});
export type TrackBatch = z.infer<typeof trackBatchSchema>;

/** GET /api/search/hotWords?scope=: pinned words first, then the most searched of 7 days. */
export const hotWordsQuerySchema = z.object({
  scope: z.enum(['tools', 'gallery']).default('tools'),
});
export const hotWordsSchema = z.object({ words: z.array(z.string()) });

export const pinnedWordsSchema = z.object({
  tools: z.array(z.string().trim().min(1).max(20)).max(20),
  gallery: z.array(z.string().trim().min(1).max(20)).max(20),
});

/** What the contact modal shows; set by an operator. Empty fields are not shown. */
export const supportContactSchema = z.object({
  wechatQrUrl: z.string().max(1000).default(''),
  wechatId: z.string().max(60).default(''),
  phone: z.string().max(40).default(''),
  email: z.string().max(120).default(''),
  hours: z.string().max(120).default(''),
});
export type SupportContact = z.infer<typeof supportContactSchema>;

/** The browser extension's release; no url means "即将推出". */
export const extensionReleaseSchema = z.object({
  url: z
    .string()
    .trim()
    .max(1000)
    .refine((v) => v === '' || /^https:\/\//.test(v) || /^\/(?!\/)/.test(v), {
      message: '下载地址须以 https:// 或站内路径 / 开头',
    })
    .default(''),
  version: z.string().trim().max(40).default(''),
  store: z.string().trim().max(60).default(''),
});
export type ExtensionRelease = z.infer<typeof extensionReleaseSchema>;

export const supportInfoSchema = z.object({
  contact: supportContactSchema,
  extension: extensionReleaseSchema,
});
export type SupportInfo = z.infer<typeof supportInfoSchema>;

export const feedbackCategories = [
  'bug',
  'result',
  'billing',
  'account',
  'suggestion',
  'other',
] as const;

export const feedbackBodySchema = z.object({
  category: z.enum(feedbackCategories, { message: '请选择问题类型' }),
  text: userTextSchema(2000, {
    label: '描述',
    min: 5,
    multiline: true,
    tooShort: '请至少写 5 个字，描述遇到的问题',
    tooLong: '描述最多 2000 字',
  }),
  /** An upload of the sender's own (its /api/file URL or id). */
  screenshot: z.string().trim().max(2000).optional(),
  contact: userTextSchema(100, { label: '联系方式' }).optional(),
  /** The page it was sent from. */
  page: z.string().max(300).optional(),
});
export type FeedbackBody = z.infer<typeof feedbackBodySchema>;

export const feedbackItemSchema = z.object({
  id: z.string(),
  category: z.enum(feedbackCategories),
  text: z.string(),
  screenshotUrl: z.string().nullable(),
  contact: z.string().nullable(),
  page: z.string().nullable(),
  status: z.enum(['open', 'answered']),
  answer: z.string().nullable(),
  answeredAt: z.string().nullable(),
  createdAt: z.string(),
  /** Admin views only. */
  user: z
    .object({ id: z.string(), nickname: z.string(), phone: z.string().nullable() })
    .nullable()
    .optional(),
});
export type FeedbackItem = z.infer<typeof feedbackItemSchema>;
export const feedbackPageSchema = pageSchema(feedbackItemSchema);

export const feedbackAnswerBodySchema = z.object({
  answer: userTextSchema(2000, {
    label: '回复内容',
    min: 1,
    multiline: true,
    tooShort: '请填写回复内容',
  }),
});

/** GET /api/user/manage/track/summary: page views per label, visitors, and a funnel per tool. */
export const trackSummaryQuerySchema = z.object({
  days: z.coerce.number().int().min(1).max(180).default(7),
});
export const trackSummarySchema = z.object({
  from: z.string(),
  to: z.string(),
  pages: z.array(
    z.object({ label: z.string(), views: z.number().int(), visitors: z.number().int() }),
  ),
  /**
   * Key events in the window by kind: the browsers' events (tool_open, download, …) and
   * order_paid, counted from the orders table itself (never written twice).
   */
  events: z.array(z.object({ kind: z.string(), count: z.number().int() })),
  funnel: z.array(
    z.object({
      tool: z.string(),
      opened: z.number().int(),
      started: z.number().int(),
      results: z.number().int(),
      downloads: z.number().int(),
    }),
  ),
});
export type TrackSummary = z.infer<typeof trackSummarySchema>;
