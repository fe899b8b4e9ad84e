import type { AdminAccount } from '@huijing/contracts';
import { hash, verify } from '@node-rs/argon2';
import type { Kysely } from 'kysely';
import type { Logger } from 'pino';
import type { Clock } from '../../config/clock';
import { MINUTE, addMs } from '../../config/clock';
import { newId } from '../../db/ids';
import type { Database } from '../../db/schema';
import { AppError } from '../../http/app-error';
import type { SessionMeta, SessionsService } from '../auth/sessions.service';
import { createAdminAccountsRepository } from './admin-accounts.repository';
import type { AdminRecord, AdminRole } from './admin-accounts.repository';

export const ADMIN_LOCKOUT = {
  maxFailures: 5,
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

export const createAdminService = (deps: {
  db: Kysely<Database>;
  sessions: SessionsService;
  now: Clock;
  logger: Logger;
}) => {
  const repo = createAdminAccountsRepository(deps.db);
  const iso = () => deps.now().toISOString();
  // Verified against for unknown usernames, so they take as long as a wrong password.
  let dummyHash: Promise<string> | undefined;

  const requireAdmin = async (id: string) => {
    const admin = await repo.findAdminById(id);
    if (!admin) throw new AppError('RESOURCE_NOT_FOUND');
    return admin;
  };

  const recordFailure = async (key: string) => {
    const at = deps.now();
    const current = await repo.findLock(key);
    const inWindow =
      current && at.getTime() - Date.parse(current.firstFailedAt) < ADMIN_LOCKOUT.windowMs;
    const failures = inWindow ? current.failures + 1 : 1;
    const first = inWindow ? current.firstFailedAt : at.toISOString();
    const locked = failures >= ADMIN_LOCKOUT.maxFailures;
    await repo.saveFailures(
      key,
      locked ? 0 : failures,
      first,
      locked ? addMs(at, ADMIN_LOCKOUT.lockMs).toISOString() : null,
    );
    return locked;
  };

  const create = async (input: AdminCreate): Promise<AdminRecord> => {
    const id = newId();
    const inserted = await repo.insertAdmin({
      id,
      username: input.username,
      displayName: input.displayName,
      passwordHash: await hashPassword(input.password),
      role: input.role,
      at: iso(),
    });
    if (!inserted) throw new AppError('ADMIN_USERNAME_TAKEN');
    deps.logger.info({ adminId: id, role: input.role }, 'admin account created');
    return requireAdmin(id);
  };

  /** Refuses a change that would leave no enabled super admin. */
  const guardLastSuper = async (target: AdminRecord, staysActiveSuper: boolean) => {
    if (target.role !== 'super' || target.disabled || staysActiveSuper) return;
    if ((await repo.countActiveSupers()) <= 1) throw new AppError('ADMIN_LAST_SUPER');
  };

  return {
    async login(username: string, password: string, meta: SessionMeta) {
      const key = username.trim().toLowerCase();
      const lock = await repo.findLock(key);
      if (lock?.lockedUntil && Date.parse(lock.lockedUntil) > deps.now().getTime()) {
        throw new AppError('ADMIN_LOCKED');
      }
      const found = await repo.findCredentials(username.trim());
      const valid = found
        ? await verify(found.passwordHash, password)
        : await verify(await (dummyHash ??= hashPassword('not-a-password-0000')), password).then(
            () => false,
          );
      if (!found || !valid || found.account.disabled) {
        const locked = await recordFailure(key);
        deps.logger.info({ locked }, 'admin login failed');
        throw new AppError(locked ? 'ADMIN_LOCKED' : 'ADMIN_BAD_CREDENTIALS');
      }
      await repo.clearFailures(key);
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

    create: async (input: AdminCreate) => toAdminAccount(await create(input)),

    async update(id: string, patch: AdminUpdate): Promise<AdminAccount> {
      const target = await requireAdmin(id);
      const role = patch.role ?? target.role;
      const disabled = patch.disabled ?? target.disabled;
      await guardLastSuper(target, role === 'super' && !disabled);
      await repo.updateAdmin(
        id,
        {
          displayName: patch.displayName,
          role: patch.role,
          disabled: patch.disabled,
          passwordHash: patch.password ? await hashPassword(patch.password) : undefined,
        },
        iso(),
      );
      // A disabled account or a reset password ends every session of that admin.
      if (patch.disabled === true || patch.password) {
        await deps.sessions.revokeAll('admin', id, patch.password ? 'password-reset' : 'disabled');
      }
      deps.logger.info({ adminId: id, role, disabled }, 'admin account updated');
      return toAdminAccount(await requireAdmin(id));
    },

    async remove(id: string): Promise<void> {
      const target = await requireAdmin(id);
      await guardLastSuper(target, false);
      await deps.sessions.revokeAll('admin', id, 'deleted');
      await repo.deleteAdmin(id);
      deps.logger.info({ adminId: id }, 'admin account deleted');
    },

    /** ADMIN_USERNAME/ADMIN_PASSWORD on boot: created once, never overwritten. */
    async ensureBootstrapAdmin(username: string, password: string): Promise<boolean> {
      if (await repo.findCredentials(username)) return false;
      try {
        await create({ username, password, displayName: '超级管理员', role: 'super' });
        return true;
      } catch (err) {
        // Another node created it at the same moment.
        if (err instanceof AppError && err.key === 'ADMIN_USERNAME_TAKEN') return false;
        throw err;
      }
    },
  };
};
