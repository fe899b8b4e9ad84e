import {
  adminEnginesSchema,
  adminMeSchema,
  adminSettingsSchema,
  adminStatsSchema,
  adminTaskPageSchema,
  adminTaskRowSchema,
  adminUserDetailSchema,
  adminUserPageSchema,
  adminUserRowSchema,
  auditPageSchema,
  trackSummarySchema,
  type AdminSettingKey,
} from '@huijing/contracts';
import { queryOptions } from '@tanstack/react-query';
import { adminHeaders } from '../../../lib/admin-session';
import { api } from '../../../lib/request';
import { unwrap } from './admin.api';

/** Every call carries the admin token explicitly (never the user token). */
const opts = () => ({ headers: adminHeaders(), silent: true });
type Query = Record<string, string | number | undefined>;
const clean = (q: Query) =>
  Object.fromEntries(Object.entries(q).filter(([, v]) => v !== undefined && v !== ''));
const enc = encodeURIComponent;

export const consoleApi = {
  me: () => unwrap(api.get('/user/manage/me', { ...opts(), schema: adminMeSchema })),
  users: (q: Query) =>
    unwrap(
      api.get('/user/manage/page/user', {
        ...opts(),
        query: clean(q),
        schema: adminUserPageSchema,
      }),
    ),
  user: (id: string) =>
    unwrap(api.get(`/user/manage/user/${enc(id)}`, { ...opts(), schema: adminUserDetailSchema })),
  adjust: (id: string, body: { type: number; delta: number; reason: string }) =>
    unwrap(
      api.post(`/user/manage/user/${enc(id)}/tickets`, {
        ...opts(),
        body,
        schema: adminUserRowSchema,
      }),
    ),
  disable: (id: string, body: { disabled: boolean; reason: string }) =>
    unwrap(
      api.post(`/user/manage/user/${enc(id)}/disable`, {
        ...opts(),
        body,
        schema: adminUserRowSchema,
      }),
    ),
  vip: (id: string, body: { tier: 'vip' | 'svip'; days: number; reason: string }) =>
    unwrap(
      api.post(`/user/manage/user/${enc(id)}/vip`, { ...opts(), body, schema: adminUserRowSchema }),
    ),
  audit: (q: Query) =>
    unwrap(
      api.get('/user/manage/page/audit', { ...opts(), query: clean(q), schema: auditPageSchema }),
    ),
  tasks: (q: Query) =>
    unwrap(
      api.get('/user/manage/page/task', {
        ...opts(),
        query: clean(q),
        schema: adminTaskPageSchema,
      }),
    ),
  taskAction: (id: string, action: 'cancel' | 'retry', reason: string) =>
    unwrap(
      api.post(`/user/manage/task/${enc(id)}/${action}`, {
        ...opts(),
        body: { reason },
        schema: adminTaskRowSchema,
      }),
    ),
  engines: () => unwrap(api.get('/user/manage/engines', { ...opts(), schema: adminEnginesSchema })),
  setSwitch: (body: {
    kind: 'engine' | 'tool';
    id: string;
    outOfService: boolean;
    message?: string;
    reason: string;
  }) =>
    unwrap(
      api.post('/user/manage/engines/switch', { ...opts(), body, schema: adminEnginesSchema }),
    ),
  traffic: (days: number) =>
    unwrap(
      api.get('/user/manage/track/summary', {
        ...opts(),
        query: { days },
        schema: trackSummarySchema,
      }),
    ),
  stats: (q: Query) =>
    unwrap(api.get('/user/manage/stats', { ...opts(), query: clean(q), schema: adminStatsSchema })),
  settings: () =>
    unwrap(api.get('/user/manage/settings', { ...opts(), schema: adminSettingsSchema })),
  saveSetting: (key: AdminSettingKey, value: unknown, reason: string) =>
    unwrap(
      api.post(`/user/manage/settings/${key}`, {
        ...opts(),
        body: { value, reason },
        schema: adminSettingsSchema,
      }),
    ),
};

export const consoleKeys = {
  all: ['admin-console'] as const,
  users: (q: Query) => ['admin-console', 'users', q] as const,
  user: (id: string) => ['admin-console', 'user', id] as const,
  audit: (q: Query) => ['admin-console', 'audit', q] as const,
  tasks: (q: Query) => ['admin-console', 'tasks', q] as const,
  engines: ['admin-console', 'engines'] as const,
  stats: (q: Query) => ['admin-console', 'stats', q] as const,
  traffic: (days: number) => ['admin-console', 'traffic', days] as const,
  settings: ['admin-console', 'settings'] as const,
};

const keep = { retry: false, placeholderData: <T>(previous: T | undefined) => previous } as const;

export const usersQuery = (q: Query) =>
  queryOptions({ queryKey: consoleKeys.users(q), queryFn: () => consoleApi.users(q), ...keep });
export const userDetailQuery = (id: string) =>
  queryOptions({
    queryKey: consoleKeys.user(id),
    queryFn: () => consoleApi.user(id),
    retry: false,
  });
export const auditQuery = (q: Query) =>
  queryOptions({ queryKey: consoleKeys.audit(q), queryFn: () => consoleApi.audit(q), ...keep });
export const tasksQuery = (q: Query) =>
  queryOptions({ queryKey: consoleKeys.tasks(q), queryFn: () => consoleApi.tasks(q), ...keep });
export const enginesQuery = () =>
  queryOptions({
    queryKey: consoleKeys.engines,
    queryFn: consoleApi.engines,
    retry: false,
    refetchInterval: 15_000,
  });
export const statsQuery = (q: Query) =>
  queryOptions({ queryKey: consoleKeys.stats(q), queryFn: () => consoleApi.stats(q), ...keep });
export const trafficQuery = (days: number) =>
  queryOptions({
    queryKey: consoleKeys.traffic(days),
    queryFn: () => consoleApi.traffic(days),
    ...keep,
  });
export const settingsQuery = () =>
  queryOptions({ queryKey: consoleKeys.settings, queryFn: consoleApi.settings, retry: false });
