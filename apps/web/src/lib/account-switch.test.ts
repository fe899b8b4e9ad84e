import { describe, expect, it } from 'vitest';
import { decideAccountSwitch, offerAccountSwitch, takeAccountSwitch } from './account-switch';

const a = { id: 'u-a', nickname: '设计师小王', phone: '138****0001' };
const b = { id: 'u-b', nickname: '', phone: '139****0002' };

describe('decideAccountSwitch', () => {
  it('asks before switching, naming both accounts', () => {
    expect(decideAccountSwitch(a, b)).toEqual({
      kind: 'ask',
      message: '当前已登录 设计师小王，是否切换到 139****0002？',
    });
    // The link's account could not be looked up: still asked, never switched silently.
    expect(decideAccountSwitch(a, undefined)).toEqual({
      kind: 'ask',
      message: '当前已登录 设计师小王，是否切换到 链接中的账号？',
    });
  });
  it("does nothing for the same account's token or a token the server refuses", () => {
    expect(decideAccountSwitch(a, { ...a, nickname: 'renamed' })).toEqual({ kind: 'ignore' });
    expect(decideAccountSwitch(a, null)).toEqual({ kind: 'ignore' });
    expect(decideAccountSwitch(undefined, null)).toEqual({ kind: 'ignore' });
  });
  it('signs in with the link when nobody is signed in after all', () => {
    expect(decideAccountSwitch(undefined, b)).toEqual({ kind: 'adopt' });
  });
});

describe('the offered switch', () => {
  it('is taken once', () => {
    offerAccountSwitch('token-of-b');
    expect(takeAccountSwitch()).toBe('token-of-b');
    expect(takeAccountSwitch()).toBeUndefined();
  });
});
