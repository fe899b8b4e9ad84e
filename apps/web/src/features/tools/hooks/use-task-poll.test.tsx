import type { TaskInfo, TaskList } from '@huijing/contracts';
import { waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { configureRequest } from '../../../lib/request';
import { resetTaskEvents } from '../../../lib/task-events';
import {
  fakeApi,
  ok,
  renderWithProviders,
  resetFakeApi,
  testQueryClient,
} from '../../../test/fake-api';
import { fakeStream } from '../../../test/fake-stream';
import { toolKeys } from '../api/tools.api';
import { useTaskPoll } from './use-task-poll';

const info = (taskId: string, status: TaskInfo['status']): TaskInfo => ({
  taskId,
  toolId: 'to-line',
  status,
  queueNum: status === 'queued' ? 1 : 0,
  progress: status === 'running' ? 30 : 0,
  outputs: [],
  error: null,
  createdAt: '2026-11-23T00:00:00.000Z',
  finishedAt: null,
});

const Probe = ({ taskId }: { taskId: string }) => {
  useTaskPoll(taskId, 1, 'to-line');
  return null;
};

afterEach(() => {
  resetFakeApi();
  resetTaskEvents();
  vi.unstubAllGlobals();
});

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** A signed-in page polling task t1 (running): the poll's answers are counted. */
const watchRunning = () => {
  const api = fakeApi({ 'GET /ai/getTaskByTaskId': () => ok(info('t1', 'running')) });
  configureRequest({ getToken: () => 'user-token' });
  const client = testQueryClient();
  renderWithProviders(<Probe taskId="t1" />, { client });
  return { api, client, polls: () => api.callsTo('GET', '/ai/getTaskByTaskId').length };
};

describe('useTaskPoll', () => {
  it('moves the polled task’s badge in the history strip without refetching the list', async () => {
    const api = fakeApi({ 'GET /ai/getTaskByTaskId': () => ok(info('t1', 'running')) });
    const client = testQueryClient();
    const history: TaskList = {
      list: [info('t1', 'queued'), info('t0', 'succeeded')],
      total: 2,
      page: 1,
      pageSize: 12,
    };
    client.setQueryData(toolKeys.history('to-line'), history);
    renderWithProviders(<Probe taskId="t1" />, { client });
    await waitFor(() =>
      expect(
        client.getQueryData<TaskList>(toolKeys.history('to-line'))?.list.map((t) => t.status),
      ).toEqual(['running', 'succeeded']),
    );
    expect(api.callsTo('GET', '/ai/getTaskList')).toHaveLength(0);
  });

  it('takes the result from the event stream while it is open, polling only as a slow safety check', async () => {
    const stream = fakeStream();
    const { client, polls } = watchRunning();
    await waitFor(() => expect(stream.fetchMock).toHaveBeenCalledTimes(1));
    const [url] = stream.fetchMock.mock.calls[0]!;
    expect(url).toBe('/api/ai/taskEvents');
    expect((stream.requests[0]!.headers as Record<string, string>).satoken).toBe('user-token');
    stream.open();
    await sleep(100);
    const before = polls();
    // Running and unchanged: without the stream this would poll every 0.5–0.75 s.
    await sleep(1600);
    expect(polls()).toBe(before);
    const done = { ...info('t1', 'succeeded'), progress: 100 };
    stream.send('task', info('t2', 'failed')); // another task of the same user: not this page's
    stream.send('task', done);
    await waitFor(() => expect(client.getQueryData(toolKeys.task('t1'))).toEqual(done));
    expect(polls()).toBe(before);
  });

  it('polls as before when the stream is refused (push not available here)', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(
        async () =>
          new Response(JSON.stringify({ success: false, code: 50317, message: '', data: null }), {
            status: 503,
            headers: { 'content-type': 'application/json' },
          }),
      ),
    );
    const { polls } = watchRunning();
    await waitFor(() => expect(polls()).toBeGreaterThanOrEqual(3), { timeout: 4000 });
  });

  it('asks the poll at once when the stream drops, then polls at the usual pace', async () => {
    const stream = fakeStream();
    const { polls } = watchRunning();
    await waitFor(() => expect(stream.fetchMock).toHaveBeenCalledTimes(1));
    stream.open();
    await sleep(300);
    const before = polls();
    stream.drop();
    await waitFor(() => expect(polls()).toBe(before + 1), { timeout: 400 });
    await waitFor(() => expect(polls()).toBeGreaterThanOrEqual(before + 3), { timeout: 4000 });
  });
});
