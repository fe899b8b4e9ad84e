import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { pageNavigation } from '../../../lib/page-navigation';
import { storage, storageKeys } from '../../../lib/storage-keys';
import { fakeApi, ok, renderWithProviders, resetFakeApi } from '../../../test/fake-api';
import { WX_POLL_MS } from '../api/auth.queries';
import { WechatLoginPanel } from './wechat-login-panel';

const qr = (n: number) =>
  ok({
    sceneId: `scene-00000${n}`,
    qrImage: `data:image/png;base64,QR${n}`,
    expiresAt: '2099-01-01T00:00:00.000Z',
    provider: 'mp',
  });
const login = {
  token: 'hju_wx',
  isNewUser: false,
  user: {
    id: 'u1',
    nickname: '微信用户',
    avatarUrl: null,
    phone: null,
    userType: 'personal',
    isTestUser: false,
    profession: null,
    interests: [],
    wechatBound: true,
    needsInterests: false,
    createdAt: '2026-01-01T00:00:00.000Z',
  },
};

let reload: ReturnType<typeof vi.spyOn>;
beforeEach(() => {
  reload = vi.spyOn(pageNavigation, 'reload').mockImplementation(() => undefined);
});
afterEach(() => {
  resetFakeApi();
  vi.restoreAllMocks();
});

describe('WeChat login panel', () => {
  it('polls about every 1.5 s: waiting → scanned → confirmed stores the token and reloads', async () => {
    const statuses = ['waiting', 'scanned', 'confirmed'];
    const api = fakeApi({
      'GET /wx/getQRCode': () => qr(1),
      'GET /wx/cheakScan': (call) => {
        expect(call.query.get('sceneId')).toBe('scene-000001');
        const status = statuses.shift() ?? 'confirmed';
        return ok(status === 'confirmed' ? { status, login } : { status });
      },
    });
    renderWithProviders(<WechatLoginPanel />);
    expect(await screen.findByAltText('微信登录二维码')).toHaveAttribute(
      'src',
      'data:image/png;base64,QR1',
    );
    expect(
      await screen.findAllByText('已扫码，请在手机上确认', {}, { timeout: 4000 }),
    ).not.toHaveLength(0);
    await waitFor(() => expect(reload).toHaveBeenCalledTimes(1), { timeout: 4000 });
    expect(storage.get(storageKeys.satoken)).toBe('hju_wx');
    const polls = api.callsTo('GET', '/wx/cheakScan').length;
    expect(polls).toBe(3);
    // A confirmed scene ends polling.
    await new Promise((r) => setTimeout(r, WX_POLL_MS + 300));
    expect(api.callsTo('GET', '/wx/cheakScan')).toHaveLength(polls);
    // No simulator link for the real Official Account provider.
    expect(screen.queryByText('开发者模拟扫码')).toBeNull();
  }, 15_000);

  it('shows an expired overlay that fetches a new QR code when clicked', async () => {
    let round = 0;
    const api = fakeApi({
      'GET /wx/getQRCode': () => qr(++round),
      'GET /wx/cheakScan': (call) =>
        ok({ status: call.query.get('sceneId') === 'scene-000001' ? 'expired' : 'waiting' }),
    });
    renderWithProviders(<WechatLoginPanel />);
    const overlay = await screen.findByRole('button', { name: /二维码已过期，点击刷新/ });
    fireEvent.click(overlay);
    await waitFor(() =>
      expect(screen.getByAltText('微信登录二维码')).toHaveAttribute(
        'src',
        'data:image/png;base64,QR2',
      ),
    );
    expect(screen.queryByText('二维码已过期，点击刷新')).toBeNull();
    expect(api.callsTo('GET', '/wx/getQRCode')).toHaveLength(2);
    expect(reload).not.toHaveBeenCalled();
  }, 15_000);

  it('stops polling when the panel closes', async () => {
    const api = fakeApi({
      'GET /wx/getQRCode': () => qr(1),
      'GET /wx/cheakScan': () => ok({ status: 'waiting' }),
    });
    const { unmount } = renderWithProviders(<WechatLoginPanel />);
    await waitFor(() => expect(api.callsTo('GET', '/wx/cheakScan').length).toBeGreaterThan(0));
    unmount();
    const count = api.callsTo('GET', '/wx/cheakScan').length;
    await new Promise((r) => setTimeout(r, WX_POLL_MS * 2));
    expect(api.callsTo('GET', '/wx/cheakScan')).toHaveLength(count);
  }, 15_000);
});
