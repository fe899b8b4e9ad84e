import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { pageNavigation } from '../../../lib/page-navigation';
import { fail, fakeApi, ok, renderWithProviders, resetFakeApi } from '../../../test/fake-api';
import { TestLoginButton } from './test-login-button';

let reload: ReturnType<typeof vi.spyOn>;
beforeEach(() => {
  reload = vi.spyOn(pageNavigation, 'reload').mockImplementation(() => undefined);
});
afterEach(() => {
  resetFakeApi();
  vi.restoreAllMocks();
  localStorage.clear();
});

const user = {
  id: 'u-test',
  nickname: '测试用户',
  avatarUrl: null,
  phone: null,
  userType: 'personal',
  isTestUser: true,
  profession: null,
  interests: [],
  wechatBound: false,
  needsInterests: false,
  createdAt: '2026-01-01T00:00:00.000Z',
};

describe('development test login (GET /test/testlogin)', () => {
  it('signs in as the test user when the server offers it', async () => {
    const api = fakeApi({
      'GET /test/testlogin': () => ok({ token: 'hju_test', isNewUser: false, user }),
    });
    renderWithProviders(<TestLoginButton />);
    fireEvent.click(screen.getByRole('button', { name: /测试账号登录/ }));
    await waitFor(() => expect(reload).toHaveBeenCalledTimes(1));
    expect(api.callsTo('GET', '/test/testlogin')).toHaveLength(1);
    expect(JSON.parse(localStorage.getItem('satoken')!)).toBe('hju_test');
  });

  it('says how to turn it on when the server does not offer it', async () => {
    fakeApi({ 'GET /test/testlogin': () => fail(404, 40400, '请求的接口不存在') });
    renderWithProviders(<TestLoginButton />);
    fireEvent.click(screen.getByRole('button', { name: /测试账号登录/ }));
    await screen.findByText(/TEST_LOGIN=on/);
    expect(reload).not.toHaveBeenCalled();
    expect(localStorage.getItem('satoken')).toBeNull();
  });
});
