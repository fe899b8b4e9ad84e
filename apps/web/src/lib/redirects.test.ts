import { describe, expect, it } from 'vitest';
import {
  deviceRedirect,
  extractSatoken,
  extractSource,
  legacyHostRedirect,
  planStartup,
} from './redirects';
import { createSafeStorage, storage, storageKeys } from './storage-keys';

describe('deviceRedirect', () => {
  it('sends phones to the mobile home unless the path is mobile or the agreement', () => {
    expect(deviceRedirect('/', true)).toBe('/mobileHome');
    expect(deviceRedirect('/nowhere', true)).toBe('/mobileHome');
    expect(deviceRedirect('/mobileHome', true)).toBeUndefined();
    expect(deviceRedirect('/mobileList', true)).toBeUndefined();
    expect(deviceRedirect('/agreement', true)).toBeUndefined();
  });
  it('lets a share link open as sent on a phone, and only a share link', () => {
    expect(deviceRedirect('/done2', true, '?share=abc')).toBeUndefined();
    expect(deviceRedirect('/panorama', true, '?share=abc&x=1')).toBeUndefined();
    expect(deviceRedirect('/done2', true, '?taskId=t1')).toBe('/mobileHome');
    expect(deviceRedirect('/done2', true, '?share=')).toBe('/mobileHome');
  });
  it('lets phones open the community pages, which have phone layouts', () => {
    expect(deviceRedirect('/findPage', true)).toBeUndefined();
    expect(deviceRedirect('/authorHomePage/u1', true)).toBeUndefined();
    expect(deviceRedirect('/classifyPage/a-b-c', true)).toBeUndefined();
    expect(deviceRedirect('/qaPage', true)).toBeUndefined();
    expect(deviceRedirect('/findPageX', true)).toBe('/mobileHome');
  });
  it('keeps the admin area on a phone (operators work from phones)', () => {
    expect(deviceRedirect('/admin', true)).toBeUndefined();
    expect(deviceRedirect('/admin/users', true)).toBeUndefined();
    expect(deviceRedirect('/administrator', true)).toBe('/mobileHome');
  });
  it('sends desktops away from mobile paths', () => {
    expect(deviceRedirect('/mobileHome', false)).toBe('/');
    expect(deviceRedirect('/mobileDone', false)).toBe('/');
    expect(deviceRedirect('/list', false)).toBeUndefined();
    expect(deviceRedirect('/', false)).toBeUndefined();
  });
});

describe('extractSatoken', () => {
  it('returns the token and the address without it, other params kept', () => {
    expect(extractSatoken('https://a.cn/list?x=1&satoken=T0K&y=2#h')).toEqual({
      token: 'T0K',
      cleaned: '/list?x=1&y=2#h',
    });
    expect(extractSatoken('https://a.cn/?satoken=abc')).toEqual({ token: 'abc', cleaned: '/' });
    expect(extractSatoken('https://a.cn/?x=1')).toBeUndefined();
  });
});

describe('extractSource', () => {
  it('maps k/p/source/u to keyWord/plan/source/unit', () => {
    expect(
      extractSource('https://a.cn/?k=%E6%95%88%E6%9E%9C%E5%9B%BE&p=p1&source=baidu&u=u9'),
    ).toEqual({
      keyWord: '效果图',
      plan: 'p1',
      source: 'baidu',
      unit: 'u9',
    });
    expect(extractSource('https://a.cn/?k=x')).toEqual({ keyWord: 'x' });
    expect(extractSource('https://a.cn/?other=1')).toBeUndefined();
  });
});

describe('legacyHostRedirect', () => {
  const options = {
    legacyHosts: ['old.huijing.cn', 'www.old.huijing.cn'],
    canonicalHost: 'huijing.cn',
  };
  it('keeps path, query and hash on the canonical host', () => {
    expect(legacyHostRedirect('https://old.huijing.cn/list?a=1#t', options)).toBe(
      'https://huijing.cn/list?a=1#t',
    );
    expect(legacyHostRedirect('https://WWW.old.huijing.cn/', options)).toBe('https://huijing.cn/');
  });
  it('leaves other hosts alone', () => {
    expect(legacyHostRedirect('https://huijing.cn/list', options)).toBeUndefined();
    expect(legacyHostRedirect('http://127.0.0.1:4173/', options)).toBeUndefined();
  });
});

describe('deep links on phones', () => {
  it("opens a desktop tool link on that tool's phone page", () => {
    expect(deviceRedirect('/indoorRender', true)).toBe('/mobilePrepare?tool=indoor');
    expect(deviceRedirect('/IndoorRender', true)).toBe('/mobilePrepare?tool=indoor');
    expect(deviceRedirect('/clean', true)).toBe('/mobilePrepare?tool=clean');
  });
  it('opens the function list on the phone list of the same family', () => {
    expect(deviceRedirect('/list', true, '?tab=3')).toBe('/mobileList?family=generate');
    expect(deviceRedirect('/list', true)).toBe('/mobileList?family=render');
  });
  it('keeps the rest of the link on first load, the tool named by the target', () => {
    const action = planStartup({
      href: 'https://huijing.cn/indoorRender?satoken=s9&k=kw&tool=x',
      userAgentIsMobile: true,
      storage,
    });
    expect(action).toEqual({ kind: 'replace', path: '/mobilePrepare?tool=indoor&k=kw' });
  });
});

describe('planStartup', () => {
  it('stores satoken and source, strips the token and redirects a phone', () => {
    const action = planStartup({
      href: 'https://huijing.cn/list?satoken=s1&k=kw&tab=2',
      userAgentIsMobile: true,
      storage,
    });
    expect(action).toEqual({ kind: 'replace', path: '/mobileList?family=edit&k=kw&tab=2' });
    expect(storage.get(storageKeys.satoken)).toBe('s1');
    expect(storage.get(storageKeys.source)).toEqual({ keyWord: 'kw' });
  });
  it('only strips the token on a desktop page that is fine', () => {
    expect(
      planStartup({
        href: 'https://huijing.cn/list?satoken=s2&a=b',
        userAgentIsMobile: false,
        storage,
      }),
    ).toEqual({ kind: 'replace', path: '/list?a=b' });
  });
  it('does nothing when nothing applies', () => {
    expect(
      planStartup({ href: 'https://huijing.cn/home', userAgentIsMobile: false, storage }),
    ).toEqual({
      kind: 'none',
    });
  });
  it('sends a desktop on a mobile path home', () => {
    expect(
      planStartup({ href: 'https://huijing.cn/mobileHome', userAgentIsMobile: false, storage }),
    ).toEqual({ kind: 'replace', path: '/' });
  });
  it("never swaps the signed-in account: another session's token is handed back to confirm", () => {
    storage.set(storageKeys.satoken, 'token-of-a');
    expect(
      planStartup({
        href: 'https://huijing.cn/personalCenter?satoken=token-of-b&tab=orders',
        userAgentIsMobile: false,
        storage,
      }),
    ).toEqual({ kind: 'replace', path: '/personalCenter?tab=orders', switchAccount: 'token-of-b' });
    expect(storage.get(storageKeys.satoken)).toBe('token-of-a');
  });
  it('only strips the token when it is the session already signed in', () => {
    storage.set(storageKeys.satoken, 'token-of-a');
    expect(
      planStartup({
        href: 'https://huijing.cn/personalCenter?satoken=token-of-a',
        userAgentIsMobile: false,
        storage,
      }),
    ).toEqual({ kind: 'replace', path: '/personalCenter' });
    expect(storage.get(storageKeys.satoken)).toBe('token-of-a');
  });
  it('leaves a legacy host for the canonical one first', () => {
    expect(
      planStartup({
        href: 'https://old.cn/list?satoken=z',
        userAgentIsMobile: false,
        storage: createSafeStorage(() => undefined),
        legacyHosts: ['old.cn'],
        canonicalHost: 'new.cn',
      }),
    ).toEqual({ kind: 'leave', href: 'https://new.cn/list?satoken=z' });
  });
});
