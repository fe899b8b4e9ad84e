import type { AdminEngines } from '@huijing/contracts';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { signOutAdmin } from '../../../lib/admin-session';
import { fakeApi, ok, renderWithProviders, resetFakeApi } from '../../../test/fake-api';
import { EngineRecentErrors, EngineSlots, EngineTestButton } from './admin-engine-extras';
import { signInTestAdmin } from './admin-test-session';

type Engine = AdminEngines['engines'][number];

const dashscope: Engine = {
  id: 'dashscope',
  name: '阿里云百炼',
  status: 'up',
  detail: null,
  lastCheckAt: '2026-12-01T08:00:00.000Z',
  latencyMs: 120,
  queueDepth: 3,
  running: 2,
  finishedLastHour: 10,
  failedLastHour: 1,
  failureRate: 0.1,
  outOfService: false,
  message: null,
  concurrency: { inUse: 2, limit: 2 },
  recentErrors: [
    { at: '2026-12-01T07:59:00.000Z', toolId: 'indoor', message: '图片未通过内容审核' },
  ],
};

beforeEach(() => signInTestAdmin());
afterEach(() => {
  resetFakeApi();
  signOutAdmin();
});

describe('hosted engine card extras', { timeout: 20_000 }, () => {
  it('shows the slots in use of the limit and the recent errors', () => {
    renderWithProviders(
      <>
        <EngineSlots engine={dashscope} />
        <EngineRecentErrors engine={dashscope} />
      </>,
    );
    expect(screen.getByText('2/2')).toHaveClass('hj-admin-neg');
    expect(screen.getByText('最近错误（1）')).toBeInTheDocument();
    expect(screen.getByText(/图片未通过内容审核/)).toBeInTheDocument();
  });

  it('测试 asks a reason, runs the job and shows the picture, or the error', async () => {
    let pass = true;
    const api = fakeApi({
      'POST /user/manage/engines/dashscope/test': () =>
        ok({
          engineId: 'dashscope',
          ok: pass,
          capability: 'text-to-image',
          ms: 4200,
          thumbnail: pass ? 'data:image/jpeg;base64,AAAA' : null,
          width: pass ? 1024 : null,
          height: pass ? 1024 : null,
          error: pass ? null : '阿里云百炼密钥无效（InvalidApiKey）',
        }),
    });
    renderWithProviders(<EngineTestButton engine={dashscope} allowed />);
    fireEvent.click(screen.getByRole('button', { name: '测试' }));
    const dialog = await screen.findByRole('dialog', { name: '测试 阿里云百炼' });
    const start = within(dialog).getByRole('button', { name: /开始测试/ });
    expect(start).toBeDisabled();
    fireEvent.change(within(dialog).getByLabelText('操作原因'), { target: { value: '上线检查' } });
    fireEvent.click(start);
    expect(await within(dialog).findByAltText('测试生成的图片')).toHaveAttribute(
      'src',
      'data:image/jpeg;base64,AAAA',
    );
    expect(within(dialog).getByText('测试成功，用时 4.2 秒，1024×1024')).toBeInTheDocument();
    expect(api.callsTo('POST', '/user/manage/engines/dashscope/test')[0]!.body).toEqual({
      reason: '上线检查',
    });
    pass = false;
    fireEvent.click(within(dialog).getByRole('button', { name: /再测一次/ }));
    await waitFor(() =>
      expect(within(dialog).getByText('阿里云百炼密钥无效（InvalidApiKey）')).toBeInTheDocument(),
    );
  });

  it('an unconfigured engine has no 测试 button', () => {
    renderWithProviders(
      <EngineTestButton engine={{ ...dashscope, status: 'unconfigured' }} allowed />,
    );
    expect(screen.queryByRole('button', { name: '测试' })).toBeNull();
  });
});
