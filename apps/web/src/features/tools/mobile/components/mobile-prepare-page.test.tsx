import { fireEvent, screen, waitFor } from '@testing-library/react';
import { Route, Routes, useLocation } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { initI18n } from '../../../../app/i18n';
import { useAccountDialogs } from '../../../../components/account-dialogs.store';
import { sessionKeys } from '../../../../lib/session';
import {
  fakeApi,
  ok,
  renderWithProviders,
  resetFakeApi,
  testQueryClient,
  testUser,
} from '../../../../test/fake-api';
import { familyStore } from '../../store/family-stores';
import { MobilePreparePage } from './mobile-prepare-page';

initI18n();
// antd renders slowly under jsdom on a busy machine.
vi.setConfig({ testTimeout: 30_000 });

const user = testUser;
const photo = {
  fileId: 'f1',
  url: '/api/files/f1?exp=1&sig=x',
  thumbUrl: null,
  width: 1600,
  height: 1000,
};

const Where = () => {
  const { pathname, search } = useLocation();
  return <p data-testid="where">{`${pathname}${search}`}</p>;
};

const setup = (path: string, o: { signedIn?: boolean; balance?: number } = {}) => {
  const api = fakeApi({
    'GET /ai/tools': () =>
      ok(
        ['to-line', 'clean'].map((id) => ({
          id,
          routes: [],
          family: 'edit',
          ticketType: 1,
          price: 1,
          capability: id,
          available: true,
        })),
      ),
    'GET /ai/totalTicket': () => ok(o.balance ?? 10),
    'POST /ai/startTask': () => ok({ taskId: 't-42', queueNum: 0 }),
  });
  const client = testQueryClient();
  client.setQueryDefaults(sessionKeys.currentUser, { staleTime: Infinity });
  client.setQueryData(sessionKeys.currentUser, o.signedIn ? user : null);
  renderWithProviders(
    <Routes>
      <Route path="/mobilePrepare" element={<MobilePreparePage />} />
      <Route path="/mobileDone" element={<Where />} />
    </Routes>,
    { client, path },
  );
  return api;
};

beforeEach(() => {
  for (const f of ['render', 'edit', 'generate'] as const) familyStore(f).setState({ tools: {} });
});
afterEach(() => {
  resetFakeApi();
  useAccountDialogs.getState().closeLogin();
});

describe('/mobilePrepare', () => {
  it('picks up the photo the desktop page left in the family store, starts once, opens the run', async () => {
    familyStore('edit').getState().setInput('to-line', 'upload_img', [photo]);
    familyStore('edit').getState().setParam('to-line', 'detail', 'high');
    const api = setup('/mobilePrepare?tool=to-line', { signedIn: true });
    expect(await screen.findByText('1600 × 1000')).toBeInTheDocument();
    const start = await screen.findByRole('button', { name: /开始转线稿/ });
    await waitFor(() => expect(start).toBeEnabled());
    fireEvent.click(start);
    expect(await screen.findByTestId('where')).toHaveTextContent(
      '/mobileDone?tool=to-line&task=t-42',
    );
    const [call] = api.callsTo('POST', '/ai/startTask');
    expect(api.callsTo('POST', '/ai/startTask')).toHaveLength(1);
    expect(call!.body).toMatchObject({
      toolId: 'to-line',
      inputs: { upload_img: 'f1' },
      params: { detail: 'high', lineWeight: 2 },
    });
    expect(call!.headers['Idempotency-Key']).toBeTruthy();
    // The run is the family's run: the desktop page of the same tool watches it too.
    expect(familyStore('edit').getState().tools['to-line']?.taskId).toBe('t-42');
  });

  it('asks a signed-out visitor to sign in, returning to the same tool', async () => {
    setup('/mobilePrepare?tool=to-line');
    fireEvent.click(await screen.findByRole('button', { name: /拍照/ }));
    expect(useAccountDialogs.getState().login).toMatchObject({
      open: true,
      returnTo: '/mobilePrepare?tool=to-line',
    });
    useAccountDialogs.getState().closeLogin();
    fireEvent.click(screen.getByRole('button', { name: /登录后开始/ }));
    expect(useAccountDialogs.getState().login.open).toBe(true);
  });

  it('names what is missing and what tickets are short before anything is sent', async () => {
    const api = setup('/mobilePrepare?tool=to-line', { signedIn: true, balance: 0 });
    expect(await screen.findByText('请先上传原图')).toBeInTheDocument();
    familyStore('edit').getState().setInput('to-line', 'upload_img', [photo]);
    expect(await screen.findByText(/次数不足：本次需 1 次，当前剩余 0 次/)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: /开始转线稿/ })).toBeDisabled();
    expect(api.callsTo('POST', '/ai/startTask')).toHaveLength(0);
  });

  it('paints the region of a mask tool in the shared editor under the photo, not uploading it', async () => {
    const api = setup('/mobilePrepare?tool=clean', { signedIn: true });
    expect(await screen.findByText('请先上传原图')).toBeInTheDocument();
    expect(screen.queryByTestId('mask-editor')).toBeNull();
    expect(document.querySelector('[data-input="mask"]')).toBeNull();
    familyStore('edit').getState().setInput('clean', 'upload_img', [photo]);
    // The photo shrinks to a row; the editor shows it large, with the tool's hint.
    expect(await screen.findByTestId('mask-editor')).toBeInTheDocument();
    expect(screen.getByRole('region', { name: '涂抹要处理的区域' })).toBeInTheDocument();
    expect(screen.getByTestId('mask-hint')).toBeInTheDocument();
    expect(document.querySelector('.hj-mf-up__preview.is-compact')).not.toBeNull();
    // Nothing painted yet: the shared reason, and no start.
    expect(await screen.findByText('请先在图上涂抹要处理的区域')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: /开始消除/ })).toBeDisabled();
    expect(screen.queryByText(/电脑/)).toBeNull();
    expect(api.callsTo('POST', '/ai/startTask')).toHaveLength(0);
  });

  it('offers tools when the link names none it knows', async () => {
    setup('/mobilePrepare?tool=nope');
    expect(await screen.findByRole('heading', { name: '没有找到这个功能' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: '浏览全部功能' })).toHaveAttribute(
      'href',
      '/mobileList',
    );
  });
});
