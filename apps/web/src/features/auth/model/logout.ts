import type { QueryClient } from '@tanstack/react-query';
import { refreshAdminSession } from '../../../lib/admin-session';
import { sessionKeys } from '../../../lib/session';
import { pageNavigation } from '../../../lib/page-navigation';
import { storage, storageKeys, type StorageKey } from '../../../lib/storage-keys';
import { authApi } from '../api/auth.api';

/**
 * What spec §4 logout clears: the login token (and its twin kept for the auth host), the stored
 * redirect target and the stored user keys. The device id, the landing source and the invite
 * code stay: they describe the device and how it arrived, not the person.
 */
export const logoutKeys: readonly StorageKey[] = [
  storageKeys.satoken,
  storageKeys.loginToken,
  storageKeys.redirect,
  storageKeys.userInfo,
  storageKeys.userType,
  storageKeys.loginPhone,
  storageKeys.loginAccountId,
  storageKeys.adminToken,
  storageKeys.adminAccount,
  storageKeys.personalCenterPage,
];

/**
 * Spec §4 logout: the session is invalidated on the server while the token is still known, then
 * the token, user and keys are dropped and the browser goes to the home host. A failed
 * invalidation does not keep anyone signed in: the local token is gone either way.
 */
export const logout = async (queryClient: QueryClient): Promise<void> => {
  try {
    await authApi.invalidateSession();
  } catch {
    // offline or already expired: signing out locally is what the user asked for
  }
  for (const key of logoutKeys) storage.remove(key);
  refreshAdminSession();
  queryClient.setQueryData(sessionKeys.currentUser, null);
  queryClient.removeQueries({ queryKey: ['session', 'tickets'] });
  pageNavigation.assign('/');
};
