import { maskPhone, userDisabledMessage } from '@huijing/contracts';
import type { LandingSource, UserInfo, VipInfo, VipPerks } from '@huijing/contracts';
import type { Kysely } from 'kysely';
import type { Logger } from 'pino';
import type { Clock } from '../../config/clock';
import { newId } from '../../db/ids';
import type { Database } from '../../db/schema';
import { AppError } from '../../http/app-error';
import { randomToken } from '../../db/ids';
import type { SettingsRepository } from '../settings/settings.repository';
import type { TicketsService } from '../tickets/tickets.service';
import type { AvatarStore } from './avatar.store';
import { createUsersRepository } from './users.repository';
import type { NewUser, UserRecord, UserType } from './users.repository';

export const avatarUrl = (file: string | null): string | null =>
  file ? `/api/user/avatar/${file}` : null;

export const toUserInfo = (user: UserRecord): UserInfo => ({
  id: user.id,
  nickname: user.nickname,
  avatarUrl: avatarUrl(user.avatarFile),
  phone: user.phone ? maskPhone(user.phone) : null,
  userType: user.userType,
  isTestUser: user.isTestUser,
  profession: user.profession,
  interests: user.interests,
  wechatBound: user.wxBound,
  needsInterests: user.interestsSetAt === null,
  createdAt: user.createdAt,
});

export type Attribution = { source?: LandingSource | null; inviteCode?: string | null };

export type ProfileEdit = {
  nickname?: string;
  avatar?: string;
  userType?: UserType;
  profession?: string;
  interests?: string[];
};

export type UsersService = ReturnType<typeof createUsersService>;

/** The monthly allowance of a member's running plan, from the commerce module when installed. */
export type VipAllowanceSource = (
  userId: string,
) => Promise<Pick<VipPerks, 'monthlyTickets' | 'nextAllowanceAt'>>;

export const createUsersService = (deps: {
  db: Kysely<Database>;
  tickets: TicketsService;
  settings: SettingsRepository;
  avatars: AvatarStore;
  /** Ends every session of the user (disable). */
  revokeSessions: (userId: string, reason: string) => Promise<number>;
  now: Clock;
  logger: Logger;
}) => {
  const repo = createUsersRepository(deps.db);
  const iso = () => deps.now().toISOString();
  let vipAllowance: VipAllowanceSource | undefined;

  /** The user row and the signup grant commit together (a user never lacks their tickets). */
  const createUser = (input: Omit<NewUser, 'id' | 'at'>): Promise<UserRecord> =>
    deps.db.transaction().execute(async (trx) => {
      const at = iso();
      const user = await createUsersRepository(trx).insertUser({ ...input, id: newId(), at });
      await deps.tickets.grantSignupTickets(trx, user.id, at);
      return user;
    });

  /**
   * Find-or-create that survives a race on the unique column: the loser of two concurrent
   * inserts finds the winner's row.
   */
  const findOrCreate = async (
    find: () => Promise<UserRecord | undefined>,
    create: () => Promise<UserRecord>,
  ): Promise<{ user: UserRecord; isNew: boolean }> => {
    const existing = await find();
    if (existing) return { user: existing, isNew: false };
    try {
      return { user: await create(), isNew: true };
    } catch (err) {
      const winner = await find();
      if (winner) return { user: winner, isNew: false };
      throw err;
    }
  };

  const requireUser = async (id: string): Promise<UserRecord> => {
    const user = await repo.findUserById(id);
    if (!user) throw new AppError('UNAUTHORIZED');
    return user;
  };

  return {
    findUser: (id: string) => repo.findUserById(id),
    findUserByPhone: (phone: string) => repo.findUserByPhone(phone),
    requireUser,
    signupAttribution: (id: string) => repo.findSignupAttribution(id),
    listRecentUsers: (limit: number) => repo.listRecentUsers(limit),

    findOrCreateByPhone: (phone: string, attribution: Attribution) =>
      findOrCreate(
        () => repo.findUserByPhone(phone),
        () =>
          createUser({
            phone,
            nickname: `绘境用户${phone.slice(-4)}`,
            source: attribution.source ?? null,
            inviteCode: attribution.inviteCode ?? null,
          }),
      ),

    findOrCreateByOpenid: (openid: string) =>
      findOrCreate(
        () => repo.findUserByOpenid(openid),
        () => createUser({ wxOpenid: openid, nickname: `微信用户${randomToken(3).slice(0, 4)}` }),
      ),

    findOrCreateTestUser: () =>
      findOrCreate(
        () => repo.findFirstTestUser(),
        () => createUser({ nickname: '测试用户', isTestUser: true }),
      ),

    /** Only here is a disabled account refused a new session; its old ones are already gone. */
    assertCanLogin(user: UserRecord): void {
      // 账号已停用, with how to appeal (SMS, WeChat and test sign-in all pass here).
      if (user.disabled) throw new AppError('ACCOUNT_DISABLED', { message: userDisabledMessage });
    },

    recordLogin: (id: string) => repo.recordLogin(id, iso()),

    /** Whether a membership (VIP or SVIP) is running now: the perks enforced on the server. */
    async isVip(id: string): Promise<boolean> {
      const user = await repo.findUserById(id);
      return Boolean(
        user?.vipTier && user.vipUntil && Date.parse(user.vipUntil) > deps.now().getTime(),
      );
    },

    async vipInfo(id: string): Promise<VipInfo> {
      const user = await requireUser(id);
      const tiers = await deps.settings.getSetting('vip.tiers');
      const active =
        user.vipTier && user.vipUntil && Date.parse(user.vipUntil) > deps.now().getTime();
      const tier = active ? user.vipTier! : 'none';
      const shown = tiers?.[tier];
      // Grants a month that has begun before answering (lazy grant on read).
      const allowance = (await vipAllowance?.(id)) ?? { monthlyTickets: {}, nextAllowanceAt: null };
      return {
        isVip: tier !== 'none',
        level: tier,
        tier,
        tierName: shown?.name ?? tier,
        expiresAt: active ? user.vipUntil : null,
        perks: { priorityQueue: tier !== 'none', training: tier !== 'none', ...allowance },
        benefits: shown?.benefits ?? [],
      };
    },

    /** The commerce module plugs in the monthly allowance (orders.module.ts). */
    useVipAllowance(source: VipAllowanceSource): void {
      vipAllowance = source;
    },

    async editProfile(id: string, edit: ProfileEdit): Promise<UserRecord> {
      const before = await requireUser(id);
      const avatarFile = edit.avatar ? await deps.avatars.saveFromDataUrl(edit.avatar) : undefined;
      await repo.updateProfile(
        id,
        {
          nickname: edit.nickname,
          avatarFile,
          userType: edit.userType,
          profession: edit.profession,
          interests: edit.interests,
        },
        iso(),
      );
      if (avatarFile && before.avatarFile) await deps.avatars.remove(before.avatarFile);
      return requireUser(id);
    },

    /** The caller has verified the SMS code for this phone already. */
    async bindPhone(id: string, phone: string): Promise<UserRecord> {
      const user = await requireUser(id);
      if (user.phone) throw new AppError('PHONE_ALREADY_BOUND');
      const owner = await repo.findUserByPhone(phone);
      if (owner) throw new AppError('PHONE_TAKEN');
      try {
        if (!(await repo.bindPhoneIfEmpty(id, phone, iso()))) {
          throw new AppError('PHONE_ALREADY_BOUND');
        }
      } catch (err) {
        if (err instanceof AppError) throw err;
        // The unique index lost a race with another account taking the same number.
        if (await repo.findUserByPhone(phone)) throw new AppError('PHONE_TAKEN', { cause: err });
        throw err;
      }
      deps.logger.info({ userId: id, phone: maskPhone(phone) }, 'phone bound');
      return requireUser(id);
    },

    /** Disabling ends every session of the user at once (on every node: sessions live in the db). */
    async setDisabled(id: string, disabled: boolean): Promise<void> {
      if (!(await repo.setDisabled(id, disabled ? iso() : null, iso()))) {
        throw new AppError('RESOURCE_NOT_FOUND');
      }
      if (disabled) await deps.revokeSessions(id, 'disabled');
    },

    setVip: (id: string, tier: 'vip' | 'svip' | null, until: string | null) =>
      repo.setVip(id, tier, until, iso()),
  };
};
