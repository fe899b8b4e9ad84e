import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { signOutAdmin } from '../../../lib/admin-session';
import { signInTestAdmin } from './admin-test-session';
import { fakeApi, ok, renderWithProviders, resetFakeApi } from '../../../test/fake-api';
import { AdminClientPage } from './admin-client-page';

const windows = {
  platform: 'windows',
  version: '2.3.0',
  url: 'https://dl.example.cn/huijing-2.3.0.exe',
  releasedAt: '2026-11-01',
  sizeBytes: 94_371_840,
  requirements: 'Windows 10 及以上',
};

beforeEach(() => {
  signInTestAdmin();
});
afterEach(() => {
  resetFakeApi();
  signOutAdmin();
});

describe('admin client releases screen', { timeout: 20_000 }, () => {
  it('shows what is published and publishes an edit plus a new platform', async () => {
    const api = fakeApi({
      'GET /user/manage/client/downloads': () => ok({ releases: [windows] }),
      'POST /user/manage/client/downloads': (call) => ok(call.body),
    });
    renderWithProviders(<AdminClientPage />);
    const version = await screen.findByLabelText('Windows 版本号');
    expect(version).toHaveValue('2.3.0');
    expect(screen.getByRole('spinbutton', { name: 'Windows 安装包大小' })).toHaveValue('90.0');
    fireEvent.change(version, { target: { value: '2.4.0' } });
    fireEvent.click(screen.getByRole('switch', { name: '发布 macOS 版本' }));
    fireEvent.change(screen.getByLabelText('macOS 版本号'), { target: { value: '2.4.0' } });
    fireEvent.change(screen.getByLabelText('macOS 下载地址'), {
      target: { value: 'https://dl.example.cn/huijing-2.4.0.dmg' },
    });
    fireEvent.click(screen.getByRole('button', { name: /保存并发布/ }));
    await waitFor(() =>
      expect(api.callsTo('POST', '/user/manage/client/downloads')).toHaveLength(1),
    );
    const [call] = api.callsTo('POST', '/user/manage/client/downloads');
    expect(call!.headers['satoken']).toBe('hja_admin');
    expect(call!.body).toEqual({
      releases: [
        { ...windows, version: '2.4.0', sizeBytes: 94_371_840 },
        {
          platform: 'macos',
          version: '2.4.0',
          url: 'https://dl.example.cn/huijing-2.4.0.dmg',
          requirements: 'macOS 12 及以上（Apple 芯片 / Intel）',
        },
      ],
    });
    expect(api.messages()).toContain('已发布，客户端下载页已更新');
  });

  it('refuses a switched-on platform without a download link, before asking the server', async () => {
    const api = fakeApi({ 'GET /user/manage/client/downloads': () => ok({ releases: [] }) });
    renderWithProviders(<AdminClientPage />);
    fireEvent.click(await screen.findByRole('switch', { name: '发布 Windows 版本' }));
    fireEvent.change(screen.getByLabelText('Windows 版本号'), { target: { value: '1.0.0' } });
    fireEvent.click(screen.getByRole('button', { name: /保存并发布/ }));
    await waitFor(() => expect(api.messages()).toContain('Windows：请填写下载地址'));
    expect(api.callsTo('POST', '/user/manage/client/downloads')).toHaveLength(0);
  });
});
