import type { ModelDetail } from '@huijing/contracts';
import { waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { configureRequest } from '../../../lib/request';
import { resetTaskEvents } from '../../../lib/task-events';
import {
  fakeApi,
  fail,
  ok,
  renderWithProviders,
  resetFakeApi,
  testQueryClient,
} from '../../../test/fake-api';
import { fakeStream } from '../../../test/fake-stream';
import { modelsKeys } from '../api/models.api';
import { useModelDetail, useModelPage } from './use-training-poll';

const model = (id: string, status: ModelDetail['status'], progress = 0): ModelDetail => ({
  id,
  name: `模型 ${id}`,
  domain: 'interior-style',
  domainName: '室内风格',
  status,
  progress,
  coverUrl: null,
  triggerWord: 'nordicroom',
  createdAt: '2026-11-23T00:00:00.000Z',
  finishedAt: null,
  error: null,
  review: 'private',
  useCount: 0,
  dataset: [],
  lossGraph: null,
  samples: [],
  steps: 1200,
  rank: 16,
  learningRate: 0.0001,
  priceTickets: 30,
  hasWeights: false,
  reviewNote: null,
});

/** What the list call answers: the item fields of a detail. */
const item = ({
  id,
  name,
  domain,
  domainName,
  status,
  progress,
  coverUrl,
  triggerWord,
}: ModelDetail) => ({
  ...{ id, name, domain, domainName, status, progress, coverUrl, triggerWord },
  createdAt: '2026-11-23T00:00:00.000Z',
  finishedAt: null,
  error: null,
  review: 'private' as const,
  useCount: 0,
});

const Detail = ({ id }: { id: string }) => {
  useModelDetail(id);
  return null;
};
const Page = () => {
  useModelPage(true);
  return null;
};

afterEach(() => {
  resetFakeApi();
  resetTaskEvents();
  vi.unstubAllGlobals();
});

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** A signed-in detail panel of model m1, training: the detail polls are counted. */
const watchDetail = () => {
  const api = fakeApi({ 'GET /model/train/m1': () => ok(model('m1', 'running', 20)) });
  configureRequest({ getToken: () => 'user-token' });
  const client = testQueryClient();
  renderWithProviders(<Detail id="m1" />, { client });
  return { client, polls: () => api.callsTo('GET', '/model/train/m1').length };
};

describe('training pages on the task event stream', () => {
  it('the detail takes `training` events while the stream is open, polling only as a slow safety check', async () => {
    const stream = fakeStream();
    const { client, polls } = watchDetail();
    await waitFor(() => expect(stream.fetchMock).toHaveBeenCalledTimes(1));
    expect(stream.fetchMock.mock.calls[0]![0]).toBe('/api/ai/taskEvents');
    stream.open();
    await sleep(100);
    const before = polls();
    // Training: without the stream this polls every 1.5 s.
    await sleep(2000);
    expect(polls()).toBe(before);
    stream.send('training', model('m2', 'succeeded', 100)); // another model: not this panel's
    const later = model('m1', 'running', 60);
    stream.send('training', later);
    await waitFor(() => expect(client.getQueryData(modelsKeys.detail('m1'))).toEqual(later));
    const done = { ...model('m1', 'succeeded', 100), hasWeights: true };
    stream.send('training', done);
    await waitFor(() => expect(client.getQueryData(modelsKeys.detail('m1'))).toEqual(done));
    expect(polls()).toBe(before);
  });

  it('the detail asks at once when the stream drops, then polls at its usual pace', async () => {
    const stream = fakeStream();
    const { polls } = watchDetail();
    await waitFor(() => expect(stream.fetchMock).toHaveBeenCalledTimes(1));
    stream.open();
    await sleep(300);
    const before = polls();
    stream.drop();
    await waitFor(() => expect(polls()).toBe(before + 1), { timeout: 400 });
    await waitFor(() => expect(polls()).toBeGreaterThanOrEqual(before + 3), { timeout: 4000 });
  });

  it('the detail polls at its usual pace when the stream is refused', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => {
        const { body, status } = fail(503, 50317, '暂不可用');
        return new Response(JSON.stringify(body), {
          status,
          headers: { 'content-type': 'application/json' },
        });
      }),
    );
    const { polls } = watchDetail();
    await waitFor(() => expect(polls()).toBeGreaterThanOrEqual(3), { timeout: 4000 });
  });

  it('the list patches a training model from its events and asks again for one it does not hold', async () => {
    const stream = fakeStream();
    let list = [item(model('m1', 'running', 10)), item(model('m0', 'succeeded', 100))];
    const api = fakeApi({
      'GET /model/train/page/data': () => ok({ list, total: list.length }),
    });
    configureRequest({ getToken: () => 'user-token' });
    const client = testQueryClient();
    renderWithProviders(<Page />, { client });
    const polls = () => api.callsTo('GET', '/model/train/page/data').length;
    await waitFor(() => expect(stream.fetchMock).toHaveBeenCalledTimes(1));
    stream.open();
    await sleep(100);
    const before = polls();
    // Training: without the stream the list polls every 2 s.
    await sleep(2300);
    expect(polls()).toBe(before);
    stream.send('training', model('m1', 'running', 70));
    await waitFor(() =>
      expect(
        client.getQueryData<{ list: { id: string; progress: number }[] }>(modelsKeys.page)?.list,
      ).toEqual([item(model('m1', 'running', 70)), list[1]]),
    );
    expect(polls()).toBe(before);
    // Started in another tab: the list is asked again (once).
    list = [item(model('m2', 'queued')), ...list];
    stream.send('training', model('m2', 'queued'));
    await waitFor(() => expect(polls()).toBe(before + 1));
  });

  it("the list and the detail hear a reviewer's decision while nothing trains", async () => {
    const stream = fakeStream();
    const done = { ...model('m0', 'succeeded', 100), review: 'approved' as const };
    fakeApi({
      'GET /model/train/page/data': () => ok({ list: [item(done)], total: 1 }),
      'GET /model/train/m0': () => ok(done),
    });
    configureRequest({ getToken: () => 'user-token' });
    const client = testQueryClient();
    renderWithProviders(
      <>
        <Page />
        <Detail id="m0" />
      </>,
      { client },
    );
    await waitFor(() => expect(stream.fetchMock).toHaveBeenCalled());
    stream.open();
    await waitFor(() => expect(client.getQueryData(modelsKeys.detail('m0'))).toEqual(done));
    const taken = { ...done, review: 'rejected' as const, reviewNote: '含水印' };
    stream.send('training', taken);
    await waitFor(() => expect(client.getQueryData(modelsKeys.detail('m0'))).toEqual(taken));
    await waitFor(() =>
      expect(
        client.getQueryData<{ list: { id: string; review: string }[] }>(modelsKeys.page)?.list[0]
          ?.review,
      ).toBe('rejected'),
    );
  });
});
