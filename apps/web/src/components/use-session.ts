import { useQueries, useQuery } from '@tanstack/react-query';
import { ticketTypes } from '@huijing/contracts';
import { useStore } from 'zustand';
import { computeAccess } from '../lib/access';
import { adminSessionStore } from '../lib/admin-session';
import { currentUserQuery, hasUserToken, ticketBalanceQuery } from '../lib/session';

/**
 * The signed-in user (spec §4): signed in when the load returned data. `loading` is true only
 * while a stored token is being checked, so guarded screens wait instead of flashing "sign in".
 */
export const useCurrentUser = () => {
  const query = useQuery(currentUserQuery());
  const user = query.data ?? undefined;
  return {
    user,
    signedIn: user !== undefined,
    loading: query.isPending && hasUserToken(),
    refetch: query.refetch,
  };
};

/** Balances of the four ticket kinds, in ticketTypes order; null while unknown. */
export const useTicketBalances = (enabled: boolean) =>
  useQueries({
    queries: ticketTypes.map((type) => ticketBalanceQuery(type, enabled)),
    combine: (results) =>
      ticketTypes.map((type, i) => ({ type, balance: results[i]?.data ?? null })),
  });

export const useAdminSession = () => useStore(adminSessionStore, (s) => s.session);

/** The access map of the current viewer (lib/access.ts). */
export const useAccess = () => {
  const { user, loading } = useCurrentUser();
  const admin = useAdminSession();
  return { access: computeAccess({ user, admin }), loading };
};
