import type { EditInfo, TaskInfo } from '@huijing/contracts';
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
import { assistantKeys } from '../api/assistant.api';
import { useEditPoll } from './use-edit-poll';

const edit: EditInfo = {
  taskId: 'e1',
  status: 'running',
  queueNum: 0,
  progress: 20,
  instruction: '把沙发换成深棕色皮质',
  source: { fileId: 'f1', url: '/api/files/src', thumbUrl: null },
  outputs: [],
  parentTaskId: null,
  error: null,
  createdAt: '2026-11-23T00:00:00.000Z',
  finishedAt: null,
};

const task = (patch: Partial<TaskInfo>): TaskInfo => ({
  taskId: 'e1',
  toolId: 'imgagent',
  status: 'running',
  queueNum: 0,
  progress: 20,
  outputs: [],
  error: null,
  createdAt: edit.createdAt,
  finishedAt: null,
  ...patch,
});

const Probe = () => {
  useEditPoll('e1');
  return null;
};

afterEach(() => {
  resetFakeApi();
  resetTaskEvents();
  vi.unstubAllGlobals();
});

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

const watchEdit = () => {
  const api = fakeApi({ 'POST /ai/getEditImageInfo': () => ok(edit) });
  configureRequest({ getToken: () => 'user-token' });
  const client = testQueryClient();
  renderWithProviders(<Probe />, { client });
  return { client, polls: () => api.callsTo('POST', '/ai/getEditImageInfo').length };
};

describe('useEditPoll', () => {
  it('merges the edit’s task events while the stream is open, polling only as a slow safety check', async () => {
    const stream = fakeStream();
    const { client, polls } = watchEdit();
    await waitFor(() => expect(stream.fetchMock).toHaveBeenCalledTimes(1));
    stream.open();
    await sleep(100);
    const before = polls();
    // Running: without the stream this polls every 1.5 s.
    await sleep(2000);
    expect(polls()).toBe(before);
    stream.send('task', task({ taskId: 'other', status: 'failed' })); // not this edit
    const output = {
      url: '/api/files/out',
      thumbUrl: null,
      width: 8,
      height: 6,
      kind: 'image' as const,
    };
    stream.send(
      'task',
      task({
        status: 'succeeded',
        progress: 100,
        outputs: [output],
        finishedAt: '2026-11-23T00:01:00.000Z',
      }),
    );
    await waitFor(() =>
      expect(client.getQueryData(assistantKeys.edit('e1'))).toEqual({
        ...edit,
        status: 'succeeded',
        progress: 100,
        outputs: [output],
        finishedAt: '2026-11-23T00:01:00.000Z',
      }),
    );
    expect(polls()).toBe(before);
  });

  it('asks at once when the stream drops, then polls at its usual pace', async () => {
    const stream = fakeStream();
    const { polls } = watchEdit();
    await waitFor(() => expect(stream.fetchMock).toHaveBeenCalledTimes(1));
    stream.open();
    await sleep(300);
    const before = polls();
    stream.drop();
    await waitFor(() => expect(polls()).toBe(before + 1), { timeout: 400 });
    await waitFor(() => expect(polls()).toBeGreaterThanOrEqual(before + 3), { timeout: 4000 });
  });
});
