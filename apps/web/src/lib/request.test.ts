import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { registerNotifier, type Notifier } from './notify';
import { api, buildUrl, configureRequest, isRequestError, request, requestRaw } from './request';
import { storage, storageKeys } from './storage-keys';

const json = (body: unknown, status = 200, headers: Record<string, string> = {}) =>
  new Response(JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/json; charset=utf-8', ...headers },
  });

let fetchMock: ReturnType<typeof vi.fn>;
let navigate: ReturnType<typeof vi.fn<(url: string) => void>>;
let notifier: ReturnType<typeof vi.fn<Notifier>>;

beforeEach(() => {
  fetchMock = vi.fn();
  navigate = vi.fn<(url: string) => void>();
  notifier = vi.fn<Notifier>();
  configureRequest({ fetch: fetchMock as unknown as typeof fetch, navigate });
  registerNotifier(notifier);
});
afterEach(() => {
  configureRequest();
  registerNotifier(undefined);
  vi.useRealTimers();
});

const lastInit = () => fetchMock.mock.calls.at(-1)![1] as RequestInit;
const lastUrl = () => fetchMock.mock.calls.at(-1)![0] as string;

describe('request', () => {
  it('prefixes /api, sends query params, the satoken header and credentials', async () => {
    storage.set(storageKeys.satoken, 'tok-1');
    fetchMock.mockImplementation(async () =>
      json({ success: true, code: 0, message: 'ok', data: 3 }),
    );
    const res = await api.get('/ai/totalTicket', { query: { type: 1, skip: undefined } });
    expect(res.data).toBe(3);
    expect(lastUrl()).toBe('/api/ai/totalTicket?type=1');
    const init = lastInit();
    expect(init.method).toBe('GET');
    expect(init.credentials).toBe('include');
    expect(init.redirect).toBe('manual');
    expect((init.headers as Record<string, string>).satoken).toBe('tok-1');
  });

  it('posts JSON by default and form-encoded when asked', async () => {
    fetchMock.mockImplementation(async () =>
      json({ success: true, code: 0, message: 'ok', data: null }),
    );
    await api.post('/user/p1/sms/send', { body: { phoneNo: '13800000000' } });
    expect(lastInit().body).toBe('{"phoneNo":"13800000000"}');
    expect((lastInit().headers as Record<string, string>)['Content-Type']).toBe('application/json');
    await api.post('/cas/v1/tickets', { body: { a: '1 2', b: 3 }, bodyType: 'form' });
    expect(lastInit().body).toBe('a=1+2&b=3');
    expect((lastInit().headers as Record<string, string>)['Content-Type']).toMatch(
      /x-www-form-urlencoded/,
    );
  });

  it('parses data with a zod schema and rejects a mismatch as a bad response', async () => {
    fetchMock.mockResolvedValueOnce(
      json({ success: true, code: 0, message: 'ok', data: { n: 1 } }),
    );
    const ok = await request('/x', { schema: z.object({ n: z.number() }) });
    expect(ok.data.n).toBe(1);
    fetchMock.mockResolvedValueOnce(
      json({ success: true, code: 0, message: 'ok', data: { n: 'a' } }),
    );
    await expect(request('/x', { schema: z.object({ n: z.number() }) })).rejects.toMatchObject({
      code: 'BAD_RESPONSE',
    });
  });

  it('shows the server message once when success is false and returns the envelope', async () => {
    fetchMock.mockImplementation(async () =>
      json({ success: false, code: 42900, message: '操作过于频繁，请稍后再试', data: null }),
    );
    const res = await request('/x');
    expect(res.success).toBe(false);
    expect(notifier).toHaveBeenCalledTimes(1);
    expect(notifier).toHaveBeenCalledWith('操作过于频繁，请稍后再试', 'error');
    await request('/x', { silent: true });
    expect(notifier).toHaveBeenCalledTimes(1);
  });

  it('passes 401 through to the caller without a toast', async () => {
    fetchMock.mockImplementation(async () =>
      json({ success: false, code: 40100, message: '请先登录', data: null }, 401),
    );
    const res = await request('/user/userInfo');
    expect(res.code).toBe(40100);
    expect(notifier).not.toHaveBeenCalled();
  });

  it('throws BAD_REQUEST for 4xx and BAD_RESPONSE for 5xx, with the server message', async () => {
    fetchMock.mockResolvedValueOnce(
      json({ success: false, code: 40001, message: '提交的内容不符合要求', data: null }, 400),
    );
    await expect(request('/x')).rejects.toMatchObject({
      code: 'BAD_REQUEST',
      status: 400,
      message: '提交的内容不符合要求',
    });
    expect(notifier).toHaveBeenCalledTimes(1);
    fetchMock.mockResolvedValueOnce(
      new Response('oops', { status: 502, headers: { 'content-type': 'text/html' } }),
    );
    await expect(request('/x')).rejects.toMatchObject({ code: 'BAD_RESPONSE', status: 502 });
  });

  it('reports a network failure', async () => {
    fetchMock.mockRejectedValue(new TypeError('Failed to fetch'));
    await expect(request('/x')).rejects.toMatchObject({ code: 'NETWORK_ERROR' });
    expect(notifier).toHaveBeenCalledTimes(1);
  });

  it('times out after the configured time', async () => {
    vi.useFakeTimers();
    fetchMock.mockImplementation(
      (_url: string, init: RequestInit) =>
        new Promise((_resolve, reject) =>
          init.signal!.addEventListener('abort', () =>
            reject(new DOMException('aborted', 'AbortError')),
          ),
        ),
    );
    const pending = request('/slow', { timeout: 120_000 });
    const check = expect(pending).rejects.toMatchObject({ code: 'TIMEOUT' });
    await vi.advanceTimersByTimeAsync(119_999);
    expect(fetchMock.mock.calls[0]![1].signal.aborted).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    await check;
  });

  it('reports a caller abort as ABORTED without a toast', async () => {
    fetchMock.mockImplementation(
      (_url: string, init: RequestInit) =>
        new Promise((_resolve, reject) =>
          init.signal!.addEventListener('abort', () =>
            reject(new DOMException('aborted', 'AbortError')),
          ),
        ),
    );
    const controller = new AbortController();
    const pending = request('/x', { signal: controller.signal });
    controller.abort();
    const error = await pending.catch((e: unknown) => e);
    expect(isRequestError(error) && error.code).toBe('ABORTED');
    expect(notifier).not.toHaveBeenCalled();
  });

  it('navigates to the Location of a 301/302', async () => {
    fetchMock.mockImplementation(
      async () =>
        new Response(null, { status: 302, headers: { location: 'https://sso.example/login' } }),
    );
    await expect(requestRaw('/x')).rejects.toMatchObject({ code: 'REDIRECTED' });
    expect(navigate).toHaveBeenCalledWith('https://sso.example/login');
  });

  it('parses bodies by content type', async () => {
    fetchMock.mockResolvedValueOnce(
      new Response('hello', { headers: { 'content-type': 'text/plain' } }),
    );
    expect((await requestRaw('/t')).body).toBe('hello');
    fetchMock.mockResolvedValueOnce(
      new Response('a=1&b=2', { headers: { 'content-type': 'application/x-www-form-urlencoded' } }),
    );
    const form = (await requestRaw('/f')).body as URLSearchParams;
    expect(form.get('b')).toBe('2');
    fetchMock.mockResolvedValueOnce(
      new Response(new Uint8Array([1, 2, 3]), { headers: { 'content-type': 'video/mp4' } }),
    );
    const blob = (await requestRaw('/v')).body as Blob;
    expect(blob.size).toBe(3);
    expect(blob.type).toBe('video/mp4');
    const multipart = new FormData();
    multipart.append('k', 'v');
    const res = new Response(multipart);
    fetchMock.mockResolvedValueOnce(res);
    expect(((await requestRaw('/m')).body as FormData).get('k')).toBe('v');
  });

  it('rejects a non-envelope JSON answer to an API call', async () => {
    fetchMock.mockImplementation(async () => json([1, 2]));
    await expect(request('/x')).rejects.toMatchObject({ code: 'BAD_RESPONSE' });
  });
});

describe('buildUrl', () => {
  it('keeps absolute and already-prefixed paths and repeats array params', () => {
    expect(buildUrl('/api/a', { ids: [1, 2] })).toBe('/api/a?ids=1&ids=2');
    expect(buildUrl('https://cas.example/v1', { version: '1.2' })).toBe(
      'https://cas.example/v1?version=1.2',
    );
    expect(buildUrl('/a?x=1', { y: 2 })).toBe('/api/a?x=1&y=2');
  });
});
