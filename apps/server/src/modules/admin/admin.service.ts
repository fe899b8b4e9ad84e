import type { AdminAccount } from '@huijing/contracts';
import { hash, verify } from '@node-rs/argon2';
import type { Kysely, Transaction } from 'kysely';
import type { Logger } from 'pino';
import type { Clock } from '../../config/clock';
import { MINUTE, addMs } from '../../config/clock';
import { newId } from '../../db/ids';
import type { Database } from '../../db/schema';
import { AppError } from '../../http/app-error';
import type { SessionMeta, SessionsService } from '../auth/sessions.service';
import { createAdminAccountsRepository } from './admin-accounts.repository';
import type { AdminAccountsRepository, AdminRecord, AdminRole } from './admin-accounts.repository';
import { createAuditLog } from './audit.service';
import type { AuditCaller } from './audit.service';

export const ADMIN_LOCKOUT = {
  maxFailures: 5,
  /** Failures from one address across all usernames (a spray of usernames from one host). */
  maxFailuresPerIp: 50,
  windowMs: 15 * MINUTE,
  lockMs: 15 * MINUTE,
} as const;

// OWASP's argon2id minimum (19 MiB, 2 passes, 1 lane); @node-rs/argon2 defaults to argon2id.
const HASH_OPTIONS = { memoryCost: 19456, timeCost: 2, parallelism: 1 } as const;

export const hashPassword = (password: string) => hash(password, HASH_OPTIONS);

export const toAdminAccount = (a: AdminRecord): AdminAccount => ({
  accountId: a.id,
  username: a.username,
  displayName: a.displayName,
  role: a.role,
  disabled: a.disabled,
  lastLoginAt: a.lastLoginAt,
  createdAt: a.createdAt,
});

export type AdminCreate = {
  username: string;
  password: string;
  displayName: string;
  role: AdminRole;
};
export type AdminUpdate = Partial<{
  displayName: string;
  password: string;
  role: AdminRole;
  disabled: boolean;
}>;

export type AdminService = ReturnType<typeof createAdminService>;

/** Who asked, for the log lines: the acting admin's id and the request id (reqId, as Fastify). */
export type LogContext = { actorId?: string; reqId?: string };

const logContextOf = (caller: AuditCaller): LogContext =>
  'raw' in caller ? { actorId: caller.adminAuth?.adminId, reqId: caller.id } : {};

export const createAdminService = (deps: {
  db: Kysely<Database>;
  dialect: 'sqlite' | 'postgres';
  sessions: SessionsService;
  now: Clock;
  logger: Logger;
}) => {
  const repo = createAdminAccountsRepository(deps.db);
  const audit = createAuditLog(deps);
  const iso = () => deps.now().toISOString();
  // Verified against for unknown usernames, so they take as long as a wrong password.
  let dummyHash: Promise<string> | undefined;

  const requireAdmin = async (id: string) => {
    const admin = await repo.findAdminById(id);
    if (!admin) throw new AppError('RESOURCE_NOT_FOUND');
    return admin;
  };

  /**
   * Counts the attempt before the password is checked, per username and per address, each in one
   * conditional upsert: of any number of parallel guesses only the first `max` are verified, the
   * rest are refused as locked without touching argon2.
   */
  const admitAttempt = async (keys: Array<{ key: string; max: number }>) => {
    const at = deps.now();
    const iso = at.toISOString();
    const windowStart = new Date(at.getTime() - ADMIN_LOCKOUT.windowMs).toISOString();
    const counted = await Promise.all(
      keys.map(async (k) => ({ ...k, ...(await repo.countAttempt(k.key, iso, windowStart)) })),
    );
    const lockedUntil = addMs(at, ADMIN_LOCKOUT.lockMs).toISOString();
    const over = counted.filter(
      (c) => (c.lockedUntil !== null && c.lockedUntil > iso) || c.attempts > c.max,
    );
    for (const c of over)
      if (!(c.lockedUntil && c.lockedUntil > iso)) await repo.lock(c.key, lockedUntil);
    return {
      locked: over.length > 0,
      /** After a failed check: locks each key whose allowance this attempt used up. */
      failed: async () => {
        const used = counted.filter((c) => c.attempts >= c.max);
        for (const c of used) await repo.lock(c.key, lockedUntil);
        return used.length > 0;
      },
    };
  };

  /** Inserts the account on `db` (the caller's transaction when audited); hashed beforehand. */
  const insert = async (db: Kysely<Database>, input: AdminCreate, passwordHash: string) => {
    const id = newId();
    const inTrx = createAdminAccountsRepository(db);
    const inserted = await inTrx.insertAdmin({
      id,
      username: input.username,
      displayName: input.displayName,
      passwordHash,
      role: input.role,
      at: iso(),
    });
    if (!inserted) throw new AppError('ADMIN_USERNAME_TAKEN');
    return (await inTrx.findAdminById(id))!;
  };

  /**
   * Runs a change in one transaction with the enabled super admins locked, and refuses it when it
   * would leave none: two parallel changes cannot each count the other's super as still there.
   * The audit row (the account before and after) is written in the same transaction.
   */
  const guardedChange = (
    caller: AuditCaller,
    action: string,
    id: string,
    staysActiveSuper: (target: AdminRecord) => boolean,
    change: (trx: AdminAccountsRepository, target: AdminRecord) => Promise<void>,
  ): Promise<AdminRecord | undefined> =>
    audit.audited(caller, action, async (trx: Transaction<Database>) => {
      const inTrx = createAdminAccountsRepository(trx);
      const supers = await inTrx.lockActiveSupers(deps.dialect === 'postgres');
      const target = await inTrx.findAdminById(id);
      if (!target) throw new AppError('RESOURCE_NOT_FOUND');
      const isActiveSuper = supers.includes(target.id);
      if (isActiveSuper && !staysActiveSuper(target) && supers.length <= 1) {
        throw new AppError('ADMIN_LAST_SUPER');
      }
      await change(inTrx, target);
      const after = await inTrx.findAdminById(id);
      return {
        value: after,
        target: `admin:${id}`,
        before: toAdminAccount(target),
        after: after && toAdminAccount(after),
      };
    });

  return {
    /** The append-only audit log (sign-ins are recorded by the routes, changes here). */
    audit,

    async login(username: string, password: string, meta: SessionMeta, by: LogContext = {}) {
      const who = { ...by, username: username.trim().slice(0, 64) };
      const key = username.trim().toLowerCase();
      const ipKey = `ip:${meta.ip ?? 'unknown'}`;
      const attempt = await admitAttempt([
        { key, max: ADMIN_LOCKOUT.maxFailures },
        { key: ipKey, max: ADMIN_LOCKOUT.maxFailuresPerIp },
      ]);
      if (attempt.locked) {
        deps.logger.info(who, 'admin login refused: locked');
        throw new AppError('ADMIN_LOCKED');
      }
      const found = await repo.findCredentials(username.trim());
      const valid = found
        ? await verify(found.passwordHash, password)
        : await verify(await (dummyHash ??= hashPassword('not-a-password-0000')), password).then(
            () => false,
          );
      if (!found || !valid || found.account.disabled) {
        const locked = await attempt.failed();
        deps.logger.info({ ...who, locked }, 'admin login failed');
        throw new AppError(locked ? 'ADMIN_LOCKED' : 'ADMIN_BAD_CREDENTIALS');
      }
      await repo.clearFailures(key);
      await repo.uncount(ipKey);
      const token = await deps.sessions.issue('admin', found.account.id, meta);
      await repo.recordLogin(found.account.id, iso());
      return { token, account: toAdminAccount(await requireAdmin(found.account.id)) };
    },

    /** For the auth guard: the current role and state, read on every request. */
    findForAuth: (id: string) => repo.findAdminById(id),

    list: async (q: { page: number; pageSize: number; keyword?: string }) => {
      const { list, total } = await repo.listAdmins(q);
      return { list: list.map(toAdminAccount), total, page: q.page, pageSize: q.pageSize };
    },

    get: async (id: string) => toAdminAccount(await requireAdmin(id)),

    /** A new account and its `admin.account.create` audit row, in one transaction. */
    async create(caller: AuditCaller, input: AdminCreate, reason?: string): Promise<AdminAccount> {
      // Hashed before the transaction: argon2 takes a while and must not hold it open.
      const passwordHash = await hashPassword(input.password);
      const created = await audit.audited(caller, 'admin.account.create', async (trx) => {
        const account = toAdminAccount(await insert(trx, input, passwordHash));
        return { value: account, target: `admin:${account.accountId}`, after: account, reason };
      });
      deps.logger.info(
        { ...logContextOf(caller), adminId: created.accountId, role: input.role },
        'admin account created',
      );
      return created;
    },

    async update(caller: AuditCaller, id: string, patch: AdminUpdate): Promise<AdminAccount> {
      const passwordHash = patch.password ? await hashPassword(patch.password) : undefined;
      const after = await guardedChange(
        caller,
        patch.password ? 'admin.account.password' : 'admin.account.update',
        id,
        (target) => (patch.role ?? target.role) === 'super' && !(patch.disabled ?? target.disabled),
        (trx) =>
          trx.updateAdmin(
            id,
            {
              displayName: patch.displayName,
              role: patch.role,
              disabled: patch.disabled,
              passwordHash,
            },
            iso(),
          ),
      );
      // A disabled account or a reset password ends every session of that admin.
      if (patch.disabled === true || patch.password) {
        await deps.sessions.revokeAll('admin', id, patch.password ? 'password-reset' : 'disabled');
      }
      deps.logger.info(
        { ...logContextOf(caller), adminId: id, role: after?.role, disabled: after?.disabled },
        'admin account updated',
      );
      return toAdminAccount(await requireAdmin(id));
    },

    async remove(caller: AuditCaller, id: string): Promise<void> {
      await guardedChange(
        caller,
        'admin.account.delete',
        id,
        () => false,
        (trx) => trx.deleteAdmin(id),
      );
      await deps.sessions.revokeAll('admin', id, 'deleted');
      deps.logger.info({ ...logContextOf(caller), adminId: id }, 'admin account deleted');
    },

    /** ADMIN_USERNAME/ADMIN_PASSWORD on boot: created once, never overwritten. */
    async ensureBootstrapAdmin(username: string, password: string): Promise<boolean> {
      if (await repo.findCredentials(username)) return false;
      try {
        const input = { username, password, displayName: '超级管理员', role: 'super' as const };
        const created = await insert(deps.db, input, await hashPassword(password));
        deps.logger.info({ adminId: created.id, role: created.role }, 'admin account created');
        return true;
      } catch (err) {
        // Another node created it at the same moment.
        if (err instanceof AppError && err.key === 'ADMIN_USERNAME_TAKEN') return false;
        throw err;
      }
    },
  };
};
