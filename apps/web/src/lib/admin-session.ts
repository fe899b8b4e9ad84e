import type { AdminAccount } from '@huijing/contracts';
import { createStore } from 'zustand/vanilla';
import { storage, storageKeys } from './storage-keys';

/**
 * The admin area's own session (spec §3 loginAccountId plus an admin token). It never shares the
 * user token: admin calls send this token explicitly, and signing out of one leaves the other.
 */
export interface AdminSession {
  token: string;
  accountId: string;
  username: string;
  displayName: string;
  role: AdminAccount['role'];
}

const read = (): AdminSession | null => {
  const token = storage.get(storageKeys.adminToken);
  const accountId = storage.get(storageKeys.loginAccountId);
  const account = storage.get(storageKeys.adminAccount);
  if (typeof token !== 'string' || !token || typeof accountId !== 'string' || !account) {
    return null;
  }
  return { token, accountId, ...account };
};

export const adminSessionStore = createStore<{ session: AdminSession | null }>(() => ({
  session: read(),
}));

export const signInAdmin = (token: string, account: AdminAccount): void => {
  storage.set(storageKeys.adminToken, token);
  storage.set(storageKeys.loginAccountId, account.accountId);
  storage.set(storageKeys.adminAccount, {
    username: account.username,
    displayName: account.displayName,
    role: account.role,
  });
  adminSessionStore.setState({ session: read() });
};

export const signOutAdmin = (): void => {
  storage.remove(storageKeys.adminToken);
  storage.remove(storageKeys.loginAccountId);
  storage.remove(storageKeys.adminAccount);
  adminSessionStore.setState({ session: null });
};

/** Reloads the session from storage (another tab, or a user sign-out that cleared the keys). */
export const refreshAdminSession = (): void => adminSessionStore.setState({ session: read() });

/** Headers for /user/manage/* calls: the admin token replaces whatever user token is stored. */
export const adminHeaders = (): Record<string, string> => ({
  satoken: adminSessionStore.getState().session?.token ?? '',
});
