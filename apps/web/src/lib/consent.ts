import { getCookie, setCookie } from './cookies';
import { storage, storageKeys } from './storage-keys';

/**
 * The visitor's cookie choices. The cookie is what counts (it also reaches the server and the
 * sibling sites); the `cookies` storage key mirrors it so the app reads it without parsing
 * document.cookie. Analytics are on until the visitor turns them off in 隐私设置 (help menu).
 */
export const CONSENT_COOKIE = 'hj_consent';
/** Spec §9: cookie expiry in days. */
export const CONSENT_DAYS = 180;

export type AnalyticsChoice = 'granted' | 'denied';

export interface CookiePreferences {
  analytics: AnalyticsChoice;
  updatedAt: string;
}

export const analyticsChoice = (): AnalyticsChoice => {
  const fromCookie = typeof document === 'undefined' ? undefined : getCookie(CONSENT_COOKIE);
  if (fromCookie === 'denied' || fromCookie === 'granted') return fromCookie;
  const mirrored = storage.get(storageKeys.cookies) as
    Partial<CookiePreferences> | string | undefined;
  return typeof mirrored === 'object' && mirrored?.analytics === 'denied' ? 'denied' : 'granted';
};

export const analyticsAllowed = (): boolean => analyticsChoice() === 'granted';

export const setAnalyticsChoice = (choice: AnalyticsChoice): void => {
  setCookie(CONSENT_COOKIE, choice, { days: CONSENT_DAYS });
  const prefs: CookiePreferences = { analytics: choice, updatedAt: new Date().toISOString() };
  storage.set(storageKeys.cookies, prefs as never);
};
