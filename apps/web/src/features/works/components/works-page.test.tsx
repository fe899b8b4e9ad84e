import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { initI18n } from '../../../app/i18n';
import { useAccountDialogs } from '../../../components/account-dialogs.store';
import { sessionKeys } from '../../../lib/session';
import {
  fail,
  fakeApi,
  ok,
  renderWithProviders,
  resetFakeApi,
  testQueryClient,
} from '../../../test/fake-api';
import { WorksPage } from './works-page';

initI18n();
vi.setConfig({ testTimeout: 30_000 });

const user = { id: 'u1', nickname: '林设计师', needsInterests: false };
const work = (taskId: string, toolId: string, extra: Record<string, unknown> = {}) => ({
  taskId,
  toolId,
  status: 'succeeded',
  queueNum: 0,
  progress: 100,
  outputs: [
    {
      url: `/api/files/${taskId}`,
      thumbUrl: `/api/files/${taskId}/thumb`,
      width: 8,
      height: 6,
      kind: 'image',
    },
  ],
  prompt: null as string | null,
  error: null,
  createdAt: '2026-03-02T08:00:00.000Z',
  finishedAt: '2026-03-02T08:00:05.000Z',
  ...extra,
});

const setup = (o: { signedIn?: boolean; list?: () => ReturnType<typeof ok> } = {}) => {
  let rows = [
    work('t1', 'to-line'),
    work('t2', 'text-to-image', {
      prompt: '北欧风客厅，落地窗',
      settings: [
        { name: '手绘草图', nameEn: 'Hand sketch' },
        { name: '黄昏', nameEn: 'Dusk' },
      ],
    }),
    work('t3', 'upscale', { status: 'running', progress: 40, outputs: [] }),
  ];
  const api = fakeApi({
    'GET /ai/getTaskList': (call) =>
      o.list?.() ??
      ok({
        list: call.query.get('q')
          ? rows.filter((r) => r.prompt?.includes(call.query.get('q')!))
          : rows,
        total: rows.length,
        page: 1,
        pageSize: 20,
      }),
    'POST /works/delete': (call) => {
      const ids = (call.body as { taskIds: string[] }).taskIds;
      rows = rows.filter((r) => !ids.includes(r.taskId));
      return ok({ deleted: ids.length, canceled: ids.includes('t3') ? 1 : 0 });
    },
    'GET /ai/totalTicket': () => ok(10),
    'GET /works/projects': () =>
      ok({
        list: [{ id: 'p1', name: '王总别墅', count: 1, createdAt: '2026-03-01T00:00:00Z' }],
        unfiled: 2,
      }),
    'POST /works/projects/rename': () => ok(null),
    'POST /works/projects/move': (call) =>
      ok({ moved: (call.body as { taskIds: string[] }).taskIds.length }),
  });
  const client = testQueryClient();
  client.setQueryDefaults(sessionKeys.currentUser, { staleTime: Infinity });
  client.setQueryData(sessionKeys.currentUser, o.signedIn === false ? null : user);
  return { api, ...renderWithProviders(<WorksPage />, { client, path: '/aiDesignMangement' }) };
};

afterEach(() => resetFakeApi());

describe('the works page', () => {
  it('shows each work with its tool, time, prompt or state, and links it to its done page', async () => {
    setup();
    await screen.findByText('共 3 个作品');
    const first = screen.getByRole('link', { name: '查看图片转线稿的结果' });
    // 图片转线稿 is an edit tool: its work opens the edit family's done page.
    expect(first).toHaveAttribute('href', '/done2?taskId=t1');
    expect(screen.getByText('北欧风客厅，落地窗')).toBeInTheDocument();
    // Each card shows the work's own settings, or the size it came out at; never the tool's tagline.
    expect(screen.getByText('手绘草图 · 黄昏')).toBeInTheDocument();
    expect(within(first.closest('article')!).getByText('8 × 6 像素')).toBeInTheDocument();
    expect(screen.queryByText(/照片或效果图转为干净的线稿/)).toBeNull();
    expect(screen.getByText('生成中')).toBeInTheDocument();
    expect(screen.getByText('已显示全部 3 个作品')).toBeInTheDocument();
  });

  it('sends the search to the server after a pause', async () => {
    const { api } = setup();
    await screen.findByText('共 3 个作品');
    fireEvent.change(screen.getByRole('textbox', { name: '搜索功能名称或提示词' }), {
      target: { value: '北欧' },
    });
    await waitFor(() =>
      expect(api.callsTo('GET', '/ai/getTaskList').some((c) => c.query.get('q') === '北欧')).toBe(
        true,
      ),
    );
    await screen.findByText('共 3 个作品');
    await waitFor(() => expect(screen.getAllByRole('article')).toHaveLength(1));
  });

  it('deletes a selection after confirmation and says running ones were cancelled', async () => {
    const { api } = setup();
    await screen.findByText('共 3 个作品');
    fireEvent.click(screen.getByRole('checkbox', { name: '选择这个图片转线稿作品' }));
    fireEvent.click(screen.getByRole('checkbox', { name: '选择这个无损放大作品' }));
    const bar = screen.getByRole('region', { name: '批量操作' });
    expect(within(bar).getByText('已选 2 个')).toBeInTheDocument();
    fireEvent.click(within(bar).getByRole('button', { name: /删\s?除/ }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText(/1 个任务仍在排队或生成中/)).toBeInTheDocument();
    expect(api.callsTo('POST', '/works/delete')).toHaveLength(0);
    fireEvent.click(within(dialog).getByRole('button', { name: /删\s?除/ }));
    await waitFor(() => expect(api.callsTo('POST', '/works/delete')).toHaveLength(1));
    expect(api.callsTo('POST', '/works/delete')[0]!.body).toEqual({ taskIds: ['t1', 't3'] });
    await waitFor(() =>
      expect(api.messages()).toContain('已删除 2 个作品，其中 1 个进行中的任务已取消，次数已退回'),
    );
    await screen.findByText('共 1 个作品');
  });

  it('says 全选 and counts the pictures the zip will hold (打包下载 N 张)', async () => {
    setup();
    await screen.findByText('共 3 个作品');
    fireEvent.click(screen.getByRole('button', { name: '全 选' }));
    const bar = screen.getByRole('region', { name: '批量操作' });
    // t3 is still running: it has no picture yet.
    expect(within(bar).getByRole('button', { name: /打包下载 2 张/ })).toBeEnabled();
    expect(screen.getByRole('button', { name: /取消全选/ })).toBeInTheDocument();
  });

  it('filters by project and moves a selection into one', async () => {
    const { api } = setup();
    await screen.findByText('共 3 个作品');
    const projects = await screen.findByRole('navigation', { name: '项目' });
    expect(within(projects).getByRole('button', { name: /未归档\s*2/ })).toBeInTheDocument();
    fireEvent.click(within(projects).getByRole('button', { name: /王总别墅\s*1/ }));
    await waitFor(() =>
      expect(
        api.callsTo('GET', '/ai/getTaskList').some((c) => c.query.get('projectId') === 'p1'),
      ).toBe(true),
    );
    await screen.findByText('共 3 个作品');
    fireEvent.click(screen.getByRole('checkbox', { name: '选择这个图片转线稿作品' }));
    const bar = screen.getByRole('region', { name: '批量操作' });
    fireEvent.mouseDown(within(bar).getByRole('combobox', { name: '移到项目' }));
    fireEvent.click(await screen.findByText('移出项目'));
    await waitFor(() => expect(api.callsTo('POST', '/works/projects/move')).toHaveLength(1));
    expect(api.callsTo('POST', '/works/projects/move')[0]!.body).toEqual({
      taskIds: ['t1'],
      projectId: null,
    });
    await waitFor(() => expect(api.messages()).toContain('已移动 1 个作品'));
  });

  it('renames the open project in place', async () => {
    const { api } = setup();
    const projects = await screen.findByRole('navigation', { name: '项目' });
    expect(within(projects).queryByRole('button', { name: /重命名/ })).toBeNull();
    fireEvent.click(await within(projects).findByRole('button', { name: /王总别墅\s*1/ }));
    fireEvent.click(await within(projects).findByRole('button', { name: /重命名/ }));
    const box = within(projects).getByRole('searchbox', { name: '「王总别墅」的新名称' });
    expect(box).toHaveValue('王总别墅');
    fireEvent.change(box, { target: { value: ' 王总别墅 二期 ' } });
    fireEvent.click(within(projects).getByRole('button', { name: /保\s?存/ }));
    await waitFor(() => expect(api.callsTo('POST', '/works/projects/rename')).toHaveLength(1));
    expect(api.callsTo('POST', '/works/projects/rename')[0]!.body).toEqual({
      projectId: 'p1',
      name: '王总别墅 二期',
    });
    await waitFor(() => expect(api.messages()).toContain('项目已改名为「王总别墅 二期」'));
  });

  it('shows a retryable error when the list fails', async () => {
    setup({ list: () => fail(500, 50000, '服务器开小差了，请稍后再试') });
    await screen.findByText('作品加载失败');
    expect(screen.getByRole('button', { name: /重\s?试/ })).toBeInTheDocument();
  });

  it('asks a signed-out visitor to sign in instead of loading', async () => {
    const { api } = setup({ signedIn: false });
    fireEvent.click(await screen.findByRole('button', { name: /登录 \/ 注册/ }));
    expect(useAccountDialogs.getState().login.open).toBe(true);
    expect(api.callsTo('GET', '/ai/getTaskList')).toHaveLength(0);
  });
});
