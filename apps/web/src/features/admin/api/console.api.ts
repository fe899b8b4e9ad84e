import {
  adminEnginesSchema,
  adminEngineTestSchema,
  adminMeSchema,
  adminSettingsSchema,
  adminStatsSchema,
  adminTaskPageSchema,
  adminTaskRowSchema,
  adminUserDetailSchema,
  adminUserPageSchema,
  adminUserRowSchema,
  auditPageSchema,
  samplesAdminSchema,
  trackSummarySchema,
  type AdminSettingKey,
} from '@huijing/contracts';
import { queryOptions } from '@tanstack/react-query';
import { api } from '../../../lib/request';
import { adminOpts, cleanQuery, type ConsoleQuery, listQuery, unwrap } from './admin.api';

const enc = encodeURIComponent;

export const consoleApi = {
  me: () => unwrap(api.get('/user/manage/me', { ...adminOpts(), schema: adminMeSchema })),
  users: (q: ConsoleQuery) =>
    unwrap(
      api.get('/user/manage/page/user', {
        ...adminOpts(),
        query: cleanQuery(q),
        schema: adminUserPageSchema,
      }),
    ),
  user: (id: string) =>
    unwrap(
      api.get(`/user/manage/user/${enc(id)}`, { ...adminOpts(), schema: adminUserDetailSchema }),
    ),
  adjust: (id: string, body: { type: number; delta: number; reason: string }) =>
    unwrap(
      api.post(`/user/manage/user/${enc(id)}/tickets`, {
        ...adminOpts(),
        body,
        schema: adminUserRowSchema,
      }),
    ),
  disable: (id: string, body: { disabled: boolean; reason: string }) =>
    unwrap(
      api.post(`/user/manage/user/${enc(id)}/disable`, {
        ...adminOpts(),
        body,
        schema: adminUserRowSchema,
      }),
    ),
  vip: (id: string, body: { tier: 'vip' | 'svip'; days: number; reason: string }) =>
    unwrap(
      api.post(`/user/manage/user/${enc(id)}/vip`, {
        ...adminOpts(),
        body,
        schema: adminUserRowSchema,
      }),
    ),
  audit: (q: ConsoleQuery) =>
    unwrap(
      api.get('/user/manage/page/audit', {
        ...adminOpts(),
        query: cleanQuery(q),
        schema: auditPageSchema,
      }),
    ),
  tasks: (q: ConsoleQuery) =>
    unwrap(
      api.get('/user/manage/page/task', {
        ...adminOpts(),
        query: cleanQuery(q),
        schema: adminTaskPageSchema,
      }),
    ),
  taskAction: (id: string, action: 'cancel' | 'retry', reason: string) =>
    unwrap(
      api.post(`/user/manage/task/${enc(id)}/${action}`, {
        ...adminOpts(),
        body: { reason },
        schema: adminTaskRowSchema,
      }),
    ),
  engines: () =>
    unwrap(api.get('/user/manage/engines', { ...adminOpts(), schema: adminEnginesSchema })),
  setSwitch: (body: {
    kind: 'engine' | 'tool';
    id: string;
    outOfService: boolean;
    message?: string;
    reason: string;
  }) =>
    unwrap(
      api.post('/user/manage/engines/switch', { ...adminOpts(), body, schema: adminEnginesSchema }),
    ),
  testEngine: (id: string, body: { reason: string }) =>
    unwrap(
      api.post(`/user/manage/engines/${enc(id)}/test`, {
        ...adminOpts(),
        body,
        schema: adminEngineTestSchema,
      }),
    ),
  samples: () =>
    unwrap(api.get('/user/manage/samples', { ...adminOpts(), schema: samplesAdminSchema })),
  regenerateSamples: (body: { force: boolean; reason: string }) =>
    unwrap(
      api.post<{ started: boolean }>('/user/manage/samples/regenerate', { ...adminOpts(), body }),
    ),
  traffic: (days: number) =>
    unwrap(
      api.get('/user/manage/track/summary', {
        ...adminOpts(),
        query: { days },
        schema: trackSummarySchema,
      }),
    ),
  stats: (q: ConsoleQuery) =>
    unwrap(
      api.get('/user/manage/stats', {
        ...adminOpts(),
        query: cleanQuery(q),
        schema: adminStatsSchema,
      }),
    ),
  settings: () =>
    unwrap(api.get('/user/manage/settings', { ...adminOpts(), schema: adminSettingsSchema })),
  saveSetting: (key: AdminSettingKey, value: unknown, reason: string) =>
    unwrap(
      api.post(`/user/manage/settings/${key}`, {
        ...adminOpts(),
        body: { value, reason },
        schema: adminSettingsSchema,
      }),
    ),
};

export const consoleKeys = {
  all: ['admin-console'] as const,
  users: (q: ConsoleQuery) => ['admin-console', 'users', q] as const,
  user: (id: string) => ['admin-console', 'user', id] as const,
  audit: (q: ConsoleQuery) => ['admin-console', 'audit', q] as const,
  tasks: (q: ConsoleQuery) => ['admin-console', 'tasks', q] as const,
  engines: ['admin-console', 'engines'] as const,
  samples: ['admin-console', 'samples'] as const,
  stats: (q: ConsoleQuery) => ['admin-console', 'stats', q] as const,
  traffic: (days: number) => ['admin-console', 'traffic', days] as const,
  settings: ['admin-console', 'settings'] as const,
};

export const usersQuery = (q: ConsoleQuery) =>
  listQuery(consoleKeys.users(q), () => consoleApi.users(q));
export const userDetailQuery = (id: string) =>
  queryOptions({
    queryKey: consoleKeys.user(id),
    queryFn: () => consoleApi.user(id),
    retry: false,
  });
export const auditQuery = (q: ConsoleQuery) =>
  listQuery(consoleKeys.audit(q), () => consoleApi.audit(q));
export const tasksQuery = (q: ConsoleQuery) =>
  listQuery(consoleKeys.tasks(q), () => consoleApi.tasks(q));
export const enginesQuery = () =>
  queryOptions({
    queryKey: consoleKeys.engines,
    queryFn: consoleApi.engines,
    retry: false,
    refetchInterval: 15_000,
  });
export const statsQuery = (q: ConsoleQuery) =>
  listQuery(consoleKeys.stats(q), () => consoleApi.stats(q));
export const trafficQuery = (days: number) =>
  listQuery(consoleKeys.traffic(days), () => consoleApi.traffic(days));
export const settingsQuery = () =>
  queryOptions({ queryKey: consoleKeys.settings, queryFn: consoleApi.settings, retry: false });
