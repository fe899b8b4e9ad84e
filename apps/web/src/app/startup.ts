import { offerAccountSwitch } from '../lib/account-switch';
import { deviceId, isMobileUserAgent } from '../lib/device';
import { planStartup } from '../lib/redirects';
import { storage } from '../lib/storage-keys';

/**
 * First-load rules of spec §2, applied before the router reads the address so no screen
 * flashes: satoken and source are stored, the token leaves the address bar, and the device is
 * moved to its home. Returns false when the page is leaving for another host.
 */
export const runStartup = (win: Window = window): boolean => {
  // The device id exists from the first visit on, before any request or login needs it.
  deviceId();
  const action = planStartup({
    href: win.location.href,
    userAgentIsMobile: isMobileUserAgent(win.navigator.userAgent),
    storage,
    legacyHosts: splitHosts(import.meta.env.VITE_LEGACY_HOSTS),
    canonicalHost: import.meta.env.VITE_CANONICAL_HOST,
  });
  if (action.kind === 'leave') {
    win.location.replace(action.href);
    return false;
  }
  if (action.kind === 'replace') {
    win.history.replaceState(win.history.state, '', action.path);
    // Asked once the current account is known (features/auth use-account-switch).
    if (action.switchAccount) offerAccountSwitch(action.switchAccount);
  }
  return true;
};

const splitHosts = (value: string | undefined): string[] | undefined =>
  value
    ?.split(',')
    .map((h) => h.trim())
    .filter(Boolean);
