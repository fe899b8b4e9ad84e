import { getTool } from '@huijing/tools';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { Route, Routes } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
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
  testUser,
} from '../../../test/fake-api';
import { familyStore } from '../store/family-stores';
import { DonePage } from './done-page';

initI18n();
vi.setConfig({ testTimeout: 30_000 });

const user = testUser;
const fileId = '0b6f3c1e-7a52-4c1f-9d0e-3f1a2b4c5d6e';
const output = {
  url: `/api/files/${fileId}?exp=1&sig=s`,
  thumbUrl: null,
  width: 800,
  height: 600,
  kind: 'image',
};
const task = {
  taskId: 't1',
  toolId: 'to-line',
  status: 'succeeded',
  queueNum: 0,
  progress: 100,
  outputs: [output],
  error: null,
  createdAt: '2026-03-02T08:00:00.000Z',
  finishedAt: '2026-03-02T08:00:05.000Z',
};
const original = {
  fileId: 'f-before',
  url: '/api/files/f-before?exp=1&sig=s',
  thumbUrl: null,
  width: 800,
  height: 600,
};
const runParams = { lineWeight: 1, detail: 'high', style: 'canny' };
const detail = (shareToken: string | null, missing = false) => ({
  task,
  ticketType: 1,
  before: missing ? null : { url: original.url, thumbUrl: null, width: 800, height: 600 },
  shareToken,
  params: runParams,
  inputs: { upload_img: missing ? [] : [original] },
  missingInputs: missing ? ['upload_img'] : [],
});

const render = (path: string, signedIn: boolean, routes: Parameters<typeof fakeApi>[0]) => {
  const api = fakeApi(routes);
  const client = testQueryClient();
  client.setQueryDefaults(sessionKeys.currentUser, { staleTime: Infinity });
  client.setQueryData(sessionKeys.currentUser, signedIn ? user : null);
  return { api, ...renderWithProviders(<DonePage />, { client, path }) };
};

beforeEach(() => {
  for (const f of ['render', 'edit', 'generate'] as const) familyStore(f).setState({ tools: {} });
});
afterEach(() => resetFakeApi());

describe('done pages', () => {
  it('shows the owner the result with before/after, downloads and a share link made on demand', async () => {
    let token: string | null = null;
    const { api } = render('/done2?taskId=t1', true, {
      'GET /ai/taskDetail': () => ok(detail(token)),
      'POST /ai/shareTask': () => {
        token = 'Abc_def-0123456789abcdefghijklmn';
        return ok({ token });
      },
    });
    expect(await screen.findByRole('heading', { level: 1, name: '图片转线稿' })).toBeVisible();
    expect(screen.getByRole('slider', { name: '拖动对比原图与效果图' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: /打包下载/ })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: /再来一次/ })).toBeInTheDocument();
    expect(api.callsTo('GET', '/ai/taskDetail')[0]!.query.get('taskId')).toBe('t1');

    fireEvent.click(screen.getByRole('button', { name: /复制分享链接/ }));
    const link = await screen.findByLabelText('分享链接');
    await waitFor(() => expect(link).toHaveValue(`${window.location.origin}/done2?share=${token}`));
    expect(api.callsTo('POST', '/ai/shareTask')[0]!.body).toEqual({ taskId: 't1' });
    // jsdom has no clipboard: the link is shown for copying by hand.
    expect(api.messages()).toContain('链接已生成，请手动复制');
  });

  it('再来一次 opens the tool with this run’s image and settings in the form, not started', async () => {
    // Today's form holds another image, another setting and another result.
    const store = familyStore('edit');
    store.getState().setInput('to-line', 'upload_img', [{ ...original, fileId: 'f-now' }]);
    store.getState().setParam('to-line', 'lineWeight', 4);
    store.getState().setTask('to-line', 't-now');
    const api = fakeApi({ 'GET /ai/taskDetail': () => ok(detail(null)) });
    const client = testQueryClient();
    client.setQueryDefaults(sessionKeys.currentUser, { staleTime: Infinity });
    client.setQueryData(sessionKeys.currentUser, user);
    renderWithProviders(
      <Routes>
        <Route path="/done2" element={<DonePage />} />
        <Route path="/toline" element={<p>tool page</p>} />
      </Routes>,
      { client, path: '/done2?taskId=t1' },
    );
    fireEvent.click(await screen.findByRole('button', { name: /再来一次/ }));
    expect(await screen.findByText('tool page')).toBeInTheDocument();
    expect(store.getState().tools['to-line']).toEqual({
      params: runParams,
      inputs: { upload_img: [original] },
      taskId: undefined,
    });
    expect(api.messages()).toContain('已填入这次的原图和参数，可调整后点击“开始转线稿”');
    expect(api.callsTo('POST', '/ai/startTask')).toHaveLength(0);
  });

  it('再来一次 says so when the run’s image is gone, and still fills in the settings', async () => {
    const api = fakeApi({ 'GET /ai/taskDetail': () => ok(detail(null, true)) });
    const client = testQueryClient();
    client.setQueryDefaults(sessionKeys.currentUser, { staleTime: Infinity });
    client.setQueryData(sessionKeys.currentUser, user);
    renderWithProviders(
      <Routes>
        <Route path="/done2" element={<DonePage />} />
        <Route path="/toline" element={<p>tool page</p>} />
      </Routes>,
      { client, path: '/done2?taskId=t1' },
    );
    fireEvent.click(await screen.findByRole('button', { name: /再来一次/ }));
    expect(await screen.findByText('tool page')).toBeInTheDocument();
    expect(api.messages()).toContain(
      '这次用到的原图已不存在（可能已被删除），参数已填好，请重新上传后再开始',
    );
    expect(familyStore('edit').getState().tools['to-line']).toMatchObject({
      params: runParams,
      inputs: { upload_img: [] },
    });
  });

  it('sends an output to the next tool as its upload_img', async () => {
    render('/done2?taskId=t1', true, { 'GET /ai/taskDetail': () => ok(detail(null)) });
    fireEvent.click(await screen.findByRole('button', { name: /继续处理/ }));
    const compress = getTool('compress')!;
    fireEvent.click(await screen.findByText(compress.name['zh-CN']));
    await waitFor(() =>
      expect(familyStore(compress.family).getState().tools[compress.id]?.inputs).toEqual({
        upload_img: [{ fileId, url: output.url, thumbUrl: null, width: 800, height: 600 }],
      }),
    );
  });

  it('asks a signed-out visitor without a token to sign in, and reads nothing', async () => {
    const { api } = render('/done?taskId=t1', false, {});
    fireEvent.click(await screen.findByRole('button', { name: /登录 \/ 注册/ }));
    expect(screen.getByRole('heading', { name: '登录后查看作品' })).toBeInTheDocument();
    expect(useAccountDialogs.getState().login).toMatchObject({
      open: true,
      returnTo: '/done?taskId=t1',
    });
    expect(api.callsTo('GET', '/ai/taskDetail')).toHaveLength(0);
  });

  it('answers another user’s task with "not found", asked once', async () => {
    const { api } = render('/done?taskId=t1', true, {
      'GET /ai/taskDetail': () => fail(404, 40403, '任务不存在或已删除'),
    });
    expect(await screen.findByRole('heading', { name: '找不到这个作品' })).toBeInTheDocument();
    expect(api.callsTo('GET', '/ai/taskDetail')).toHaveLength(1);
  });

  it('shows a share link’s outputs read-only, signed out', async () => {
    const { api } = render('/3dRenderDone?share=tok', false, {
      'GET /ai/sharedTask': () =>
        ok({
          toolId: 'render-3d',
          ticketType: 1,
          outputs: [output],
          createdAt: task.createdAt,
          finishedAt: task.finishedAt,
        }),
    });
    expect(await screen.findByText('来自绘境设计师的分享')).toBeInTheDocument();
    expect(api.callsTo('GET', '/ai/sharedTask')[0]!.query.get('token')).toBe('tok');
    expect(screen.getByRole('link', { name: /返回 3D 渲染/ })).toHaveAttribute('href', '/3drender');
    expect(screen.queryByRole('slider')).toBeNull();
    expect(screen.queryByRole('button', { name: /复制分享链接/ })).toBeNull();
    expect(screen.queryByRole('button', { name: /继续处理/ })).toBeNull();
    // Only the owner repeats a run: a visitor gets neither the original nor the settings.
    expect(screen.queryByRole('button', { name: /再来一次/ })).toBeNull();
    expect(screen.getByRole('link', { name: /立即免费试用/ })).toHaveAttribute('href', '/3drender');
  });
});
