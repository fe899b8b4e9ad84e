import type { LandingSource } from '@huijing/contracts';
import type { Kysely, Selectable } from 'kysely';
import type { Database, UsersTable } from '../../db/schema';

export type UserType = 'personal' | 'designer' | 'company';
export type VipTier = 'vip' | 'svip';

/** A user as services see it: parsed, typed, no raw 0/1 or JSON columns. */
export type UserRecord = {
  id: string;
  phone: string | null;
  wxBound: boolean;
  nickname: string;
  avatarFile: string | null;
  userType: UserType;
  profession: string | null;
  interests: string[];
  interestsSetAt: string | null;
  isTestUser: boolean;
  vipTier: VipTier | null;
  vipUntil: string | null;
  disabled: boolean;
  createdAt: string;
  /** Null until the first session: how a QR sign-in knows it is the user's first. */
  lastLoginAt: string | null;
};

export type NewUser = {
  id: string;
  phone?: string | null;
  wxOpenid?: string | null;
  nickname: string;
  isTestUser?: boolean;
  source?: LandingSource | null;
  inviteCode?: string | null;
  at: string;
};

export type ProfilePatch = Partial<{
  nickname: string;
  avatarFile: string;
  userType: UserType;
  profession: string;
  interests: string[];
}>;

const toUser = (row: Selectable<UsersTable>): UserRecord => ({
  id: row.id,
  phone: row.phone,
  wxBound: row.wx_openid !== null,
  nickname: row.nickname,
  avatarFile: row.avatar_file,
  userType: row.user_type as UserType,
  profession: row.profession,
  interests: JSON.parse(row.interests) as string[],
  interestsSetAt: row.interests_set_at,
  isTestUser: Number(row.is_test_user) === 1,
  vipTier: (row.vip_tier as VipTier | null) ?? null,
  vipUntil: row.vip_until,
  disabled: row.disabled_at !== null,
  createdAt: row.created_at,
  lastLoginAt: row.last_login_at,
});

export type UsersRepository = ReturnType<typeof createUsersRepository>;

export const createUsersRepository = (db: Kysely<Database>) => {
  const findBy = async (column: 'id' | 'phone' | 'wx_openid', value: string) => {
    const row = await db
      .selectFrom('users')
      .selectAll()
      .where(column, '=', value)
      .executeTakeFirst();
    return row ? toUser(row) : undefined;
  };

  return {
    findUserById: (id: string) => findBy('id', id),
    findUserByPhone: (phone: string) => findBy('phone', phone),
    findUserByOpenid: (openid: string) => findBy('wx_openid', openid),

    async findFirstTestUser(): Promise<UserRecord | undefined> {
      const row = await db
        .selectFrom('users')
        .selectAll()
        .where('is_test_user', '=', 1)
        .orderBy('created_at')
        .orderBy('id')
        .executeTakeFirst();
      return row ? toUser(row) : undefined;
    },

    /** For the WeChat simulator's user picker: the most recent accounts, newest first. */
    async listRecentUsers(limit: number): Promise<UserRecord[]> {
      const rows = await db
        .selectFrom('users')
        .selectAll()
        .where('disabled_at', 'is', null)
        .orderBy('created_at', 'desc')
        .limit(limit)
        .execute();
      return rows.map(toUser);
    },

    async insertUser(user: NewUser): Promise<UserRecord> {
      const row = await db
        .insertInto('users')
        .values({
          id: user.id,
          phone: user.phone ?? null,
          wx_openid: user.wxOpenid ?? null,
          nickname: user.nickname,
          is_test_user: user.isTestUser ? 1 : 0,
          source: user.source ? JSON.stringify(user.source) : null,
          invite_code: user.inviteCode ?? null,
          created_at: user.at,
          updated_at: user.at,
        })
        .returningAll()
        .executeTakeFirstOrThrow();
      return toUser(row);
    },

    /** Landing source and invite code as stored at signup (read by later growth reports). */
    async findSignupAttribution(id: string) {
      const row = await db
        .selectFrom('users')
        .select(['source', 'invite_code'])
        .where('id', '=', id)
        .executeTakeFirst();
      if (!row) return undefined;
      return {
        source: row.source ? (JSON.parse(row.source) as LandingSource) : null,
        inviteCode: row.invite_code,
      };
    },

    async recordLogin(id: string, at: string): Promise<void> {
      await db.updateTable('users').set({ last_login_at: at }).where('id', '=', id).execute();
    },

    async updateProfile(id: string, patch: ProfilePatch, at: string): Promise<void> {
      await db
        .updateTable('users')
        .set({
          ...(patch.nickname !== undefined && { nickname: patch.nickname }),
          ...(patch.avatarFile !== undefined && { avatar_file: patch.avatarFile }),
          ...(patch.userType !== undefined && { user_type: patch.userType }),
          ...(patch.profession !== undefined && { profession: patch.profession }),
          ...(patch.interests !== undefined && {
            interests: JSON.stringify(patch.interests),
            interests_set_at: at,
          }),
          updated_at: at,
        })
        .where('id', '=', id)
        .execute();
    },

    /** Only fills an empty phone; false when the account already had one. */
    async bindPhoneIfEmpty(id: string, phone: string, at: string): Promise<boolean> {
      const result = await db
        .updateTable('users')
        .set({ phone, updated_at: at })
        .where('id', '=', id)
        .where('phone', 'is', null)
        .executeTakeFirst();
      return Number(result.numUpdatedRows) === 1;
    },

    async setDisabled(id: string, disabledAt: string | null, at: string): Promise<boolean> {
      const result = await db
        .updateTable('users')
        .set({ disabled_at: disabledAt, updated_at: at })
        .where('id', '=', id)
        .executeTakeFirst();
      return Number(result.numUpdatedRows) === 1;
    },

    async setVip(id: string, tier: VipTier | null, until: string | null, at: string) {
      await db
        .updateTable('users')
        .set({ vip_tier: tier, vip_until: until, updated_at: at })
        .where('id', '=', id)
        .execute();
    },
  };
};
