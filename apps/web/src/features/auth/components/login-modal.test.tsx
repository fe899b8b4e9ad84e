import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { useEffect } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useAccountDialogs } from '../../../components/account-dialogs.store';
import { pageNavigation } from '../../../lib/page-navigation';
import { storage, storageKeys } from '../../../lib/storage-keys';
import { fail, fakeApi, ok, renderWithProviders, resetFakeApi } from '../../../test/fake-api';
import type { CaptchaWidgetProps } from '../captcha/altcha-widget';
import { LoginModal } from './login-modal';

const user = {
  id: 'u1',
  nickname: '绘境用户8000',
  avatarUrl: null,
  phone: '138****8000',
  userType: 'personal',
  isTestUser: false,
  profession: null,
  interests: [],
  wechatBound: false,
  needsInterests: true,
  createdAt: '2026-01-01T00:00:00.000Z',
};

let reload: ReturnType<typeof vi.spyOn>;
beforeEach(() => {
  reload = vi.spyOn(pageNavigation, 'reload').mockImplementation(() => undefined);
  useAccountDialogs.getState().openLogin();
});
afterEach(() => {
  resetFakeApi();
  vi.restoreAllMocks();
  vi.useRealTimers();
  useAccountDialogs.getState().closeLogin();
});

const phoneInput = () => screen.getByLabelText('手机号');
const codeInput = () => screen.getByLabelText('验证码');
const sendButton = () => screen.getByRole('button', { name: /获取验证码|重新获取/ });
const loginButton = () => screen.getByRole('button', { name: '登录 / 注册' });

describe('login modal — SMS code', { timeout: 20_000 }, () => {
  it('counts down 60 → 0 after a successful send, then the label returns', async () => {
    // Only the countdown's interval is faked, so requests and waitFor keep real time.
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    const api = fakeApi({ 'POST /user/p1/sms/send': () => ok({ resendAfterSeconds: 60 }) });
    renderWithProviders(<LoginModal />);
    fireEvent.change(phoneInput(), { target: { value: '138 0013 8000' } });
    fireEvent.click(sendButton());
    await waitFor(() => expect(sendButton()).toHaveTextContent('重新获取(60s)'));
    expect(api.messages()).toContain('发送成功');
    expect(api.callsTo('POST', '/user/p1/sms/send')[0]?.body).toEqual({
      phoneNo: '13800138000',
      purpose: 'login',
    });
    expect(sendButton()).toBeDisabled();
    act(() => vi.advanceTimersByTime(1000));
    expect(sendButton()).toHaveTextContent('重新获取(59s)');
    act(() => vi.advanceTimersByTime(58_000));
    expect(sendButton()).toHaveTextContent('重新获取(1s)');
    act(() => vi.advanceTimersByTime(1000));
    expect(sendButton()).toHaveTextContent('获取验证码');
    expect(sendButton()).toBeEnabled();
  }, 20_000);

  it('validates the phone before calling the server', async () => {
    const api = fakeApi({});
    renderWithProviders(<LoginModal />);
    fireEvent.change(phoneInput(), { target: { value: '12345' } });
    fireEvent.click(sendButton());
    expect(await screen.findByText('请输入正确的 11 位中国大陆手机号')).toBeInTheDocument();
    expect(api.calls).toHaveLength(0);
  });

  it("shows the server's message when sending fails, without a countdown", async () => {
    const api = fakeApi({
      'POST /user/p1/sms/send': () => fail(429, 42901, '验证码发送过于频繁，请稍后再试'),
    });
    renderWithProviders(<LoginModal />);
    fireEvent.change(phoneInput(), { target: { value: '13800138000' } });
    fireEvent.click(sendButton());
    await waitFor(() => expect(api.messages()).toContain('验证码发送过于频繁，请稍后再试'));
    expect(sendButton()).toHaveTextContent('获取验证码');
    expect(sendButton()).toBeEnabled();
  });

  it('refuses to log in while the agreement is unticked (ticked by default)', async () => {
    const api = fakeApi({});
    renderWithProviders(<LoginModal />);
    const agreement = screen.getByRole('checkbox');
    expect(agreement).toBeChecked();
    expect(screen.getByRole('link', { name: '《用户协议》' })).toHaveAttribute(
      'href',
      '/agreement',
    );
    fireEvent.click(agreement);
    fireEvent.change(phoneInput(), { target: { value: '13800138000' } });
    fireEvent.change(codeInput(), { target: { value: '123456' } });
    fireEvent.click(loginButton());
    expect(await screen.findByText('请先阅读并同意《用户协议》后再登录')).toBeInTheDocument();
    expect(api.callsTo('POST', '/user/p1/sms/login')).toHaveLength(0);
  });

  it("shows the server's message when the code is wrong", async () => {
    const api = fakeApi({
      'POST /user/p1/sms/login': () => fail(400, 40011, '验证码错误或已过期'),
    });
    renderWithProviders(<LoginModal />);
    fireEvent.change(phoneInput(), { target: { value: '13800138000' } });
    fireEvent.change(codeInput(), { target: { value: '000000' } });
    fireEvent.click(loginButton());
    await waitFor(() => expect(api.messages()).toContain('验证码错误或已过期'));
    expect(reload).not.toHaveBeenCalled();
    expect(storage.get(storageKeys.satoken)).toBeUndefined();
  });

  it('stores token and phone label, sends source and invite code, then reloads', async () => {
    storage.set(storageKeys.source, { keyWord: '效果图', plan: 'p1' });
    storage.set(storageKeys.inviteCode, 'INV42');
    const api = fakeApi({
      'POST /user/p1/sms/login': () => ok({ token: 'hju_new', isNewUser: true, user }),
    });
    renderWithProviders(<LoginModal />);
    fireEvent.change(phoneInput(), { target: { value: '13800138000' } });
    fireEvent.change(codeInput(), { target: { value: '123456' } });
    fireEvent.click(loginButton());
    await waitFor(() => expect(reload).toHaveBeenCalledTimes(1));
    expect(api.callsTo('POST', '/user/p1/sms/login')[0]?.body).toEqual({
      phoneNo: '13800138000',
      verifyCode: '123456',
      type: 1,
      agreement: true,
      source: { keyWord: '效果图', plan: 'p1' },
      inviteCode: 'INV42',
    });
    expect(storage.get(storageKeys.satoken)).toBe('hju_new');
    expect(storage.get(storageKeys.loginPhone)).toBe('138****8000');
  });

  it('solves the captcha when the server asks for it, then retries the send with its token', async () => {
    const challenge = {
      parameters: {
        algorithm: 'PBKDF2/SHA-256',
        nonce: 'n1',
        salt: 's1',
        cost: 500,
        keyLength: 32,
        keyPrefix: 'ab',
        expiresAt: 1_800_000_000,
      },
      signature: 'sig',
    };
    let sends = 0;
    const api = fakeApi({
      'POST /user/p1/sms/send': () =>
        ++sends === 1 ? fail(428, 42800, '请先完成安全验证') : ok({ resendAfterSeconds: 60 }),
      'GET /captcha/challenge': () => ok(challenge),
      'POST /captcha/solve': () => ok({ captchaToken: 'cap-1', expiresAt: '2026-01-01' }),
    });
    // The altcha widget itself runs in the browser flows (e2e/flows/captcha.test.ts); here a
    // stand-in answers the challenge it is given.
    const shown: unknown[] = [];
    const FakeWidget = ({ challenge: c, onVerified }: CaptchaWidgetProps) => {
      useEffect(() => {
        shown.push(c);
        onVerified('payload-1');
        // Once per mount, as the widget reports once.
        // eslint-disable-next-line react-hooks/exhaustive-deps
      }, []);
      return null;
    };
    renderWithProviders(<LoginModal captchaWidget={FakeWidget} />);
    fireEvent.change(phoneInput(), { target: { value: '13800138000' } });
    fireEvent.click(sendButton());
    await waitFor(() => expect(sendButton()).toHaveTextContent(/重新获取/));
    expect(shown).toEqual([challenge]);
    expect(api.callsTo('POST', '/captcha/solve')).toHaveLength(1);
    expect(api.callsTo('POST', '/captcha/solve')[0]?.body).toEqual({ payload: 'payload-1' });
    expect(api.callsTo('POST', '/user/p1/sms/send')[1]?.body).toMatchObject({
      captchaToken: 'cap-1',
    });
    expect(api.messages()).not.toContain('请先完成安全验证');
  }, 20_000);

  it('switches to WeChat login in the same modal', async () => {
    fakeApi({
      'GET /wx/getQRCode': () =>
        ok({
          sceneId: 'scene-000001',
          qrImage: 'data:image/png;base64,AA==',
          expiresAt: '2099-01-01T00:00:00.000Z',
          provider: 'simulator',
          simulatorUrl: '/api/wx/simulator?sceneId=scene-000001',
        }),
      'GET /wx/cheakScan': () => ok({ status: 'waiting' }),
    });
    renderWithProviders(<LoginModal />);
    fireEvent.click(screen.getByRole('tab', { name: /微信扫码登录/ }));
    expect(await screen.findByAltText('微信登录二维码')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: '开发者模拟扫码' })).toHaveAttribute(
      'target',
      '_blank',
    );
  });
});
