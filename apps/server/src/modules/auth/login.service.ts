import type { LandingSource, LoginResult } from '@huijing/contracts';
import { AppError } from '../../http/app-error';
import type { UserRecord } from '../users/users.repository';
import { toUserInfo } from '../users/users.service';
import type { UsersService } from '../users/users.service';
import type { SessionMeta, SessionsService } from './sessions.service';
import type { SmsService } from './sms.service';

export type SmsLoginInput = {
  phone: string;
  code: string;
  clientType: number;
  source?: LandingSource;
  inviteCode?: string;
  agreement: boolean;
};

export type LoginService = ReturnType<typeof createLoginService>;

/** Every way in (SMS, WeChat, test login) ends here: a fresh session for an allowed user. */
export const createLoginService = (deps: {
  users: UsersService;
  sessions: SessionsService;
  sms: SmsService;
}) => {
  const startSession = async (
    user: UserRecord,
    isNewUser: boolean,
    meta: SessionMeta,
  ): Promise<LoginResult> => {
    deps.users.assertCanLogin(user);
    const token = await deps.sessions.issue('user', user.id, meta);
    await deps.users.recordLogin(user.id);
    return { token, isNewUser, user: toUserInfo(user) };
  };

  return {
    startSession,

    async smsLogin(input: SmsLoginInput, meta: SessionMeta): Promise<LoginResult> {
      // Spec §5: the agreement must be accepted; checked before the code is spent.
      if (!input.agreement) throw new AppError('AGREEMENT_REQUIRED');
      await deps.sms.verify(input.phone, 'login', input.code);
      const { user, isNew } = await deps.users.findOrCreateByPhone(input.phone, {
        source: input.source,
        inviteCode: input.inviteCode,
      });
      return startSession(user, isNew, { ...meta, clientType: input.clientType });
    },

    async testLogin(meta: SessionMeta): Promise<LoginResult> {
      const { user, isNew } = await deps.users.findOrCreateTestUser();
      return startSession(user, isNew, meta);
    },
  };
};
