import { QueryClientProvider } from '@tanstack/react-query';
import { act, renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fail, fakeApi, ok, resetFakeApi, testQueryClient, testUser } from '../test/fake-api';
import { useAccountDialogs } from './account-dialogs.store';
import { useSignInGate } from './use-sign-in-gate';

const { vip, ...info } = testUser;

/** userInfo answers only when the test says so: the moment a `?satoken=` link is still checked. */
const slowAccount = (answer: () => ReturnType<typeof ok>) => {
  let release!: () => void;
  const gate = new Promise<void>((resolve) => (release = resolve));
  fakeApi({
    'GET /user/userInfo': async () => {
      await gate;
      return answer();
    },
    'GET /user/getVipInfo': () => ok(vip),
  });
  return release;
};

const renderGate = () => {
  const client = testQueryClient();
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={client}>{children}</QueryClientProvider>
  );
  return renderHook(() => useSignInGate('/indoorRender'), { wrapper });
};

beforeEach(() => {
  localStorage.clear();
  useAccountDialogs.setState({ login: { open: false, view: 'sms' } });
});
afterEach(resetFakeApi);

describe('useSignInGate', () => {
  it('keeps an action given while a stored token is checked and runs it once signed in', async () => {
    localStorage.setItem('satoken', JSON.stringify('hju_link'));
    const release = slowAccount(() => ok(info));
    const hook = renderGate();
    const resume = vi.fn();
    act(() => hook.result.current!(resume));
    expect(resume).not.toHaveBeenCalled();
    expect(useAccountDialogs.getState().login.open).toBe(false);

    release();
    await waitFor(() => expect(hook.result.current).toBeUndefined());
    expect(resume).toHaveBeenCalledTimes(1);
    expect(useAccountDialogs.getState().login.open).toBe(false);
  });

  it('asks for sign-in, without running the action, when the stored token turns out bad', async () => {
    localStorage.setItem('satoken', JSON.stringify('hju_stale'));
    const release = slowAccount(() => fail(401, 40101, '登录已过期，请重新登录'));
    const hook = renderGate();
    const resume = vi.fn();
    act(() => hook.result.current!(resume));
    release();
    await waitFor(() => expect(useAccountDialogs.getState().login.open).toBe(true));
    expect(useAccountDialogs.getState().login.returnTo).toBe('/indoorRender');
    expect(resume).not.toHaveBeenCalled();
  });

  it('asks a visitor with no token at once', () => {
    fakeApi({});
    const hook = renderGate();
    const resume = vi.fn();
    act(() => hook.result.current!(resume));
    expect(useAccountDialogs.getState().login.open).toBe(true);
    expect(resume).not.toHaveBeenCalled();
  });

  it('runs an action from an older render at once when the account is known by then', async () => {
    localStorage.setItem('satoken', JSON.stringify('hju_link'));
    const release = slowAccount(() => ok(info));
    const hook = renderGate();
    const older = hook.result.current!;
    release();
    await waitFor(() => expect(hook.result.current).toBeUndefined());
    const resume = vi.fn();
    act(() => older(resume));
    expect(resume).toHaveBeenCalledTimes(1);
    expect(useAccountDialogs.getState().login.open).toBe(false);
  });
});
