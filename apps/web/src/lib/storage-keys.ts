import type { AdminRole } from '@huijing/contracts';

/**
 * Local-storage keys of spec §3 and a typed, fault-tolerant wrapper around localStorage.
 * The key strings are kept as the spec names them so values written by older builds are read.
 */
export const storageKeys = {
  /** Session token sent as the `satoken` header. */
  satoken: 'satoken',
  /** Cookie snapshot kept for the auth host. */
  cookies: 'cookies',
  subUUID: 'subUUID',
  lingganUUID: 'lingganUUID',
  /** Marketing source of the landing URL: {keyWord, plan, source, unit}. */
  source: 'source',
  loginPhone: 'loginPhone',
  inviteCode: 'inviteCode',
  userType: 'userType',
  userInfo: 'userInfo',
  defaultCollect: 'defaultCollect',
  /** Account id of the signed-in admin (the admin area keeps its own session). */
  loginAccountId: 'loginAccountId',
  /** Admin session token; never the user token, never sent outside /user/manage/*. */
  adminToken: 'adminToken',
  /** Display name and role of the signed-in admin, for the admin layout. */
  adminAccount: 'adminAccount',
  /** Where to return after signing in; deleted on logout. */
  redirect: 'redirectUrl',
  /** Login token of the auth host; removed on logout. */
  loginToken: 'loginToken',
  /** Last opened tab of the personal center. */
  personalCenterPage: 'personalCenterPage',
  /** Device id generated once (spec §3 `uuid`). */
  uuid: 'uuid',
  /** Accounts (or 'guest') that finished or skipped the tool-page guide on this device. */
  guideDone: 'guideDone',
  /** Notices the person silenced with 不再提示 (spec §5: the image-size notice). */
  silencedNotices: 'silencedNotices',
} as const;

export type StorageKey = (typeof storageKeys)[keyof typeof storageKeys];

/** The landing URL's marketing parameters (k, p, source, u). */
export interface SourceInfo {
  keyWord?: string;
  plan?: string;
  source?: string;
  unit?: string;
}

/** Value types per key, so reads and writes are checked. Unlisted keys hold strings. */
export interface StorageValues {
  source: SourceInfo;
  adminAccount: { username: string; displayName: string; role: AdminRole };
  userInfo: Record<string, unknown>;
  userType: number | string;
  defaultCollect: unknown;
  guideDone: string[];
  silencedNotices: string[];
}

type ValueOf<K extends StorageKey> = K extends keyof StorageValues ? StorageValues[K] : string;

/**
 * Storage can be missing or throw (Safari private mode, blocked cookies, quota): the app keeps
 * working without persistence rather than crashing.
 */
export interface SafeStorage {
  get<K extends StorageKey>(key: K): ValueOf<K> | undefined;
  set<K extends StorageKey>(key: K, value: ValueOf<K>): boolean;
  remove(key: StorageKey): void;
}

const backend = (): Storage | undefined => {
  try {
    return typeof window === 'undefined' ? undefined : window.localStorage;
  } catch {
    return undefined;
  }
};

export const createSafeStorage = (getStore: () => Storage | undefined = backend): SafeStorage => ({
  get(key) {
    let raw: string | null = null;
    try {
      raw = getStore()?.getItem(key) ?? null;
    } catch {
      return undefined;
    }
    if (raw === null) return undefined;
    try {
      return JSON.parse(raw) as never;
    } catch {
      // Plain strings written by other code (or older builds) are returned as they are.
      return raw as never;
    }
  },
  set(key, value) {
    try {
      const store = getStore();
      if (!store) return false;
      store.setItem(key, JSON.stringify(value));
      return true;
    } catch {
      return false;
    }
  },
  remove(key) {
    try {
      getStore()?.removeItem(key);
    } catch {
      // nothing to remove from a store we cannot reach
    }
  },
});

export const storage = createSafeStorage();
