import { storage as defaultStorage, storageKeys, type SafeStorage } from './storage-keys';

/** A phone or tablet by its user agent (shared with the server's shell choice). */
export { isMobileUserAgent } from '@huijing/contracts';

const randomId = (): string => {
  if (typeof crypto !== 'undefined' && typeof crypto.randomUUID === 'function') {
    return crypto.randomUUID();
  }
  // randomUUID needs a secure context; plain-http intranet deployments still get a unique id.
  const bytes = new Uint8Array(16);
  crypto.getRandomValues(bytes);
  bytes[6] = (bytes[6]! & 0x0f) | 0x40;
  bytes[8] = (bytes[8]! & 0x3f) | 0x80;
  const hex = Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
};

/** The device id: generated on first use and kept in local storage from then on. */
export const deviceId = (store: SafeStorage = defaultStorage): string => {
  const existing = store.get(storageKeys.uuid);
  if (typeof existing === 'string' && existing.length > 0) return existing;
  const id = randomId();
  store.set(storageKeys.uuid, id);
  return id;
};

/**
 * Device ids for the sibling sites (spec §3): `subUUID` travels with page views and to the case
 * site, `lingganUUID` to the inspiration site. Each is generated once and kept, like the uuid.
 */
export const siteDeviceId = (
  key: typeof storageKeys.subUUID | typeof storageKeys.lingganUUID,
  store: SafeStorage = defaultStorage,
): string => {
  const existing = store.get(key);
  if (typeof existing === 'string' && existing.length >= 8) return existing;
  const id = randomId();
  store.set(key, id);
  return id;
};
