import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import { App as AntApp } from 'antd';
import type { ReactNode } from 'react';
import { MemoryRouter } from 'react-router';
import { vi } from 'vitest';
import { registerNotifier, type Notifier } from '../lib/notify';
import { configureRequest } from '../lib/request';

/** One answer of the fake server: an envelope (status 200 unless given). */
export interface FakeAnswer {
  status?: number;
  body: unknown;
}

export const ok = (data: unknown): FakeAnswer => ({
  body: { success: true, code: 0, message: 'ok', data },
});
export const fail = (status: number, code: number, message: string): FakeAnswer => ({
  status,
  body: { success: false, code, message, data: null },
});

export interface FakeCall {
  method: string;
  path: string;
  query: URLSearchParams;
  body: unknown;
  headers: Record<string, string>;
}

type Handler = (call: FakeCall) => FakeAnswer | Promise<FakeAnswer>;

/**
 * A fetch double speaking the envelope protocol: routes are "METHOD /path" (without /api).
 * Unrouted calls answer 404 so a test notices a request it did not expect.
 */
export const fakeApi = (routes: Record<string, Handler>) => {
  const calls: FakeCall[] = [];
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input), 'http://localhost');
    const call: FakeCall = {
      method: init?.method ?? 'GET',
      path: url.pathname.replace(/^\/api/, ''),
      query: url.searchParams,
      body: typeof init?.body === 'string' ? (JSON.parse(init.body) as unknown) : undefined,
      headers: (init?.headers ?? {}) as Record<string, string>,
    };
    calls.push(call);
    const handler = routes[`${call.method} ${call.path}`];
    const answer = handler
      ? await handler(call)
      : fail(404, 40400, `no route ${call.method} ${call.path}`);
    return new Response(JSON.stringify(answer.body), {
      status: answer.status ?? 200,
      headers: { 'content-type': 'application/json' },
    });
  });
  configureRequest({ fetch: fetchMock as unknown as typeof fetch });
  const notes = vi.fn<Notifier>();
  registerNotifier(notes);
  return {
    calls,
    notes,
    callsTo: (method: string, path: string) =>
      calls.filter((c) => c.method === method && c.path === path),
    messages: () => notes.mock.calls.map(([text]) => text),
  };
};

export const resetFakeApi = () => {
  configureRequest();
  registerNotifier(undefined);
};

export const testQueryClient = () =>
  new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });

export const renderWithProviders = (
  ui: ReactNode,
  { client = testQueryClient(), path = '/' }: { client?: QueryClient; path?: string } = {},
) => ({
  client,
  ...render(
    <QueryClientProvider client={client}>
      <AntApp>
        <MemoryRouter initialEntries={[path]}>{ui}</MemoryRouter>
      </AntApp>
    </QueryClientProvider>,
  ),
});

/** A signed-in designer as GET /user/userInfo answers (component tests of signed-in screens). */
export const testUser = {
  id: 'u1',
  nickname: '林设计师',
  avatarUrl: null,
  phone: '138****8000',
  userType: 'personal',
  isTestUser: false,
  profession: null,
  interests: [],
  wechatBound: false,
  needsInterests: false,
  createdAt: '2026-01-01T00:00:00.000Z',
  vip: {
    isVip: false,
    level: 'none',
    tier: 'none',
    tierName: '普通用户',
    expiresAt: null,
    perks: { priorityQueue: false, training: false, monthlyTickets: {}, nextAllowanceAt: null },
    benefits: [],
  },
};
