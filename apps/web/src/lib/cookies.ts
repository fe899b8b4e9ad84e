/** Minimal cookie helpers; expiry is given in days as the spec's cookie util does. */

export interface CookieOptions {
  /** Days until expiry; omitted → a session cookie. Negative or zero → expired at once. */
  days?: number;
  path?: string;
  domain?: string;
  sameSite?: 'Lax' | 'Strict' | 'None';
  secure?: boolean;
}

const DAY_MS = 24 * 60 * 60 * 1000;

export const serializeCookie = (
  name: string,
  value: string,
  options: CookieOptions = {},
  now: number = Date.now(),
): string => {
  const parts = [`${encodeURIComponent(name)}=${encodeURIComponent(value)}`];
  if (options.days !== undefined) {
    parts.push(`expires=${new Date(now + options.days * DAY_MS).toUTCString()}`);
  }
  parts.push(`path=${options.path ?? '/'}`);
  if (options.domain) parts.push(`domain=${options.domain}`);
  parts.push(`SameSite=${options.sameSite ?? 'Lax'}`);
  if (options.secure) parts.push('Secure');
  return parts.join('; ');
};

export const setCookie = (name: string, value: string, options?: CookieOptions): void => {
  document.cookie = serializeCookie(name, value, options);
};

export const getCookie = (name: string, cookieString = document.cookie): string | undefined => {
  for (const pair of cookieString.split(';')) {
    const index = pair.indexOf('=');
    if (index < 0) continue;
    if (decodeURIComponent(pair.slice(0, index).trim()) === name) {
      return decodeURIComponent(pair.slice(index + 1).trim());
    }
  }
  return undefined;
};

export const removeCookie = (name: string, options: Omit<CookieOptions, 'days'> = {}): void => {
  setCookie(name, '', { ...options, days: -1 });
};
