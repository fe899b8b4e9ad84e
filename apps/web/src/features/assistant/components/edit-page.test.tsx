import { fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { initI18n } from '../../../app/i18n';
import { sessionKeys } from '../../../lib/session';
import {
  fakeApi,
  ok,
  renderWithProviders,
  resetFakeApi,
  testQueryClient,
  testUser,
} from '../../../test/fake-api';
import { EditPage } from './edit-page';

initI18n();
vi.setConfig({ testTimeout: 60_000 });

afterEach(() => resetFakeApi());

/** Edit n of `total` (1 = the oldest), as POST /ai/editImageHistory lists them. */
const edit = (n: number) => ({
  taskId: `t${n}`,
  status: 'succeeded',
  queueNum: 0,
  progress: 100,
  instruction: `修改 ${n}`,
  source: null,
  outputs: [],
  parentTaskId: null,
  error: null,
  createdAt: '',
  finishedAt: null,
});

describe('the image editing page', () => {
  it('loads more versions while fewer are shown than there are, numbered from the oldest', async () => {
    const total = 32;
    const api = fakeApi({
      'GET /ai/assistantStatus': () =>
        ok({
          models: { gemini: false, gpt: false },
          ticketType: 3,
          ticketsPerQuestion: 1,
          edit: { available: true, ticketType: 1, price: 2 },
        }),
      'GET /ai/totalTicket': () => ok(10),
      'POST /ai/editImageHistory': (call) => {
        const { page, pageSize } = call.body as { page: number; pageSize: number };
        // Newest first.
        const list = Array.from({ length: total }, (_, i) => edit(total - i)).slice(
          (page - 1) * pageSize,
          page * pageSize,
        );
        return ok({ list, total, page, pageSize });
      },
    });
    const client = testQueryClient();
    client.setQueryDefaults(sessionKeys.currentUser, { staleTime: Infinity });
    client.setQueryData(sessionKeys.currentUser, testUser);
    renderWithProviders(<EditPage />, { client, path: '/imgagent' });

    const versions = () => document.querySelectorAll('.hj-imgedit__versions li');
    // The newest keeps its number although the oldest are not loaded yet.
    expect(await screen.findByText('第 32 版')).toBeInTheDocument();
    expect(versions()).toHaveLength(30);
    expect(screen.queryByText('修改 2')).not.toBeInTheDocument();

    fireEvent.click(screen.getByText('加载更多'));
    expect(await screen.findByText('修改 1')).toBeInTheDocument();
    expect(versions()).toHaveLength(total);
    expect(screen.getByText('第 1 版')).toBeInTheDocument();
    expect(screen.queryByText('加载更多')).not.toBeInTheDocument();
    expect(api.callsTo('POST', '/ai/editImageHistory').map((c) => c.body)).toEqual([
      { page: 1, pageSize: 30 },
      { page: 2, pageSize: 30 },
    ]);
  });
});
