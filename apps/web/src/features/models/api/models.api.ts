import {
  modelDetailSchema,
  modelItemSchema,
  modelPageSchema,
  squarePageSchema,
  startTrainResultSchema,
  trainDoctorResultSchema,
  trainDomainListSchema,
  trainRightInfoSchema,
  uploadResultSchema,
  usableModelListSchema,
  type Envelope,
  type StartTrainBody,
  type TrainDoctorBody,
} from '@huijing/contracts';
import { infiniteQueryOptions, queryOptions } from '@tanstack/react-query';
import { z } from 'zod';
import { STREAM_SAFETY_POLL_MS } from '../../../components/use-task-stream';
import { api } from '../../../lib/request';

export class ModelsApiError extends Error {
  override readonly name = 'ModelsApiError';
  constructor(
    message: string,
    readonly data?: unknown,
  ) {
    super(message);
  }
}

const unwrap = async <T>(call: Promise<Envelope<T>>): Promise<T> => {
  const envelope = await call;
  if (!envelope.success) throw new ModelsApiError(envelope.message, envelope.data);
  return envelope.data;
};

export const modelsKeys = {
  all: ['models'] as const,
  domains: ['models', 'domains'] as const,
  right: ['models', 'right'] as const,
  page: ['models', 'page'] as const,
  detail: (id: string) => ['models', 'detail', id] as const,
  usable: ['models', 'usable'] as const,
  square: (domain: string) => ['models', 'square', domain] as const,
};

export const domainsQuery = () =>
  queryOptions({
    queryKey: modelsKeys.domains,
    queryFn: () =>
      unwrap(api.get('/model/train/domains/data', { schema: trainDomainListSchema, silent: true })),
    staleTime: 5 * 60_000,
  });

export const rightInfoQuery = (enabled: boolean) =>
  queryOptions({
    queryKey: modelsKeys.right,
    queryFn: () =>
      unwrap(api.get('/model/train/right/info', { schema: trainRightInfoSchema, silent: true })),
    enabled,
    staleTime: 30_000,
  });

export const isTraining = (m: { status: string } | undefined) =>
  m?.status === 'queued' || m?.status === 'running';

/**
 * Own models; polled every two seconds while one of them is queued or running — only every 15 s
 * as a safety check while the task event stream is open (its `training` events carry the changes).
 */
export const modelPageQuery = (enabled: boolean, streamOpen = false) =>
  queryOptions({
    queryKey: modelsKeys.page,
    queryFn: () =>
      unwrap(
        api.get('/model/train/page/data', {
          query: { current: 1, pageSize: 50 },
          schema: modelPageSchema,
          silent: true,
        }),
      ),
    enabled,
    refetchInterval: (q) =>
      q.state.data?.list.some(isTraining) ? (streamOpen ? STREAM_SAFETY_POLL_MS : 2000) : false,
  });

/** One model; polled every 1.5 s while it trains (every 15 s while the stream is open). */
export const modelDetailQuery = (id: string | undefined, streamOpen = false) =>
  queryOptions({
    queryKey: modelsKeys.detail(id ?? ''),
    queryFn: () =>
      unwrap(api.get(`/model/train/${id}`, { schema: modelDetailSchema, silent: true })),
    enabled: Boolean(id),
    refetchInterval: (q) =>
      isTraining(q.state.data) ? (streamOpen ? STREAM_SAFETY_POLL_MS : 1500) : false,
  });

export const usableModelsQuery = (enabled: boolean) =>
  queryOptions({
    queryKey: modelsKeys.usable,
    queryFn: () =>
      unwrap(api.get('/model/usable', { schema: usableModelListSchema, silent: true })),
    enabled,
    staleTime: 15_000,
  });

export const squareQuery = (domain: string) =>
  infiniteQueryOptions({
    queryKey: modelsKeys.square(domain),
    queryFn: ({ pageParam }) =>
      unwrap(
        api.get('/model/square', {
          query: { domain: domain || undefined, cursor: pageParam || undefined, pageSize: 24 },
          schema: squarePageSchema,
          silent: true,
        }),
      ),
    initialPageParam: '',
    getNextPageParam: (last) => last.nextCursor ?? undefined,
  });

export const uploadPicture = (file: File) => {
  const form = new FormData();
  form.append('file', file, file.name);
  return unwrap(api.post('/upload', { body: form, schema: uploadResultSchema, silent: true }));
};

export const runDoctor = (body: TrainDoctorBody) =>
  unwrap(api.post('/model/train/doctor', { body, schema: trainDoctorResultSchema, silent: true }));

export const startTraining = (body: StartTrainBody) =>
  unwrap(api.post('/model/train', { body, schema: startTrainResultSchema, silent: true }));

export const removeModel = (id: string) =>
  unwrap(
    api.delete(`/model/train/${id}`, {
      schema: z.object({ canceled: z.boolean() }),
      silent: true,
    }),
  );

export const retryModel = (id: string) =>
  unwrap(api.post(`/model/train/${id}/retry`, { schema: startTrainResultSchema, silent: true }));

export const publishModel = (id: string, publish: boolean) =>
  unwrap(
    api.post(`/model/train/${id}/publish`, {
      body: { publish },
      schema: modelItemSchema,
      silent: true,
    }),
  );
