import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';
import {
  httpUrl,
  httpUrlList,
  jsonObject,
  nonNegativeInt,
  positiveInt,
  splitList,
} from './env-fields';

/**
 * Environment = secrets and wiring only (ARCHITECTURE rule 9). Business settings live in the
 * database. Parsing happens once at boot and a bad configuration fails with every problem listed,
 * so an operator fixes them in one go instead of one restart per mistake.
 */

const MIB = 1024 * 1024;
const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;

// host or host:port, no scheme or path: what a browser puts in the Host header.
const HOST_PATTERN = /^[a-z0-9]([a-z0-9.-]*[a-z0-9])?(:\d{1,5})?$/i;

/** A hosted engine's key, endpoint, model overrides (unset ones keep the engine's defaults). */
export interface HostedEngineConfig {
  apiKey: string;
  baseUrl: string;
  concurrency: number;
  models: Record<string, string>;
}

const definedOnly = (o: Record<string, string | undefined>): Record<string, string> =>
  Object.fromEntries(Object.entries(o).filter((e): e is [string, string] => e[1] !== undefined));

const rawEnvSchema = z.object({
  PORT: z.coerce
    .number({ message: 'must be a number' })
    .int('must be an integer')
    .min(0, 'must be between 0 and 65535')
    .max(65535, 'must be between 0 and 65535')
    .default(8000),
  HOST: z.string().default('127.0.0.1'),
  DATA_DIR: z.string().default('./data'),
  DATABASE_URL: z
    .string()
    .refine((v) => /^postgres(ql)?:\/\/./i.test(v) && URL.canParse(v), {
      message: 'must be a postgres:// or postgresql:// URL (leave it unset for SQLite in DATA_DIR)',
    })
    .optional(),
  LOG_LEVEL: z
    .enum(LOG_LEVELS, { message: `must be one of ${LOG_LEVELS.join(', ')}` })
    .default('info'),
  // Unset: readable lines on a terminal, JSON lines otherwise (files, log shippers, CI).
  LOG_FORMAT: z.enum(['json', 'pretty'], { message: 'must be json or pretty' }).optional(),
  WEB_DIST: z.string().optional(),
  BODY_LIMIT_BYTES: z.coerce
    .number({ message: 'must be a number' })
    .int('must be an integer')
    .positive('must be positive')
    .default(12 * MIB),
  LEGACY_HOSTS: z
    .string()
    .transform((v) =>
      v
        .split(',')
        .map((h) => h.trim().toLowerCase())
        .filter(Boolean),
    )
    .refine((hosts) => hosts.every((h) => HOST_PATTERN.test(h)), {
      message: 'must be a comma-separated list of host names (no scheme or path)',
    })
    .optional(),
  CANONICAL_HOST: z
    .string()
    .refine((v) => HOST_PATTERN.test(v) || /^https?:\/\/[^/]+\/?$/i.test(v), {
      message: 'must be a host name (example.com) or an origin (https://example.com)',
    })
    .optional(),
  REDIS_URL: z
    .string()
    .refine((v) => /^rediss?:\/\/./i.test(v) && URL.canParse(v), {
      message: 'must be a redis:// or rediss:// URL',
    })
    .optional(),
  REDIS_PREFIX: z
    .string()
    .regex(/^[a-z0-9][a-z0-9._-]*$/i, 'must be letters, digits and . _ -')
    .default('huijing'),
  COMFYUI_URL: httpUrlList(),
  COMFYUI_AUTH: z.string().optional(),
  COMFYUI_WORKFLOWS_DIR: z.string().optional(),
  OPENAI_IMAGES_BASE_URL: httpUrl(),
  OPENAI_IMAGES_API_KEY: z.string().optional(),
  OPENAI_IMAGES_MODEL: z.string().optional(),
  DASHSCOPE_API_KEY: z.string().optional(),
  DASHSCOPE_BASE_URL: httpUrl(),
  DASHSCOPE_MODEL_IMAGE_EDIT: z.string().optional(),
  DASHSCOPE_MODEL_TEXT_TO_IMAGE: z.string().optional(),
  DASHSCOPE_MODEL_IMAGE_TO_VIDEO: z.string().optional(),
  DASHSCOPE_MODEL_FIRST_LAST_VIDEO: z.string().optional(),
  DASHSCOPE_MODEL_TEXT_TO_VIDEO: z.string().optional(),
  DASHSCOPE_MODEL_CHAT: z.string().optional(),
  DASHSCOPE_MODEL_VISION: z.string().optional(),
  DASHSCOPE_CONCURRENCY: positiveInt(2),
  ARK_API_KEY: z.string().optional(),
  ARK_BASE_URL: httpUrl(),
  ARK_MODEL_SEEDREAM: z.string().optional(),
  ARK_MODEL_SEEDANCE: z.string().optional(),
  ARK_CONCURRENCY: positiveInt(5),
  LLM_GEMINI_BASE_URL: httpUrl(),
  LLM_GEMINI_API_KEY: z.string().optional(),
  LLM_GEMINI_MODEL: z.string().optional(),
  LLM_GEMINI_REASONING_PARAMS: jsonObject(),
  LLM_GPT_BASE_URL: httpUrl(),
  LLM_GPT_API_KEY: z.string().optional(),
  LLM_GPT_MODEL: z.string().optional(),
  LLM_GPT_REASONING_PARAMS: jsonObject(),
  LLM_IDLE_TIMEOUT_MS: positiveInt(60_000),
  ASSISTANT_TICKETS_PER_QUESTION: z.coerce
    .number({ message: 'must be a number' })
    .int('must be an integer')
    .min(0, 'must be 0 or more')
    .default(1),
  ASSISTANT_QUESTIONS_PER_MINUTE: positiveInt(10),
  ASSISTANT_KEEPALIVE_MS: positiveInt(20_000),
  STORAGE_DRIVER: z.enum(['local', 's3'], { message: 'must be local or s3' }).optional(),
  S3_ENDPOINT: httpUrl(),
  S3_BUCKET: z.string().optional(),
  S3_ACCESS_KEY_ID: z.string().optional(),
  S3_SECRET_ACCESS_KEY: z.string().optional(),
  S3_REGION: z.string().default('us-east-1'),
  S3_FORCE_PATH_STYLE: z
    .enum(['true', 'false', '1', '0', 'yes', 'no'], { message: 'must be true or false' })
    .transform((v) => v === 'true' || v === '1' || v === 'yes')
    .default(true),
  S3_PREFIX: z
    .string()
    .transform((v) => v.replace(/^\/+|\/+$/g, ''))
    .refine((v) => v === '' || (/^[a-z0-9][a-z0-9/._-]*$/i.test(v) && !v.includes('..')), {
      message: 'must be letters, digits and / . _ - (a key prefix such as huijing/prod)',
    })
    .optional(),
  UPLOAD_MAX_BYTES: positiveInt(20 * MIB),
  UPLOAD_MAX_PIXELS: positiveInt(50_000_000),
  TASK_LEASE_MS: positiveInt(30_000),
  TASK_SWEEP_MS: positiveInt(2_000),
  // How long a task waits out throttling providers before it fails (0: fails at once).
  TASK_BUSY_WAIT_MS: nonNegativeInt(600_000),
  TASK_CONCURRENCY_LOCAL: positiveInt(1),
  TASK_CONCURRENCY_REMOTE: positiveInt(4),
  TASK_USER_LANE_CAP: positiveInt(20),
  CLICK_MASK_PER_MINUTE: positiveInt(30),
  RATE_LIMIT_REDIS_TIMEOUT_MS: positiveInt(500),
  DB_QUERY_TIMEOUT_MS: positiveInt(10_000),
  DB_CONNECT_TIMEOUT_MS: positiveInt(5_000),
  DB_IDLE_IN_TRANSACTION_TIMEOUT_MS: positiveInt(60_000),
  // 0 turns the check off.
  DATA_DIR_MIN_FREE_BYTES: z.coerce
    .number({ message: 'must be a number' })
    .int('must be an integer')
    .min(0, 'must be 0 or more')
    .default(1024 * MIB),
  TRUST_PROXY: z
    .enum(['true', 'false', '1', '0', 'yes', 'no'], {
      message: 'must be true or false',
    })
    .transform((v) => v === 'true' || v === '1' || v === 'yes')
    .default(false),
  APP_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
  SIGNUP_TICKETS: z
    .string()
    .regex(/^\s*[1-4]\s*:\s*\d{1,6}\s*(,\s*[1-4]\s*:\s*\d{1,6}\s*)*$/, {
      message: 'must look like 1:10,2:3,3:20,4:1 (ticket type 1-4 : count)',
    })
    .default('1:10,2:3,3:20,4:1'),
  TEST_LOGIN: z.enum(['on', 'off'], { message: 'must be on or off' }).default('off'),
  SMS_PROVIDER: z
    .enum(['outbox', 'aliyun', 'tencent'], { message: 'must be outbox, aliyun or tencent' })
    .default('outbox'),
  ALIYUN_SMS_ACCESS_KEY_ID: z.string().optional(),
  ALIYUN_SMS_ACCESS_KEY_SECRET: z.string().optional(),
  ALIYUN_SMS_SIGN_NAME: z.string().optional(),
  ALIYUN_SMS_TEMPLATE_CODE: z.string().optional(),
  ALIYUN_SMS_ENDPOINT: z.string().default('dysmsapi.aliyuncs.com'),
  TENCENT_SMS_SECRET_ID: z.string().optional(),
  TENCENT_SMS_SECRET_KEY: z.string().optional(),
  TENCENT_SMS_SDK_APP_ID: z.string().optional(),
  TENCENT_SMS_SIGN_NAME: z.string().optional(),
  TENCENT_SMS_TEMPLATE_ID: z.string().optional(),
  TENCENT_SMS_REGION: z.string().default('ap-guangzhou'),
  TENCENT_SMS_ENDPOINT: z.string().default('sms.tencentcloudapi.com'),
  SMS_IP_CAPTCHA_AFTER: positiveInt(3),
  SMS_IP_HOURLY_LIMIT: positiveInt(20),
  // The altcha captcha's work: PBKDF2 iterations per attempt, and the largest counter (the
  // answer is picked between half of it and it). 500 × 10 000 takes about a second in a phone
  // browser's WebCrypto: bulk SMS requests cost something without making a designer wait.
  CAPTCHA_COST: positiveInt(500),
  CAPTCHA_COUNTER_MAX: positiveInt(10_000),
  // Unset: the simulator while the development simulators are on, otherwise off.
  WECHAT_PROVIDER: z
    .enum(['simulator', 'mp', 'off'], { message: 'must be simulator, mp or off' })
    .optional(),
  NODE_ENV: z.string().optional(),
  // The development simulators (SMS outbox, WeChat QR, face): on unless NODE_ENV=production.
  SIMULATORS: z.enum(['on', 'off', 'force'], { message: 'must be on, off or force' }).optional(),
  WECHAT_APP_ID: z.string().optional(),
  WECHAT_APP_SECRET: z.string().optional(),
  WECHAT_TOKEN: z.string().optional(),
  WECHAT_API_BASE: httpUrl().default('https://api.weixin.qq.com'),
  ADMIN_USERNAME: z.string().optional(),
  ADMIN_PASSWORD: z.string().min(12, 'must be at least 12 characters').max(128).optional(),
});

/** Keys each SMS provider needs; missing ones are listed at boot. */
const smsProviderKeys = {
  outbox: [],
  aliyun: [
    'ALIYUN_SMS_ACCESS_KEY_ID',
    'ALIYUN_SMS_ACCESS_KEY_SECRET',
    'ALIYUN_SMS_SIGN_NAME',
    'ALIYUN_SMS_TEMPLATE_CODE',
  ],
  tencent: [
    'TENCENT_SMS_SECRET_ID',
    'TENCENT_SMS_SECRET_KEY',
    'TENCENT_SMS_SDK_APP_ID',
    'TENCENT_SMS_SIGN_NAME',
    'TENCENT_SMS_TEMPLATE_ID',
  ],
} as const;
/** Keys the s3 storage driver needs; missing ones are listed at boot. */
const s3StorageKeys = ['S3_ENDPOINT', 'S3_BUCKET', 'S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY'];

/** STORAGE_DRIVER when set; otherwise s3 as soon as a bucket is configured. */
const storageDriverOf = (source: Record<string, string | undefined>): 'local' | 's3' =>
  source.STORAGE_DRIVER === 's3' || (!source.STORAGE_DRIVER && source.S3_BUCKET) ? 's3' : 'local';

const wechatProviderKeys = {
  simulator: [],
  off: [],
  mp: ['WECHAT_APP_ID', 'WECHAT_APP_SECRET', 'WECHAT_TOKEN'],
} as const;

/**
 * Whether the development simulators may run: SIMULATORS when set, else on outside production.
 * `force` also lets them run on a server listening beyond loopback (see config/simulators.ts).
 */
const simulatorsOf = (source: Record<string, string | undefined>) => {
  const mode = source.SIMULATORS;
  const enabled =
    mode === 'on' || mode === 'force' || (mode !== 'off' && source.NODE_ENV !== 'production');
  return { enabled, forced: mode === 'force' };
};

export type SmsConfig =
  | { provider: 'outbox' }
  | {
      provider: 'aliyun';
      accessKeyId: string;
      accessKeySecret: string;
      signName: string;
      templateCode: string;
      endpoint: string;
    }
  | {
      provider: 'tencent';
      secretId: string;
      secretKey: string;
      sdkAppId: string;
      signName: string;
      templateId: string;
      region: string;
      endpoint: string;
    };

export type WechatConfig =
  | { provider: 'simulator' }
  | { provider: 'off' }
  | { provider: 'mp'; appId: string; appSecret: string; token: string; apiBase: string };

export type StorageConfig =
  | { driver: 'local' }
  | {
      driver: 's3';
      endpoint: string;
      bucket: string;
      accessKeyId: string;
      secretAccessKey: string;
      region: string;
      forcePathStyle: boolean;
      prefix: string | undefined;
    };

/** Bounds on every PostgreSQL wait, so a partitioned database fails requests instead of hanging them. */
export type PgTimeouts = {
  /** Longest wait for a query's answer (client side; PostgreSQL's statement_timeout too). */
  queryMs: number;
  /** Longest wait for a connection: a free one from the pool, or a new one's handshake. */
  connectMs: number;
  /** PostgreSQL ends a session idle inside a transaction this long (its locks go with it). */
  idleInTransactionMs: number;
};

export type DatabaseConfig =
  { dialect: 'sqlite'; file: string } | { dialect: 'postgres'; url: string; timeouts: PgTimeouts };

export type Env = {
  PORT: number;
  HOST: string;
  DATA_DIR: string;
  DATABASE_URL: string | undefined;
  database: DatabaseConfig;
  LOG_LEVEL: (typeof LOG_LEVELS)[number];
  LOG_FORMAT: 'json' | 'pretty';
  WEB_DIST: string;
  BODY_LIMIT_BYTES: number;
  LEGACY_HOSTS: string[];
  CANONICAL_HOST: string | undefined;
  REDIS_URL: string | undefined;
  /** Namespace of every Redis key (queues, rate limits): several installations on one Redis. */
  REDIS_PREFIX: string;
  COMFYUI_URL: string | undefined;
  /** COMFYUI_URL split: one entry per ComfyUI backend (jobs spread over the healthy ones). */
  comfyUiUrls: string[];
  COMFYUI_AUTH: string | undefined;
  COMFYUI_WORKFLOWS_DIR: string | undefined;
  OPENAI_IMAGES_BASE_URL: string | undefined;
  OPENAI_IMAGES_API_KEY: string | undefined;
  OPENAI_IMAGES_MODEL: string | undefined;
  /** Alibaba Model Studio (DashScope), present when DASHSCOPE_API_KEY is set. */
  dashscope: HostedEngineConfig | undefined;
  /** Volcengine Ark, present when ARK_API_KEY is set. */
  ark: HostedEngineConfig | undefined;
  /** OpenAI-compatible chat endpoints per assistant model choice; absent = not configured. */
  llm: Partial<
    Record<
      'gemini' | 'gpt' | 'qwen',
      {
        baseUrl: string;
        apiKey?: string;
        model: string;
        /** Asked instead of `model` when the messages carry pictures. */
        visionModel?: string;
        /** Merged into the request body when deep thinking is on. */
        reasoningParams?: Record<string, unknown>;
      }
    >
  >;
  /** Longest upstream silence (before the first byte, between streamed chunks). */
  LLM_IDLE_TIMEOUT_MS: number;
  /** Type-3 (gpt) tickets one assistant question costs. */
  ASSISTANT_TICKETS_PER_QUESTION: number;
  ASSISTANT_QUESTIONS_PER_MINUTE: number;
  /** Interval of the `: keep-alive` comment on an open answer stream (proxies drop idle ones). */
  ASSISTANT_KEEPALIVE_MS: number;
  /** Where file bytes live: DATA_DIR/files, or an S3-compatible bucket. */
  storage: StorageConfig;
  /** Largest upload in bytes (multipart); data URLs are bounded by BODY_LIMIT_BYTES. */
  UPLOAD_MAX_BYTES: number;
  /** Largest image in pixels, checked from the header before decoding. */
  UPLOAD_MAX_PIXELS: number;
  /** How long a worker owns a running task without renewing; expired ones are recovered. */
  TASK_LEASE_MS: number;
  /** How often a worker looks for queued tasks it was not told about and expired leases. */
  TASK_SWEEP_MS: number;
  TASK_BUSY_WAIT_MS: number;
  TASK_CONCURRENCY_LOCAL: number;
  TASK_CONCURRENCY_REMOTE: number;
  /** Queued + running tasks one user may have per engine lane. */
  TASK_USER_LANE_CAP: number;
  CLICK_MASK_PER_MINUTE: number;
  /** How long a rate-limit count may wait for Redis before the request is let through uncounted. */
  RATE_LIMIT_REDIS_TIMEOUT_MS: number;
  /** Health reads degraded when DATA_DIR's file system has less free space (0: not checked). */
  DATA_DIR_MIN_FREE_BYTES: number;
  TRUST_PROXY: boolean;
  /** Signs captcha challenges and keys code hashes; generated and stored in the database when unset. */
  APP_SECRET: string | undefined;
  /** Tickets granted on first login, by ticket type (spec §3). */
  signupTickets: Partial<Record<1 | 2 | 3 | 4, number>>;
  testLogin: boolean;
  sms: SmsConfig;
  smsIpCaptchaAfter: number;
  smsIpHourlyLimit: number;
  captcha: { cost: number; counterMax: number };
  wechat: WechatConfig;
  /** The development simulators: allowed at all, and allowed beyond loopback (SIMULATORS=force). */
  simulators: { enabled: boolean; forced: boolean };
  bootstrapAdmin: { username: string; password: string } | undefined;
  /** Non-empty raw variables; areas parse their own with parseAreaEnv (config/area-env.ts). */
  source: Readonly<Record<string, string>>;
};

export const parseSignupTickets = (raw: string): Partial<Record<1 | 2 | 3 | 4, number>> => {
  const out: Partial<Record<1 | 2 | 3 | 4, number>> = {};
  for (const pair of raw.split(',')) {
    const [type, count] = pair.split(':').map((p) => Number(p.trim()));
    if (type === 1 || type === 2 || type === 3 || type === 4) out[type] = count ?? 0;
  }
  return out;
};

export class EnvError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid environment configuration:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
    this.name = 'EnvError';
  }
}

/**
 * The repo's apps/web/dist, found by walking up from this file: the same answer from
 * src/config/env.ts under tsx and from the bundled apps/server/dist/main.js.
 */
export const defaultWebDist = (
  from: string = fileURLToPath(import.meta.url),
): string | undefined => {
  let dir = path.dirname(from);
  for (;;) {
    if (fs.existsSync(path.join(dir, 'apps', 'web', 'package.json'))) {
      return path.join(dir, 'apps', 'web', 'dist');
    }
    const parent = path.dirname(dir);
    if (parent === dir) return undefined;
    dir = parent;
  }
};

/** cwd: base for relative DATA_DIR and WEB_DIST (default: INIT_CWD set by npm, else process.cwd()). */
export type LoadEnvOptions = { cwd?: string };

export const loadEnv = (
  source: Record<string, string | undefined> = process.env,
  options: LoadEnvOptions = {},
): Env => {
  // Under `npm run … -w @huijing/server` the cwd is apps/server; INIT_CWD is where the operator
  // typed the command, so ./data means the same directory however the server is started.
  const cwd = options.cwd ?? source.INIT_CWD ?? process.cwd();
  // An empty value in a .env file or a compose file means "not set", not "set to nothing".
  const cleaned = Object.fromEntries(
    Object.entries(source).filter(([, v]) => v !== undefined && v.trim() !== ''),
  );
  const parsed = rawEnvSchema.safeParse(cleaned);
  const problems = parsed.success
    ? []
    : parsed.error.issues.map((i) => `${i.path.join('.') || '(root)'}: ${i.message}`);
  // Cross-field rules are checked on the raw input so they are reported alongside field errors.
  if (cleaned.LEGACY_HOSTS && !cleaned.CANONICAL_HOST) {
    problems.push('CANONICAL_HOST: required when LEGACY_HOSTS is set');
  }
  const canonicalHost = cleaned.CANONICAL_HOST?.toLowerCase()
    .replace(/^https?:\/\//, '')
    .replace(/\/$/, '');
  const legacyList =
    cleaned.LEGACY_HOSTS?.toLowerCase()
      .split(',')
      .map((h) => h.trim()) ?? [];
  if (canonicalHost && legacyList.includes(canonicalHost)) {
    problems.push('CANONICAL_HOST: must not be one of LEGACY_HOSTS (redirect loop)');
  }
  const smsProvider = (cleaned.SMS_PROVIDER ?? 'outbox') as keyof typeof smsProviderKeys;
  for (const key of smsProviderKeys[smsProvider] ?? []) {
    if (!cleaned[key]) problems.push(`${key}: required when SMS_PROVIDER=${smsProvider}`);
  }
  const simulators = simulatorsOf(cleaned);
  const simulatorsOff = 'off while NODE_ENV=production or SIMULATORS=off; SIMULATORS=on forces it';
  if (!simulators.enabled && (cleaned.SMS_PROVIDER ?? 'outbox') === 'outbox') {
    problems.push(
      `SMS_PROVIDER: set aliyun or tencent (the outbox is a development simulator, ${simulatorsOff})`,
    );
  }
  if (!simulators.enabled && cleaned.WECHAT_PROVIDER === 'simulator') {
    problems.push(
      `WECHAT_PROVIDER: set mp or off (the simulator is a development tool, ${simulatorsOff})`,
    );
  }
  const wechatProvider = (cleaned.WECHAT_PROVIDER ??
    (simulators.enabled ? 'simulator' : 'off')) as keyof typeof wechatProviderKeys;
  for (const key of wechatProviderKeys[wechatProvider] ?? []) {
    if (!cleaned[key]) problems.push(`${key}: required when WECHAT_PROVIDER=${wechatProvider}`);
  }
  const storageDriver = storageDriverOf(cleaned);
  if (storageDriver === 's3') {
    for (const key of s3StorageKeys) {
      if (!cleaned[key]) problems.push(`${key}: required for the s3 storage driver`);
    }
  }
  for (const prefix of ['LLM_GEMINI', 'LLM_GPT']) {
    if (Boolean(cleaned[`${prefix}_BASE_URL`]) !== Boolean(cleaned[`${prefix}_MODEL`])) {
      problems.push(
        `${prefix}_BASE_URL, ${prefix}_MODEL: set both to enable this model, or neither`,
      );
    }
  }
  // Replaced by ALTCHA's settings: kept silently it would leave an operator believing the old
  // difficulty still applies.
  if (cleaned.CAPTCHA_BITS) {
    problems.push(
      'CAPTCHA_BITS: no longer used (the captcha is ALTCHA now): remove it; CAPTCHA_COST (PBKDF2 iterations, default 500) and CAPTCHA_COUNTER_MAX set its difficulty',
    );
  }
  if (Boolean(cleaned.ADMIN_USERNAME) !== Boolean(cleaned.ADMIN_PASSWORD)) {
    problems.push(
      'ADMIN_USERNAME, ADMIN_PASSWORD: set both to create the first super admin, or neither',
    );
  }
  if (!parsed.success || problems.length > 0) throw new EnvError(problems);

  const raw = parsed.data;
  const dataDir = path.resolve(cwd, raw.DATA_DIR);
  const webDist = raw.WEB_DIST
    ? path.resolve(cwd, raw.WEB_DIST)
    : (defaultWebDist() ?? path.resolve(cwd, 'apps/web/dist'));
  const legacyHosts = raw.LEGACY_HOSTS ?? [];
  const canonical = raw.CANONICAL_HOST?.toLowerCase().replace(/\/$/, '');

  return {
    PORT: raw.PORT,
    HOST: raw.HOST,
    DATA_DIR: dataDir,
    DATABASE_URL: raw.DATABASE_URL,
    database: raw.DATABASE_URL
      ? {
          dialect: 'postgres',
          url: raw.DATABASE_URL,
          timeouts: {
            queryMs: raw.DB_QUERY_TIMEOUT_MS,
            connectMs: raw.DB_CONNECT_TIMEOUT_MS,
            idleInTransactionMs: raw.DB_IDLE_IN_TRANSACTION_TIMEOUT_MS,
          },
        }
      : { dialect: 'sqlite', file: path.join(dataDir, 'huijing.sqlite') },
    LOG_LEVEL: raw.LOG_LEVEL,
    LOG_FORMAT: raw.LOG_FORMAT ?? (process.stdout.isTTY ? 'pretty' : 'json'),
    WEB_DIST: webDist,
    BODY_LIMIT_BYTES: raw.BODY_LIMIT_BYTES,
    LEGACY_HOSTS: legacyHosts,
    CANONICAL_HOST: canonical,
    REDIS_URL: raw.REDIS_URL,
    REDIS_PREFIX: raw.REDIS_PREFIX,
    COMFYUI_URL: raw.COMFYUI_URL,
    comfyUiUrls: splitList(raw.COMFYUI_URL),
    COMFYUI_AUTH: raw.COMFYUI_AUTH,
    COMFYUI_WORKFLOWS_DIR: raw.COMFYUI_WORKFLOWS_DIR
      ? path.resolve(cwd, raw.COMFYUI_WORKFLOWS_DIR)
      : undefined,
    OPENAI_IMAGES_BASE_URL: raw.OPENAI_IMAGES_BASE_URL,
    OPENAI_IMAGES_API_KEY: raw.OPENAI_IMAGES_API_KEY,
    OPENAI_IMAGES_MODEL: raw.OPENAI_IMAGES_MODEL,
    dashscope: raw.DASHSCOPE_API_KEY
      ? {
          apiKey: raw.DASHSCOPE_API_KEY,
          baseUrl: raw.DASHSCOPE_BASE_URL ?? 'https://dashscope.aliyuncs.com',
          concurrency: raw.DASHSCOPE_CONCURRENCY,
          models: definedOnly({
            imageEdit: raw.DASHSCOPE_MODEL_IMAGE_EDIT,
            textToImage: raw.DASHSCOPE_MODEL_TEXT_TO_IMAGE,
            imageToVideo: raw.DASHSCOPE_MODEL_IMAGE_TO_VIDEO,
            firstLastVideo: raw.DASHSCOPE_MODEL_FIRST_LAST_VIDEO,
            textToVideo: raw.DASHSCOPE_MODEL_TEXT_TO_VIDEO,
          }),
        }
      : undefined,
    ark: raw.ARK_API_KEY
      ? {
          apiKey: raw.ARK_API_KEY,
          baseUrl: raw.ARK_BASE_URL ?? 'https://ark.cn-beijing.volces.com',
          concurrency: raw.ARK_CONCURRENCY,
          models: definedOnly({
            seedream: raw.ARK_MODEL_SEEDREAM,
            seedance: raw.ARK_MODEL_SEEDANCE,
          }),
        }
      : undefined,
    llm: {
      ...(raw.LLM_GEMINI_BASE_URL &&
        raw.LLM_GEMINI_MODEL && {
          gemini: {
            baseUrl: raw.LLM_GEMINI_BASE_URL,
            apiKey: raw.LLM_GEMINI_API_KEY,
            model: raw.LLM_GEMINI_MODEL,
            reasoningParams: raw.LLM_GEMINI_REASONING_PARAMS,
          },
        }),
      ...(raw.LLM_GPT_BASE_URL &&
        raw.LLM_GPT_MODEL && {
          gpt: {
            baseUrl: raw.LLM_GPT_BASE_URL,
            apiKey: raw.LLM_GPT_API_KEY,
            model: raw.LLM_GPT_MODEL,
            reasoningParams: raw.LLM_GPT_REASONING_PARAMS,
          },
        }),
      // Qwen on the DashScope key, through its OpenAI-compatible mode: the prompt tools and
      // captions fall back to it when no LLM_* model is configured.
      ...(raw.DASHSCOPE_API_KEY && {
        qwen: {
          baseUrl: `${(raw.DASHSCOPE_BASE_URL ?? 'https://dashscope.aliyuncs.com').replace(/\/+$/, '')}/compatible-mode/v1`,
          apiKey: raw.DASHSCOPE_API_KEY,
          model: raw.DASHSCOPE_MODEL_CHAT ?? 'qwen-plus',
          visionModel: raw.DASHSCOPE_MODEL_VISION ?? 'qwen-vl-plus',
        },
      }),
    },
    LLM_IDLE_TIMEOUT_MS: raw.LLM_IDLE_TIMEOUT_MS,
    ASSISTANT_TICKETS_PER_QUESTION: raw.ASSISTANT_TICKETS_PER_QUESTION,
    ASSISTANT_QUESTIONS_PER_MINUTE: raw.ASSISTANT_QUESTIONS_PER_MINUTE,
    ASSISTANT_KEEPALIVE_MS: raw.ASSISTANT_KEEPALIVE_MS,
    storage:
      storageDriver === 's3'
        ? {
            driver: 's3',
            endpoint: raw.S3_ENDPOINT ?? '',
            bucket: raw.S3_BUCKET ?? '',
            accessKeyId: raw.S3_ACCESS_KEY_ID ?? '',
            secretAccessKey: raw.S3_SECRET_ACCESS_KEY ?? '',
            region: raw.S3_REGION,
            forcePathStyle: raw.S3_FORCE_PATH_STYLE,
            prefix: raw.S3_PREFIX || undefined,
          }
        : { driver: 'local' },
    UPLOAD_MAX_BYTES: raw.UPLOAD_MAX_BYTES,
    UPLOAD_MAX_PIXELS: raw.UPLOAD_MAX_PIXELS,
    TASK_LEASE_MS: raw.TASK_LEASE_MS,
    TASK_SWEEP_MS: raw.TASK_SWEEP_MS,
    TASK_BUSY_WAIT_MS: raw.TASK_BUSY_WAIT_MS,
    TASK_CONCURRENCY_LOCAL: raw.TASK_CONCURRENCY_LOCAL,
    TASK_CONCURRENCY_REMOTE: raw.TASK_CONCURRENCY_REMOTE,
    TASK_USER_LANE_CAP: raw.TASK_USER_LANE_CAP,
    CLICK_MASK_PER_MINUTE: raw.CLICK_MASK_PER_MINUTE,
    RATE_LIMIT_REDIS_TIMEOUT_MS: raw.RATE_LIMIT_REDIS_TIMEOUT_MS,
    DATA_DIR_MIN_FREE_BYTES: raw.DATA_DIR_MIN_FREE_BYTES,
    TRUST_PROXY: raw.TRUST_PROXY,
    APP_SECRET: raw.APP_SECRET,
    signupTickets: parseSignupTickets(raw.SIGNUP_TICKETS),
    testLogin: raw.TEST_LOGIN === 'on',
    sms: smsConfig(raw),
    smsIpCaptchaAfter: raw.SMS_IP_CAPTCHA_AFTER,
    smsIpHourlyLimit: raw.SMS_IP_HOURLY_LIMIT,
    captcha: { cost: raw.CAPTCHA_COST, counterMax: raw.CAPTCHA_COUNTER_MAX },
    wechat:
      raw.WECHAT_PROVIDER === 'mp'
        ? {
            provider: 'mp',
            appId: raw.WECHAT_APP_ID ?? '',
            appSecret: raw.WECHAT_APP_SECRET ?? '',
            token: raw.WECHAT_TOKEN ?? '',
            apiBase: raw.WECHAT_API_BASE.replace(/\/+$/, ''),
          }
        : { provider: wechatProvider === 'off' ? 'off' : 'simulator' },
    simulators,
    bootstrapAdmin:
      raw.ADMIN_USERNAME && raw.ADMIN_PASSWORD
        ? { username: raw.ADMIN_USERNAME.trim(), password: raw.ADMIN_PASSWORD }
        : undefined,
    source: Object.freeze(cleaned as Record<string, string>),
  };
};

// Presence of the chosen provider's keys was checked above, so the empty fallbacks never apply.
const smsConfig = (raw: z.infer<typeof rawEnvSchema>): SmsConfig => {
  if (raw.SMS_PROVIDER === 'aliyun') {
    return {
      provider: 'aliyun',
      accessKeyId: raw.ALIYUN_SMS_ACCESS_KEY_ID ?? '',
      accessKeySecret: raw.ALIYUN_SMS_ACCESS_KEY_SECRET ?? '',
      signName: raw.ALIYUN_SMS_SIGN_NAME ?? '',
      templateCode: raw.ALIYUN_SMS_TEMPLATE_CODE ?? '',
      endpoint: raw.ALIYUN_SMS_ENDPOINT,
    };
  }
  if (raw.SMS_PROVIDER === 'tencent') {
    return {
      provider: 'tencent',
      secretId: raw.TENCENT_SMS_SECRET_ID ?? '',
      secretKey: raw.TENCENT_SMS_SECRET_KEY ?? '',
      sdkAppId: raw.TENCENT_SMS_SDK_APP_ID ?? '',
      signName: raw.TENCENT_SMS_SIGN_NAME ?? '',
      templateId: raw.TENCENT_SMS_TEMPLATE_ID ?? '',
      region: raw.TENCENT_SMS_REGION,
      endpoint: raw.TENCENT_SMS_ENDPOINT,
    };
  }
  return { provider: 'outbox' };
};
