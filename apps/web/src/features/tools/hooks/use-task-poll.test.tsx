import type { TaskInfo, TaskList } from '@huijing/contracts';
import { waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import {
  fakeApi,
  ok,
  renderWithProviders,
  resetFakeApi,
  testQueryClient,
} from '../../../test/fake-api';
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

afterEach(resetFakeApi);

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
});
