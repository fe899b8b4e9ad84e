import type { Generated } from 'kysely';

/**
 * Table types for Kysely. Column types are what both dialects return, so timestamps are ISO-8601
 * UTC strings written by the application (SQLite has no timestamp type and a text column sorts
 * correctly on both).
 */
export interface AppSettingsTable {
  key: string;
  /** JSON text; the settings repository parses it against the key's schema. */
  value: string;
  updated_at: string;
}

/** Booleans are 0/1 integers on both dialects; timestamps ISO text (see the note above). */
export interface UsersTable {
  id: string;
  phone: string | null;
  wx_openid: string | null;
  nickname: string;
  avatar_file: string | null;
  user_type: Generated<string>;
  profession: string | null;
  /** JSON array of strings. */
  interests: Generated<string>;
  interests_set_at: string | null;
  is_test_user: Generated<number>;
  vip_tier: string | null;
  vip_until: string | null;
  /** JSON of the landing source {keyWord, plan, source, unit}, kept as first seen. */
  source: string | null;
  invite_code: string | null;
  disabled_at: string | null;
  created_at: string;
  updated_at: string;
  last_login_at: string | null;
}

export interface SessionsTable {
  id: string;
  kind: 'user' | 'admin';
  subject_id: string;
  token_hash: string;
  client_type: number | null;
  created_at: string;
  expires_at: string;
  last_seen_at: string;
  revoked_at: string | null;
  revoke_reason: string | null;
  ua: string | null;
  ip: string | null;
}

export interface SmsCodesTable {
  id: string;
  phone: string;
  purpose: string;
  code_hash: string;
  attempts: Generated<number>;
  created_at: string;
  expires_at: string;
  /** Set when used, exhausted by wrong tries, or replaced by a newer code. */
  consumed_at: string | null;
}

export interface SmsSendLogTable {
  id: string;
  phone: string;
  ip: string;
  at: string;
}

export interface TicketLedgerTable {
  id: string;
  user_id: string;
  ticket_type: number;
  delta: number;
  reason: string;
  ref: string | null;
  created_at: string;
}

export interface WxScenesTable {
  id: string;
  browser_hash: string;
  status: 'waiting' | 'scanned' | 'confirmed' | 'consumed';
  user_id: string | null;
  created_at: string;
  expires_at: string;
  updated_at: string;
}

export interface AdminAccountsTable {
  id: string;
  username: string;
  display_name: string;
  password_hash: string;
  role: 'super' | 'operator' | 'finance';
  disabled_at: string | null;
  last_login_at: string | null;
  created_at: string;
  updated_at: string;
}

/** Keyed by the username as typed (lower-cased), so unknown names lock out the same way. */
export interface AdminLoginFailuresTable {
  username: string;
  failures: number;
  first_failed_at: string;
  locked_until: string | null;
}

export interface CaptchaTokensTable {
  token_hash: string;
  /** A solved challenge yields one token only. */
  challenge_id: string;
  created_at: string;
  expires_at: string;
  used_at: string | null;
}

export interface FaceVerificationsTable {
  id: string;
  user_id: string;
  status: 'pending' | 'passed' | 'failed';
  created_at: string;
  expires_at: string;
}

/** Kept in the same transaction as every ledger line: balance = SUM(delta) per user and type. */
export interface TicketBalancesTable {
  user_id: string;
  ticket_type: number;
  balance: number;
}

export interface FilesTable {
  id: string;
  user_id: string;
  kind: 'upload' | 'output' | 'mask';
  mime: string;
  width: number;
  height: number;
  bytes: number;
  duration: number | null;
  storage_key: string;
  public: Generated<number>;
  /** 1: an output served watermarked while its owner is not a member (migration 0017). */
  watermark: Generated<number>;
  created_at: string;
}

export interface CountersTable {
  name: string;
  value: number;
}

export type TaskStatus = 'queued' | 'running' | 'succeeded' | 'failed' | 'canceled';
export type TicketsState = 'none' | 'held' | 'captured' | 'released';

export interface TasksTable {
  id: string;
  /** Submission order; queued tasks run by it and queueNum counts smaller ones. */
  seq: number;
  user_id: string;
  tool_id: string;
  family: string;
  capability: string;
  engine: string;
  status: TaskStatus;
  /** JSON: the tool's parameters after its schema. */
  params: string;
  /** JSON: input name → file id (or file ids for lists). */
  inputs: string;
  /** JSON: [{fileId, kind, mime, width, height, duration?}]. */
  outputs: Generated<string>;
  error: string | null;
  progress: Generated<number>;
  ticket_type: number;
  price: number;
  tickets_state: TicketsState;
  attempts: Generated<number>;
  hidden: Generated<number>;
  worker_id: string | null;
  lease_until: string | null;
  created_at: string;
  started_at: string | null;
  finished_at: string | null;
  updated_at: string;
}

export interface IdempotencyKeysTable {
  user_id: string;
  key: string;
  task_id: string;
  created_at: string;
}

/** A node of the getAllClassify tree; enabled is 0/1, and a disabled node hides its subtree. */
export interface CategoriesTable {
  id: string;
  parent_id: string | null;
  level: number;
  name: string;
  name_en: string | null;
  sort: number;
  prompt: Generated<string>;
  cover: string | null;
  enabled: Generated<number>;
  created_at: string;
  updated_at: string;
}

/** A material of getAllSuCai; the swatch picture is drawn from color and pattern on read. */
export interface MaterialsTable {
  id: string;
  category: string;
  name: string;
  name_en: string | null;
  color: string;
  pattern: string;
  prompt: Generated<string>;
  /** JSON array of strings. */
  tags: Generated<string>;
  sort: number;
  enabled: Generated<number>;
  created_at: string;
  updated_at: string;
}

export interface Database {
  app_settings: AppSettingsTable;
  users: UsersTable;
  sessions: SessionsTable;
  sms_codes: SmsCodesTable;
  sms_send_log: SmsSendLogTable;
  ticket_ledger: TicketLedgerTable;
  wx_scenes: WxScenesTable;
  admin_accounts: AdminAccountsTable;
  admin_login_failures: AdminLoginFailuresTable;
  captcha_tokens: CaptchaTokensTable;
  face_verifications: FaceVerificationsTable;
  ticket_balances: TicketBalancesTable;
  files: FilesTable;
  counters: CountersTable;
  tasks: TasksTable;
  idempotency_keys: IdempotencyKeysTable;
  categories: CategoriesTable;
  materials: MaterialsTable;
}
