import { storageKeys, type SafeStorage, type SourceInfo } from './storage-keys';
import { toolFamilies } from './tool-catalog';
import { toolForLocation } from './tool-location';

/**
 * Redirect rules of spec §2 as pure functions; app/startup.ts applies them before the router
 * renders so the wrong screen never flashes.
 */

const MOBILE_HOME = '/mobileHome';
const AGREEMENT = '/agreement';
/**
 * The community pages (灵感广场, authors, collections, help) and the personal center's orders
 * have phone layouts and no mobile twin; a picture link (`/findPage#image-<id>`) sent to a phone must open that picture.
 */
const RESPONSIVE_PAGES =
  /^\/(findPage|tupianHome|caseHome|classifyCase|classifyPage|seachInspiration|searchCase|anliSearch|authorHomePage|authorInspirationhome|insHomeByCreate|insHomeByCollect|insHomeByCase|casemineByCreate|casemineByCollect|casemineByCase|qaPage|personalCenter)(\/|$)/;

/**
 * Where a phone goes instead of a desktop page, keeping where the person was going: a tool's
 * link opens that tool's phone page, the function list the phone list of the same family, the
 * rest the mobile home.
 */
const mobileTarget = (pathname: string, search: string): string => {
  const tool = toolForLocation(pathname, search);
  if (tool) return `/mobilePrepare?tool=${encodeURIComponent(tool.id)}`;
  if (pathname.toLowerCase() === '/list') {
    const families = toolFamilies;
    const tab = Number(new URLSearchParams(search).get('tab'));
    const family = Number.isInteger(tab) && tab >= 1 ? families[tab - 1] : undefined;
    return `/mobileList?family=${family ?? families[0]}`;
  }
  return MOBILE_HOME;
};

/**
 * Where a device belongs, or undefined when the current path is fine. Beyond the spec's two
 * exceptions, a share link (`?share=<token>`, done pages and panoramas) opens as sent on a phone:
 * the person it was sent to should see the shared work, not the mobile home; so do the
 * community pages (RESPONSIVE_PAGES); and the admin area stays where it is (operators work
 * from phones).
 */
export const deviceRedirect = (
  pathname: string,
  isMobile: boolean,
  search = '',
): string | undefined => {
  const isMobilePath = pathname.toLowerCase().includes('mobile');
  if (isMobile) {
    if (isMobilePath || pathname === AGREEMENT || RESPONSIVE_PAGES.test(pathname)) return undefined;
    // Operators run the admin console from their phones too (mobile-usable).
    if (pathname === '/admin' || pathname.startsWith('/admin/')) return undefined;
    if (new URLSearchParams(search).get('share')) return undefined;
    return mobileTarget(pathname, search);
  }
  return isMobilePath ? '/' : undefined;
};

/** Reads `satoken` from a URL; returns the token and the URL without it (other params kept). */
export const extractSatoken = (href: string): { token: string; cleaned: string } | undefined => {
  const url = new URL(href);
  const token = url.searchParams.get('satoken');
  if (token === null) return undefined;
  url.searchParams.delete('satoken');
  return { token, cleaned: `${url.pathname}${url.search}${url.hash}` };
};

/** Marketing parameters of a landing URL: k → keyWord, p → plan, source, u → unit. */
export const extractSource = (href: string): SourceInfo | undefined => {
  const params = new URL(href).searchParams;
  const mapping: [keyof SourceInfo, string][] = [
    ['keyWord', 'k'],
    ['plan', 'p'],
    ['source', 'source'],
    ['unit', 'u'],
  ];
  const source: SourceInfo = {};
  for (const [field, param] of mapping) {
    const value = params.get(param);
    if (value !== null && value !== '') source[field] = value;
  }
  return Object.keys(source).length > 0 ? source : undefined;
};

/**
 * A visit on a legacy host goes to the canonical host with the same path, query and hash.
 * The server answers legacy hosts with a 301; this client copy covers cached shells.
 */
export const legacyHostRedirect = (
  href: string,
  options: { legacyHosts: readonly string[]; canonicalHost: string },
): string | undefined => {
  const url = new URL(href);
  const host = url.host.toLowerCase();
  if (!options.legacyHosts.some((h) => h.toLowerCase() === host)) return undefined;
  if (host === options.canonicalHost.toLowerCase()) return undefined;
  url.host = options.canonicalHost;
  return url.toString();
};

export interface StartupEnvironment {
  href: string;
  userAgentIsMobile: boolean;
  storage: SafeStorage;
  legacyHosts?: readonly string[];
  canonicalHost?: string;
}

export type StartupAction =
  | { kind: 'leave'; href: string }
  /** `switchAccount`: a link's token of another session, to offer instead of signing in with it. */
  | { kind: 'replace'; path: string; switchAccount?: string }
  | { kind: 'none' };

/**
 * Applies every first-load rule: stores satoken and source, then decides where to go.
 * Returns what the caller must do with the address bar (pure apart from `storage`). A link's
 * satoken signs in only a browser signed in to nobody: a link must never swap the account
 * silently, so another token is handed back as `switchAccount` for the person to confirm.
 */
export const planStartup = (env: StartupEnvironment): StartupAction => {
  if (env.legacyHosts && env.canonicalHost) {
    const target = legacyHostRedirect(env.href, {
      legacyHosts: env.legacyHosts,
      canonicalHost: env.canonicalHost,
    });
    if (target) return { kind: 'leave', href: target };
  }

  const url = new URL(env.href);
  let path = `${url.pathname}${url.search}${url.hash}`;
  let changed = false;

  let switchAccount: string | undefined;
  const satoken = extractSatoken(env.href);
  if (satoken) {
    const current = env.storage.get(storageKeys.satoken);
    if (!current) env.storage.set(storageKeys.satoken, satoken.token);
    else if (satoken.token && satoken.token !== current) switchAccount = satoken.token;
    path = satoken.cleaned;
    changed = true;
  }

  const source = extractSource(env.href);
  if (source) env.storage.set(storageKeys.source, source);
  // An invitation link (?inviteCode=) is credited at first login, however later that happens.
  const invite = url.searchParams.get('inviteCode')?.trim();
  if (invite) env.storage.set(storageKeys.inviteCode, invite.slice(0, 32));

  const target = deviceRedirect(url.pathname, env.userAgentIsMobile, url.search);
  if (target) {
    // The target's own query (the tool, the family) wins; the rest of the link is kept.
    const kept = new URL(path, url.origin);
    const next = new URL(target, url.origin);
    for (const [key, value] of kept.searchParams) {
      if (!next.searchParams.has(key)) next.searchParams.append(key, value);
    }
    path = `${next.pathname}${next.search}`;
    changed = true;
  }
  if (!changed) return { kind: 'none' };
  return switchAccount ? { kind: 'replace', path, switchAccount } : { kind: 'replace', path };
};
