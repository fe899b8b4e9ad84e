import {
  adminAccountPageSchema,
  adminAccountSchema,
  adminLoginResultSchema,
  clientDownloadsSchema,
  type ClientRelease,
  type adminAccountCreateSchema,
  type adminAccountQuerySchema,
  type adminAccountUpdateSchema,
  type adminLoginBodySchema,
  type Envelope,
} from '@huijing/contracts';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import type { z } from 'zod';
import { adminHeaders, signOutAdmin } from '../../../lib/admin-session';
import { api, isRequestError } from '../../../lib/request';

/** A failure shown to the admin: the server's message and catalogue code. */
export class AdminApiError extends Error {
  override readonly name = 'AdminApiError';
  constructor(
    message: string,
    readonly code?: number,
  ) {
    super(message);
  }
}

/** Admin session gone (expired, revoked, disabled): the area asks for a fresh sign-in. */
const isSessionGone = (code: number | undefined) =>
  code !== undefined && code >= 40100 && code < 40200;

export const unwrap = async <T>(call: Promise<Envelope<T>>, signOutOn401 = true): Promise<T> => {
  let envelope: Envelope<T>;
  try {
    envelope = await call;
  } catch (error) {
    if (isRequestError(error)) {
      const code = (error.details.body as { code?: number } | undefined)?.code;
      throw new AdminApiError(error.message, code);
    }
    throw error;
  }
  if (!envelope.success) {
    if (signOutOn401 && isSessionGone(envelope.code)) signOutAdmin();
    throw new AdminApiError(envelope.message, envelope.code);
  }
  return envelope.data;
};

export type AdminAccountQuery = z.infer<typeof adminAccountQuerySchema>;
export type AdminAccountCreate = z.input<typeof adminAccountCreateSchema>;
export type AdminAccountUpdate = z.input<typeof adminAccountUpdateSchema>;

/** Every console call carries the admin token explicitly (never the user token). */
export const adminOpts = () => ({ headers: adminHeaders(), silent: true });

/** A console list's filters, page and sort as the URL keeps them (useUrlTable). */
export type ConsoleQuery = Record<string, string | number | undefined>;
/** The filters that are set: an empty one is not sent at all. */
export const cleanQuery = (q: ConsoleQuery) =>
  Object.fromEntries(Object.entries(q).filter(([, v]) => v !== undefined && v !== ''));
/** A console list's query: the previous page stays on screen while the next one loads. */
export const listQuery = <T>(queryKey: readonly unknown[], fetch: () => Promise<T>) =>
  queryOptions({
    queryKey,
    queryFn: fetch,
    retry: false,
    placeholderData: keepPreviousData,
  });

export const adminApi = {
  login: (body: z.input<typeof adminLoginBodySchema>) =>
    unwrap(
      // An empty satoken masks the user token a signed-in visitor also holds.
      api.post('/user/manage/login', {
        body,
        headers: { satoken: '' },
        schema: adminLoginResultSchema,
        silent: true,
      }),
      false,
    ),
  page: (query: AdminAccountQuery) =>
    unwrap(
      api.get('/user/manage/page/account', {
        ...adminOpts(),
        query: { ...query, keyword: query.keyword || undefined },
        schema: adminAccountPageSchema,
      }),
    ),
  create: (body: AdminAccountCreate) =>
    unwrap(api.post('/user/manage/account', { ...adminOpts(), body, schema: adminAccountSchema })),
  update: (accountId: string, body: AdminAccountUpdate) =>
    unwrap(
      api.post(`/user/manage/account/${encodeURIComponent(accountId)}`, {
        ...adminOpts(),
        body,
        schema: adminAccountSchema,
      }),
    ),
  remove: (accountId: string) =>
    unwrap(api.delete(`/user/manage/account/${encodeURIComponent(accountId)}`, adminOpts())),
  clientDownloads: () =>
    unwrap(
      api.get('/user/manage/client/downloads', { ...adminOpts(), schema: clientDownloadsSchema }),
    ),
  publishClient: (releases: ClientRelease[]) =>
    unwrap(
      api.post('/user/manage/client/downloads', {
        ...adminOpts(),
        body: { releases },
        schema: clientDownloadsSchema,
      }),
    ),
};

export const adminKeys = {
  accounts: (query: AdminAccountQuery) => ['admin', 'accounts', query] as const,
  allAccounts: ['admin', 'accounts'] as const,
  client: ['admin', 'client'] as const,
};

export const adminAccountsQuery = (query: AdminAccountQuery) =>
  queryOptions({
    queryKey: adminKeys.accounts(query),
    queryFn: () => adminApi.page(query),
    retry: false,
    placeholderData: (previous) => previous,
  });
