import type { TrackEvent, TrackKind } from '@huijing/contracts';
import { analyticsAllowed } from './consent';
import { API_PREFIX } from './constants';
import { siteDeviceId } from './device';
import { storage, storageKeys } from './storage-keys';
import { pageInfo } from './tracking';

/**
 * Page views and key events reach the server in batches (POST /api/track): sent with
 * navigator.sendBeacon when the page is hidden or left (it survives navigation), with fetch
 * keepalive otherwise, at most every few seconds. Nothing is queued or sent when the visitor
 * turned analytics off. Events carry the page label, never what the person typed (searches
 * carry the keyword they searched for, which the server filters for personal data).
 */
const MAX_BATCH = 20;
const FLUSH_MS = 4_000;

const queue: TrackEvent[] = [];
let timer: ReturnType<typeof setTimeout> | undefined;
let listening = false;

const send = (body: string): void => {
  const url = `${API_PREFIX}/track`;
  try {
    if (typeof navigator !== 'undefined' && typeof navigator.sendBeacon === 'function') {
      if (navigator.sendBeacon(url, body)) return;
    }
  } catch {
    // fall through to fetch
  }
  void fetch(url, {
    method: 'POST',
    body,
    keepalive: true,
    headers: { 'Content-Type': 'text/plain;charset=UTF-8' },
  }).catch(() => {});
};

export const flushTracking = (): void => {
  clearTimeout(timer);
  timer = undefined;
  if (queue.length === 0) return;
  const events = queue.splice(0, queue.length);
  if (!analyticsAllowed()) return;
  const token = storage.get(storageKeys.satoken);
  for (let i = 0; i < events.length; i += MAX_BATCH) {
    send(
      JSON.stringify({
        deviceId: siteDeviceId(storageKeys.subUUID),
        ...(typeof token === 'string' && token && { token }),
        events: events.slice(i, i + MAX_BATCH),
      }),
    );
  }
};

const listen = () => {
  if (listening || typeof document === 'undefined') return;
  listening = true;
  document.addEventListener('visibilitychange', () => {
    if (document.visibilityState === 'hidden') flushTracking();
  });
  window.addEventListener('pagehide', flushTracking);
};

/** Queues one event of the current page (or of `path`); flushed in a batch shortly after. */
export const track = (
  kind: TrackKind,
  extra: { tool?: string; keyword?: string; scope?: 'tools' | 'gallery'; path?: string } = {},
): void => {
  if (typeof window === 'undefined' || !analyticsAllowed()) return;
  listen();
  const path = extra.path ?? `${window.location.pathname}${window.location.hash}`;
  queue.push({
    kind,
    label: pageInfo(path).label,
    path: path.split('#')[0]!,
    at: Date.now(),
    ...(extra.tool && { tool: extra.tool }),
    ...(extra.keyword && { keyword: extra.keyword.slice(0, 40) }),
    ...(extra.scope && { scope: extra.scope }),
  });
  if (queue.length >= MAX_BATCH) flushTracking();
  else timer ??= setTimeout(flushTracking, FLUSH_MS);
};
