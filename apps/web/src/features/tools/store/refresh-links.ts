import { UPLOAD_LINKS_MAX } from '@huijing/contracts';
import type { ToolFamily } from '@huijing/tools';
import type { StoreApi } from 'zustand';
import { hasUserToken } from '../../../lib/session';
import { fetchFreshLinks } from '../api/tools.api';
import { earliestExpiry, hasStale, inputIds, STALE_MARGIN_MS } from './input-links';
import type { FamilyState, FreshLink } from './state-types';

/** Never renew more often than this, even when the device's clock runs ahead of the server's. */
const MIN_RENEW_MS = 5 * 60_000;

const running = new Map<ToolFamily, Promise<void>>();
const timers = new Map<ToolFamily, ReturnType<typeof setTimeout>>();

/**
 * Asks the server for fresh links of a family's saved inputs and puts them in the store; inputs
 * whose files are gone are dropped. 'all': every input (right after a reload); 'stale': only when
 * some link has expired or soon will. Then the next renewal is timed before the earliest expiry,
 * so links on screen never die. Failures (signed out, offline) change nothing; the next upload
 * card that mounts signed in tries again.
 */
export const refreshFamilyLinks = (
  family: ToolFamily,
  store: StoreApi<FamilyState>,
  which: 'all' | 'stale',
): Promise<void> => {
  const busy = running.get(family);
  if (busy) return busy;
  const job = refresh(family, store, which)
    .catch(() => undefined)
    .finally(() => running.delete(family));
  running.set(family, job);
  return job;
};

const allInputs = (s: FamilyState) => [
  ...Object.values(s.tools).map((t) => t.inputs),
  ...Object.values(s.held),
];

const refresh = async (
  family: ToolFamily,
  store: StoreApi<FamilyState>,
  which: 'all' | 'stale',
) => {
  const now = Date.now();
  const state = store.getState();
  const inputs = allInputs(state);
  const due =
    which === 'all' || Object.keys(state.held).length > 0 || inputs.some((i) => hasStale(i, now));
  const ids = [...new Set(inputs.flatMap((i) => inputIds(i)))];
  if (!due || ids.length === 0 || !hasUserToken()) return;
  state.holdStale(now);
  const chunks: string[][] = [];
  for (let i = 0; i < ids.length; i += UPLOAD_LINKS_MAX) {
    chunks.push(ids.slice(i, i + UPLOAD_LINKS_MAX));
  }
  const answers = await Promise.all(chunks.map((chunk) => fetchFreshLinks(chunk)));
  const fresh = new Map<string, FreshLink>();
  for (const { links } of answers) {
    for (const l of links) fresh.set(l.fileId, { url: l.url, thumbUrl: l.thumbUrl });
  }
  store.getState().applyLinks(fresh, new Set(ids));
  schedule(family, store);
};

const schedule = (family: ToolFamily, store: StoreApi<FamilyState>) => {
  clearTimeout(timers.get(family));
  const exp = earliestExpiry(allInputs(store.getState()));
  if (exp === undefined) return;
  const delay = Math.max(MIN_RENEW_MS, exp - STALE_MARGIN_MS - Date.now());
  timers.set(
    family,
    setTimeout(() => void refreshFamilyLinks(family, store, 'stale'), delay),
  );
};
