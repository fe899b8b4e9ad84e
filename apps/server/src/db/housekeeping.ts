import type { Kysely } from 'kysely';
import { DAY, type Clock } from '../config/clock';
import type { Database } from './schema';

/**
 * Short-lived account rows (SMS codes and send log, captcha tokens, WeChat QR scenes, face checks,
 * sessions) are only read while they are valid; kept for a grace period after that (support and
 * abuse questions), then deleted so the tables stay small. Nothing here is ever read again once
 * pruned: a pruned session, code or scene answers exactly as an expired one does.
 */
export const HOUSEKEEPING_GRACE_MS = 7 * DAY;
/** The SMS send log feeds per-phone and per-IP limits whose longest window is one day. */
export const SMS_LOG_KEEP_MS = 2 * DAY;

const expiring = [
  'sms_codes',
  'captcha_tokens',
  'wx_scenes',
  'face_verifications',
  'sessions',
] as const;

export const pruneExpired = async (
  db: Kysely<Database>,
  now: Clock,
): Promise<Record<string, number>> => {
  const at = now().getTime();
  const cutoff = new Date(at - HOUSEKEEPING_GRACE_MS).toISOString();
  const removed: Record<string, number> = {};
  for (const table of expiring) {
    const r = await db.deleteFrom(table).where('expires_at', '<', cutoff).executeTakeFirst();
    removed[table] = Number(r.numDeletedRows);
  }
  const logCutoff = new Date(at - SMS_LOG_KEEP_MS).toISOString();
  const r = await db.deleteFrom('sms_send_log').where('at', '<', logCutoff).executeTakeFirst();
  removed.sms_send_log = Number(r.numDeletedRows);
  return removed;
};
