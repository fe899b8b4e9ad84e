import type { UserInfo } from '@huijing/contracts';
import { Modal } from 'antd';
import { useEffect } from 'react';
import { useCurrentUser } from '../../../components/use-session';
import { decideAccountSwitch, takeAccountSwitch } from '../../../lib/account-switch';
import type { AccountLabel } from '../../../lib/account-switch';
import { pageNavigation } from '../../../lib/page-navigation';
import { api } from '../../../lib/request';
import { storage, storageKeys } from '../../../lib/storage-keys';

/** The account behind a token: null when the server refuses it, undefined when unreachable. */
const accountBehind = async (token: string): Promise<AccountLabel | null | undefined> => {
  try {
    const info = await api.get<UserInfo>('/user/userInfo', {
      silent: true,
      headers: { satoken: token },
    });
    if (info.success) return info.data;
    return Math.floor(info.code / 100) === 401 ? null : undefined;
  } catch {
    return undefined;
  }
};

/** Signs in with the link's token: the previous account's keys go, the page starts again. */
const switchTo = (token: string) => {
  for (const key of [
    storageKeys.loginToken,
    storageKeys.redirect,
    storageKeys.userInfo,
    storageKeys.userType,
    storageKeys.loginPhone,
    storageKeys.loginAccountId,
    storageKeys.personalCenterPage,
  ]) {
    storage.remove(key);
  }
  storage.set(storageKeys.satoken, token);
  pageNavigation.reload();
};

/**
 * A link that carries another session's token (`?satoken=`, app/startup.ts) while someone is
 * signed in: the person confirms the switch, naming both accounts; the same account's token, or
 * one the server refuses, changes nothing.
 */
export const useAccountSwitch = (): void => {
  const { user, loading } = useCurrentUser();
  useEffect(() => {
    if (loading) return;
    const token = takeAccountSwitch();
    if (!token) return;
    void accountBehind(token).then((incoming) => {
      const decision = decideAccountSwitch(user, incoming);
      if (decision.kind === 'adopt') switchTo(token);
      if (decision.kind !== 'ask') return;
      Modal.confirm({
        title: '切换账号',
        content: decision.message,
        okText: '切换',
        cancelText: '保持当前账号',
        onOk: () => switchTo(token),
      });
    });
  }, [loading, user]);
};
