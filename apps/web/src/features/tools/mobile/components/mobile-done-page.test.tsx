import { fireEvent, screen, waitFor } from '@testing-library/react';
import { Route, Routes, useLocation } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { initI18n } from '../../../../app/i18n';
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
import { MobileDonePage } from './mobile-done-page';

initI18n();
// antd renders slowly under jsdom on a busy machine.
vi.setConfig({ testTimeout: 30_000 });

const oldInput = { fileId: 'f-old', url: '/old.png', thumbUrl: null, width: 10, height: 10 };
const oldParams = { lineWeight: 1, detail: 'high', style: 'canny' };
const info = (taskId: string) => ({
  taskId,
  toolId: 'to-line',
  status: 'succeeded',
  queueNum: 0,
  progress: 100,
  outputs: [{ url: `/${taskId}.png`, thumbUrl: null, width: 10, height: 10, kind: 'image' }],
  error: null,
  createdAt: '2026-03-02T08:00:00.000Z',
  finishedAt: '2026-03-02T08:00:05.000Z',
});
const detail = (missing: boolean) => ({
  task: info('old'),
  ticketType: 1,
  before: missing ? null : oldInput,
  shareToken: null,
  params: oldParams,
  inputs: { upload_img: missing ? [] : [oldInput] },
  missingInputs: missing ? ['upload_img'] : [],
});

const Where = () => {
  const { pathname, search } = useLocation();
  return <p data-testid="where">{`${pathname}${search}`}</p>;
};

/** The phone's done page of an older run, while today's form holds another image and setting. */
const openOldRun = (missing: boolean) => {
  const store = familyStore('edit').getState();
  store.setInput('to-line', 'upload_img', [{ ...oldInput, fileId: 'f-now', url: '/now.png' }]);
  store.setParam('to-line', 'lineWeight', 4);
  const api = fakeApi({
    'GET /ai/tools': () =>
      ok([
        {
          id: 'to-line',
          routes: [],
          family: 'edit',
          ticketType: 1,
          price: 2,
          capability: 'to-line',
          available: true,
        },
      ]),
    'GET /ai/totalTicket': () => ok(10),
    'GET /ai/getTaskByTaskId': (call) => ok(info(call.query.get('taskId')!)),
    'GET /ai/taskDetail': () => ok(detail(missing)),
    'POST /ai/startTask': () => ok({ taskId: 'new', queueNum: 0 }),
  });
  const client = testQueryClient();
  client.setQueryDefaults(sessionKeys.currentUser, { staleTime: Infinity });
  client.setQueryData(sessionKeys.currentUser, testUser);
  renderWithProviders(
    <Routes>
      <Route
        path="/mobileDone"
        element={
          <>
            <MobileDonePage />
            <Where />
          </>
        }
      />
      <Route path="/mobilePrepare" element={<Where />} />
    </Routes>,
    { client, path: '/mobileDone?tool=to-line&task=old' },
  );
  return api;
};

beforeEach(() => {
  for (const f of ['render', 'edit', 'generate'] as const) familyStore(f).setState({ tools: {} });
});
afterEach(resetFakeApi);

describe('/mobileDone 再来一次', () => {
  it('repeats the shown run with its own image and settings, at its price', async () => {
    const api = openOldRun(false);
    const again = await screen.findByRole('button', { name: /再来一次/ });
    // The tool's price per image (2 from /ai/tools) times the run's own image count.
    await waitFor(() => expect(again).toHaveTextContent('· 2 次'));
    fireEvent.click(again);
    await waitFor(() => expect(api.callsTo('POST', '/ai/startTask')).toHaveLength(1));
    expect(api.callsTo('POST', '/ai/startTask')[0]!.body).toEqual({
      toolId: 'to-line',
      params: oldParams,
      inputs: { upload_img: 'f-old' },
    });
    // The new run opens in place of the old one; the form now holds what ran.
    await waitFor(() =>
      expect(screen.getByTestId('where')).toHaveTextContent('/mobileDone?tool=to-line&task=new'),
    );
    const saved = familyStore('edit').getState().tools['to-line']!;
    expect(saved.params).toEqual(oldParams);
    expect(saved.inputs.upload_img).toEqual([oldInput]);
    expect(saved.taskId).toBe('new');
  });

  it('says in Chinese when the run’s image is gone, starts nothing and opens the form', async () => {
    const api = openOldRun(true);
    fireEvent.click(await screen.findByRole('button', { name: /再来一次/ }));
    await waitFor(() =>
      expect(api.messages()).toContain(
        '这次用到的原图已不存在（可能已被删除），参数已填好，请重新上传后再开始',
      ),
    );
    await waitFor(() =>
      expect(screen.getByTestId('where')).toHaveTextContent('/mobilePrepare?tool=to-line'),
    );
    expect(api.callsTo('POST', '/ai/startTask')).toHaveLength(0);
    const saved = familyStore('edit').getState().tools['to-line']!;
    expect(saved.params).toEqual(oldParams);
    expect(saved.inputs.upload_img).toEqual([]);
    expect(saved.taskId).toBeUndefined();
  });
});
