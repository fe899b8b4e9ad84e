import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { signOutAdmin } from '../../../lib/admin-session';
import { signInTestAdmin } from './admin-test-session';
import { fakeApi, ok, renderWithProviders, resetFakeApi } from '../../../test/fake-api';
import { AdminSamplesCard } from './admin-samples-card';

beforeEach(() => {
  signInTestAdmin();
});
afterEach(() => {
  resetFakeApi();
  signOutAdmin();
});

describe('example pictures on the engines screen', { timeout: 20_000 }, () => {
  it('shows what there is and the last run, and regenerates with a reason', async () => {
    let running = false;
    const api = fakeApi({
      'GET /user/manage/samples': () =>
        ok({
          counts: { style: 0, room: 0, tool: 10 },
          running,
          last: {
            startedAt: '2026-11-26T08:00:00.000Z',
            finishedAt: '2026-11-26T08:01:00.000Z',
            force: false,
            made: 10,
            kept: 0,
            notMade: 139,
            failed: [],
            aiEngine: false,
            error: null,
          },
        }),
      'POST /user/manage/samples/regenerate': () => {
        running = true;
        return ok({ started: true });
      },
    });
    renderWithProviders(<AdminSamplesCard />);
    await screen.findByText(/现有：风格 0 张 · 空间类型 0 张 · 工具\s*10 张/);
    expect(
      screen.getByText(/没有配置 AI 引擎，只生成了本机引擎能做的工具示例/),
    ).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: '重新生成示例图' }));
    const dialog = await screen.findByRole('dialog', { name: '重新生成示例图' });
    const ok_ = within(dialog).getByRole('button', { name: /开始生成/ });
    expect(ok_).toBeDisabled();
    fireEvent.click(within(dialog).getByRole('checkbox', { name: '已有的也重新生成' }));
    fireEvent.change(within(dialog).getByLabelText('操作原因'), {
      target: { value: '接入了 ComfyUI' },
    });
    fireEvent.click(ok_);
    await waitFor(() =>
      expect(api.callsTo('POST', '/user/manage/samples/regenerate')).toHaveLength(1),
    );
    expect(api.callsTo('POST', '/user/manage/samples/regenerate')[0]!.body).toEqual({
      force: true,
      reason: '接入了 ComfyUI',
    });
    await screen.findByText('生成中');
    expect(screen.getByRole('button', { name: '重新生成示例图' })).toBeDisabled();
  });
});
