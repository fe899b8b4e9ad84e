import type { QueryClient } from '@tanstack/react-query';
import { refreshAdminSession } from '../../../lib/admin-session';
import { authHost } from '../../../lib/auth-host';
import { api } from '../../../lib/request';
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

/** The stored redirect target when it is a ticket-granting ticket's location (docs/help-and-sso.md). */
const storedTicketLocation = (): string | undefined => {
  const value = storage.get(storageKeys.redirect);
  return typeof value === 'string' && value.includes('/cas/v1/tickets/TGT-') ? value : undefined;
};

/**
 * Spec §4 logout, the whole chain: the single sign-on ends (DELETE to the stored redirect URL,
 * the ticket-granting ticket's location), the session is invalidated and the user logged out on
 * the server while the token is still known, then the token, user and keys are dropped and the
 * browser goes to the home host. A failed step does not keep anyone signed in: the local token
 * is gone either way.
 */
export const logout = async (queryClient: QueryClient): Promise<void> => {
  const ticket = storedTicketLocation();
  if (ticket) {
    try {
      await authHost.delete(ticket);
    } catch {
      // already ended (the session expired, or another tab signed out): nothing to end
    }
  }
  try {
    await authApi.invalidateSession();
  } catch {
    // offline or already expired: signing out locally is what the user asked for
  }
  try {
    await api.get('/user/logout', { silent: true, timeout: 5_000 });
  } catch {
    // the same: the session is gone or unreachable, and the keys go below
  }
  for (const key of logoutKeys) storage.remove(key);
  refreshAdminSession();
  queryClient.setQueryData(sessionKeys.currentUser, null);
  queryClient.removeQueries({ queryKey: ['session', 'tickets'] });
  pageNavigation.assign('/');
};
