import { z } from 'zod';
import { ticketGrantsSchema } from './commerce';
import { isoDateSchema, pageSchema } from './common';
import { displayNameSchema, userTextSchema } from './security';

// ---------------------------------------------------------------- phone and code

/** Mainland China mobile numbers: 1[3-9] followed by 9 digits, optionally written with +86. */
export const MAINLAND_MOBILE = /^1[3-9]\d{9}$/;

/** Strips spaces, dashes and a +86 / 0086 / 86 prefix, so designers may paste numbers as written. */
export const normalizePhone = (raw: string): string => {
  const compact = raw.replace(/[\s-]/g, '');
  return compact.replace(/^(?:\+86|0086|86)(?=1\d{10}$)/, '');
};

export const phoneNoSchema = z
  .string({ error: '请输入手机号' })
  .transform(normalizePhone)
  .pipe(z.string().regex(MAINLAND_MOBILE, '请输入正确的 11 位中国大陆手机号'));

export const verifyCodeSchema = z
  .string({ error: '请输入验证码' })
  .trim()
  .regex(/^\d{6}$/, '请输入 6 位数字验证码');

/** Shows 138****8000 wherever a phone number is displayed or logged. */
export const maskPhone = (phone: string): string =>
  phone.length === 11 ? `${phone.slice(0, 3)}****${phone.slice(7)}` : '***';

// ---------------------------------------------------------------- SMS

export const smsPurposeSchema = z.enum(['login', 'bindPhone']);
export type SmsPurpose = z.infer<typeof smsPurposeSchema>;

export const smsSendBodySchema = z.object({
  phoneNo: phoneNoSchema,
  purpose: smsPurposeSchema.default('login'),
  /** A solved "validate" captcha, required after suspicious volume from one address. */
  captchaToken: z.string().max(512).optional(),
});
export const smsSendDataSchema = z.object({
  /** Seconds until another code may be requested (spec §9: 60). */
  resendAfterSeconds: z.number().int(),
});

/** Spec §3 "source": where a visitor landed from (landing URL parameters k, p, source, u). */
export const landingSourceSchema = z.object({
  keyWord: z.string().max(200).optional(),
  plan: z.string().max(200).optional(),
  source: z.string().max(200).optional(),
  unit: z.string().max(200).optional(),
});
export type LandingSource = z.infer<typeof landingSourceSchema>;

export const smsLoginBodySchema = z.object({
  phoneNo: phoneNoSchema,
  verifyCode: verifyCodeSchema,
  /** Login channel as the client sends it (1: web, 2: mobile web, 3: client app). */
  type: z.coerce.number().int().min(0).max(9).default(1),
  source: landingSourceSchema.optional(),
  inviteCode: z.string().trim().max(32).optional(),
  /** Spec §5: the agreement must be accepted to log in. */
  agreement: z.boolean().default(true),
});

// ---------------------------------------------------------------- user

export const userTypeSchema = z.enum(['personal', 'designer', 'company']);

export const userInfoSchema = z.object({
  id: z.string(),
  nickname: z.string(),
  avatarUrl: z.string().nullable(),
  /** Masked (138****8000); null for accounts without a phone (created by WeChat). */
  phone: z.string().nullable(),
  userType: userTypeSchema,
  isTestUser: z.boolean(),
  profession: z.string().nullable(),
  interests: z.array(z.string()),
  wechatBound: z.boolean(),
  /** True until the user has answered the first-login interest questions. */
  needsInterests: z.boolean(),
  createdAt: isoDateSchema,
});
export type UserInfo = z.infer<typeof userInfoSchema>;

/** What a membership gives, as the server enforces it. */
export const vipPerksSchema = z.object({
  /** The VIP lane: a member's tasks are taken before others' in the same engine queue. */
  priorityQueue: z.boolean(),
  /** Tickets granted at the start of each month of the running plan ({} without one). */
  monthlyTickets: ticketGrantsSchema,
  /** When the next month's allowance is due; null when the bought membership has none left. */
  nextAllowanceAt: isoDateSchema.nullable(),
  /** May train models (POST /model/train refuses non-members). */
  training: z.boolean(),
});
export type VipPerks = z.infer<typeof vipPerksSchema>;

/** GET /api/user/getVipInfo: `{isVip, level, expiresAt, perks}` plus display fields. */
export const vipInfoSchema = z.object({
  isVip: z.boolean(),
  level: z.enum(['none', 'vip', 'svip']),
  /** Same as level (the name the web read first). */
  tier: z.enum(['none', 'vip', 'svip']),
  tierName: z.string(),
  expiresAt: isoDateSchema.nullable(),
  perks: vipPerksSchema,
  /** The tier's benefits as the operator words them (settings `vip.tiers`). */
  benefits: z.array(z.string()),
});
export type VipInfo = z.infer<typeof vipInfoSchema>;

export const loginResultSchema = z.object({
  token: z.string(),
  isNewUser: z.boolean(),
  user: userInfoSchema,
});
export type LoginResult = z.infer<typeof loginResultSchema>;

export const userEditBodySchema = z.object({
  nickname: displayNameSchema(20, '昵称').optional(),
  /** A data URL of a JPEG, PNG or WebP image; the server re-encodes it. */
  avatar: z.string().max(3_000_000, '头像图片过大').optional(),
  userType: userTypeSchema.optional(),
  profession: userTextSchema(30, { label: '职业' }).optional(),
  interests: z
    .array(userTextSchema(20, { label: '兴趣', min: 1 }))
    .max(12)
    .optional(),
});

export const bindPhoneBodySchema = z.object({
  phoneNo: phoneNoSchema,
  verifyCode: verifyCodeSchema,
});

// ---------------------------------------------------------------- WeChat QR login

export const wxQrSchema = z.object({
  sceneId: z.string(),
  /** A data URL of the QR image to show. */
  qrImage: z.string(),
  expiresAt: isoDateSchema,
  provider: z.enum(['simulator', 'mp']),
  /** Simulator only: the developer page that confirms the scan. */
  simulatorUrl: z.string().optional(),
});
export const wxScanQuerySchema = z.object({ sceneId: z.string().min(8).max(128) });
export const wxScanStatusSchema = z.enum(['waiting', 'scanned', 'confirmed', 'expired']);
export const wxScanResultSchema = z.object({
  status: wxScanStatusSchema,
  login: loginResultSchema.optional(),
});

// ---------------------------------------------------------------- validate captcha

/**
 * An ALTCHA challenge (altcha-lib on the server, the altcha widget in the browser): self-hosted
 * proof of work, HMAC-signed. Every field is part of the signature, so none may be dropped.
 */
export const captchaChallengeSchema = z.object({
  parameters: z.object({
    algorithm: z.string(),
    nonce: z.string(),
    salt: z.string(),
    cost: z.number().int(),
    keyLength: z.number().int(),
    keyPrefix: z.string(),
    keySignature: z.string().optional(),
    /** Seconds since the epoch. */
    expiresAt: z.number().int().optional(),
  }),
  signature: z.string(),
});
export const captchaSolveBodySchema = z.object({
  /** The widget's answer: base64 of {challenge, solution}. */
  payload: z.string().min(1).max(4096),
});
export const captchaTokenSchema = z.object({
  /** Single use: pass it as captchaToken to /user/p1/sms/send. */
  captchaToken: z.string(),
  expiresAt: isoDateSchema,
});

// ---------------------------------------------------------------- face verification (spec §2 modal)

export const faceStartResultSchema = z.object({
  verifyId: z.string(),
  /** Where the user completes the check (the simulator page by default). */
  url: z.string(),
  expiresAt: isoDateSchema,
});
export const faceResultQuerySchema = z.object({ verifyId: z.string().min(8).max(128) });
export const faceResultSchema = z.object({
  status: z.enum(['pending', 'passed', 'failed', 'expired']),
});

// ---------------------------------------------------------------- admin

/** Spec §6: super (everything), operator (users, moderation, tasks), finance (orders, money). */
export const adminRoleSchema = z.enum(['super', 'operator', 'finance']);
export type AdminRole = z.infer<typeof adminRoleSchema>;
export const adminAccountSchema = z.object({
  accountId: z.string(),
  username: z.string(),
  displayName: z.string(),
  role: adminRoleSchema,
  disabled: z.boolean(),
  lastLoginAt: isoDateSchema.nullable(),
  createdAt: isoDateSchema,
});
export type AdminAccount = z.infer<typeof adminAccountSchema>;

const adminUsername = z
  .string()
  .trim()
  .regex(/^[a-zA-Z][a-zA-Z0-9_.-]{2,31}$/, '用户名为 3 到 32 位字母、数字、下划线，以字母开头');
/** ASVS 5: at least 12 characters, no composition rules, at most 128. */
const adminPassword = z.string().min(12, '密码至少 12 位').max(128, '密码最多 128 位');

export const adminLoginBodySchema = z.object({
  username: z.string().trim().min(1, '请输入用户名').max(64),
  password: z.string().min(1, '请输入密码').max(128),
});
export const adminLoginResultSchema = z.object({ token: z.string(), account: adminAccountSchema });
export const adminAccountQuerySchema = z.object({
  page: z.coerce.number().int().min(1).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(10),
  keyword: z.string().trim().max(64).optional(),
});
export const adminAccountCreateSchema = z.object({
  username: adminUsername,
  password: adminPassword,
  displayName: displayNameSchema(32, '显示名称'),
  role: adminRoleSchema.default('operator'),
});
export const adminAccountIdParamsSchema = z.object({ accountId: z.string().min(1).max(64) });
export const adminAccountPageSchema = pageSchema(adminAccountSchema);
export const adminAccountUpdateSchema = z.object({
  displayName: displayNameSchema(32, '显示名称').optional(),
  password: adminPassword.optional(),
  role: adminRoleSchema.optional(),
  disabled: z.boolean().optional(),
});
