import type { ticketTypes, UserInfo, VipInfo } from '@huijing/contracts';
import { queryOptions } from '@tanstack/react-query';
import { api } from './request';
import { storage, storageKeys } from './storage-keys';

/** The signed-in user as the app uses it: spec §4 merges userInfo and getVipInfo. */
export interface CurrentUser extends UserInfo {
  vip: VipInfo;
}

export type TicketType = (typeof ticketTypes)[number];

export const getUserToken = (): string | undefined => {
  const token = storage.get(storageKeys.satoken);
  return typeof token === 'string' && token ? token : undefined;
};

export const hasUserToken = (): boolean => getUserToken() !== undefined;

/** 401 codes of the catalogue (UNAUTHORIZED, SESSION_EXPIRED): the stored token is no good. */
const isUnauthorized = (code: number) => Math.floor(code / 100) === 401;

/**
 * Spec §4 startup: two calls merged (typed by the contracts; not validated here, so the first
 * load carries no schema code: the server serialises them through the same zod schemas); any failure leaves the user undefined (null here, as a query
 * cannot hold undefined). Without a stored token nothing is requested at all, so a first visit
 * makes no 401 (browsers log every failed fetch to the console). A rejected token is dropped
 * quietly: the visitor is simply signed out.
 */
export const fetchCurrentUser = async (): Promise<CurrentUser | null> => {
  if (!hasUserToken()) return null;
  try {
    const [info, vip] = await Promise.all([
      api.get<UserInfo>('/user/userInfo', { silent: true }),
      api.get<VipInfo>('/user/getVipInfo', { silent: true }),
    ]);
    if (!info.success || !vip.success) {
      if (isUnauthorized(info.code) || isUnauthorized(vip.code)) {
        storage.remove(storageKeys.satoken);
        storage.remove(storageKeys.userInfo);
      }
      return null;
    }
    const user = { ...info.data, vip: vip.data };
    storage.set(storageKeys.userInfo, user as unknown as Record<string, unknown>);
    return user;
  } catch {
    return null;
  }
};

export const sessionKeys = {
  currentUser: ['session', 'current-user'] as const,
  tickets: (type: TicketType) => ['session', 'tickets', type] as const,
};

/**
 * The user cached at the last load (spec §3 `userInfo`), shown while the fresh copy loads so the
 * header renders before the network answers; only while a token is stored.
 */
export const cachedUser = (): CurrentUser | undefined => {
  if (!hasUserToken()) return undefined;
  const cached = storage.get(storageKeys.userInfo) as Partial<CurrentUser> | undefined;
  return cached && typeof cached === 'object' && typeof cached.id === 'string' && cached.vip
    ? (cached as CurrentUser)
    : undefined;
};

export const currentUserQuery = () =>
  queryOptions({
    queryKey: sessionKeys.currentUser,
    queryFn: fetchCurrentUser,
    placeholderData: cachedUser,
    // A failed load means "signed out"; retrying would only repeat requests.
    retry: false,
  });

/** GET /ai/totalTicket?type=1..4 (spec §7); data is a plain number. */
export const ticketBalanceQuery = (type: TicketType, enabled = true) =>
  queryOptions({
    queryKey: sessionKeys.tickets(type),
    queryFn: async () => {
      const envelope = await api.get<number>('/ai/totalTicket', { query: { type }, silent: true });
      return envelope.success ? envelope.data : null;
    },
    enabled,
  });
