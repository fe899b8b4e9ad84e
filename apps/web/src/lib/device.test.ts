import { describe, expect, it, vi } from 'vitest';
import { deviceId, isMobileUserAgent } from './device';
import { storage } from './storage-keys';

const iphone =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1';
const android =
  'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Mobile Safari/537.36';
const desktop =
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36';
const mac =
  'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Safari/605.1.15';

describe('isMobileUserAgent', () => {
  it('detects phones', () => {
    expect(isMobileUserAgent(iphone)).toBe(true);
    expect(isMobileUserAgent(android)).toBe(true);
  });
  it('leaves desktops alone', () => {
    expect(isMobileUserAgent(desktop)).toBe(false);
    expect(isMobileUserAgent(mac)).toBe(false);
  });
});

describe('deviceId', () => {
  it('is generated once and then kept', () => {
    const spy = vi.spyOn(crypto, 'randomUUID');
    const first = deviceId();
    expect(first).toMatch(/^[0-9a-f-]{36}$/);
    expect(deviceId()).toBe(first);
    expect(spy).toHaveBeenCalledTimes(1);
    expect(storage.get('uuid')).toBe(first);
    spy.mockRestore();
  });
});
