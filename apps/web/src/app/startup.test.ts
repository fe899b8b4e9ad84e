import { describe, expect, it, vi } from 'vitest';
import { takeAccountSwitch } from '../lib/account-switch';
import { storage, storageKeys } from '../lib/storage-keys';
import { runStartup } from './startup';

const iphone =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1';

const fakeWindow = (href: string, userAgent = 'Mozilla/5.0 (X11; Linux x86_64) Chrome/126') => {
  const replaceState = vi.fn();
  const replace = vi.fn();
  const win = {
    location: { href, replace },
    navigator: { userAgent },
    history: { state: null, replaceState },
  } as unknown as Window;
  return { win, replaceState, replace };
};

describe('runStartup', () => {
  it('stores satoken and rewrites the address without it before rendering', () => {
    const { win, replaceState } = fakeWindow('https://huijing.cn/list?satoken=abc&tab=2');
    expect(runStartup(win)).toBe(true);
    expect(storage.get(storageKeys.satoken)).toBe('abc');
    expect(replaceState).toHaveBeenCalledWith(null, '', '/list?tab=2');
    expect(storage.get(storageKeys.uuid)).toMatch(/^[0-9a-f-]{36}$/);
  });

  it("keeps the signed-in account when a link carries another session's token, and offers it", () => {
    storage.set(storageKeys.satoken, 'token-of-a');
    const { win, replaceState } = fakeWindow(
      'https://huijing.cn/personalCenter?satoken=token-of-b',
    );
    expect(runStartup(win)).toBe(true);
    expect(storage.get(storageKeys.satoken)).toBe('token-of-a');
    expect(replaceState).toHaveBeenCalledWith(null, '', '/personalCenter');
    expect(takeAccountSwitch()).toBe('token-of-b');
  });

  it('moves a phone to the mobile pages (a tool link to its mobile page) and keeps the agreement reachable', () => {
    const phone = fakeWindow('https://huijing.cn/indoorRenderNew', iphone);
    runStartup(phone.win);
    // A desktop tool link opened on a phone lands on that tool's mobile page.
    expect(phone.replaceState).toHaveBeenCalledWith(
      null,
      '',
      '/mobilePrepare?tool=home-decoration',
    );
    const home = fakeWindow('https://huijing.cn/home', iphone);
    runStartup(home.win);
    expect(home.replaceState).toHaveBeenCalledWith(null, '', '/mobileHome');
    const agreement = fakeWindow('https://huijing.cn/agreement', iphone);
    runStartup(agreement.win);
    expect(agreement.replaceState).not.toHaveBeenCalled();
  });

  it('moves a desktop off mobile paths and stores the landing source', () => {
    const { win, replaceState } = fakeWindow('https://huijing.cn/mobileHome?k=kw&u=unit');
    runStartup(win);
    expect(replaceState).toHaveBeenCalledWith(null, '', '/?k=kw&u=unit');
    expect(storage.get(storageKeys.source)).toEqual({ keyWord: 'kw', unit: 'unit' });
  });

  it('leaves the address alone when no rule applies', () => {
    const { win, replaceState, replace } = fakeWindow('https://huijing.cn/home');
    expect(runStartup(win)).toBe(true);
    expect(replaceState).not.toHaveBeenCalled();
    expect(replace).not.toHaveBeenCalled();
  });
});
