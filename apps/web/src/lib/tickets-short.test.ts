import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { registerNotifier } from './notify';
import { api, configureRequest } from './request';
import { registerTicketsShortHandler } from './tickets-short';

const envelope = (code: number, status: number) =>
  new Response(
    JSON.stringify({ success: false, code, message: '次数不足，请充值后再试', data: null }),
    {
      status,
      headers: { 'content-type': 'application/json' },
    },
  );

describe('次数不足 answers open the recharge modal', () => {
  const opened = vi.fn();
  let fetchMock: ReturnType<typeof vi.fn>;
  beforeEach(() => {
    fetchMock = vi.fn();
    configureRequest({ fetch: fetchMock as unknown as typeof fetch, navigate: vi.fn() });
    registerNotifier(vi.fn());
    registerTicketsShortHandler(opened);
    opened.mockClear();
  });
  afterEach(() => {
    configureRequest();
    registerNotifier(undefined);
    registerTicketsShortHandler(undefined);
  });

  it('on a 402 TICKETS_INSUFFICIENT, shown or silent', async () => {
    fetchMock.mockImplementation(async () => envelope(40200, 402));
    await expect(api.post('/ai/startTask', { body: {} })).rejects.toThrow('次数不足');
    await expect(api.post('/ai/startTask', { body: {}, silent: true })).rejects.toThrow();
    expect(opened).toHaveBeenCalledTimes(2);
    expect(opened).toHaveBeenCalledWith('tickets-short');
  });

  it('on a 403 VIP_REQUIRED (会员专享, e.g. model training), on the VIP plans', async () => {
    fetchMock.mockImplementation(async () => envelope(40330, 403));
    await expect(api.post('/model/train', { body: {} })).rejects.toThrow();
    expect(opened).toHaveBeenCalledTimes(1);
    expect(opened).toHaveBeenCalledWith('vip-required');
  });

  it('not for other errors', async () => {
    fetchMock.mockImplementation(async () => envelope(40001, 400));
    await expect(api.post('/ai/startTask', { body: {} })).rejects.toThrow();
    fetchMock.mockImplementation(async () => envelope(40100, 401));
    await api.get('/user/userInfo');
    expect(opened).not.toHaveBeenCalled();
  });
});
