import {
  clientDownloadsSchema,
  feedbackPageSchema,
  supportInfoSchema,
  uploadResultSchema,
  type FeedbackBody,
} from '@huijing/contracts';
import { queryOptions } from '@tanstack/react-query';
import { api } from '../../../lib/request';

const unwrap = async <T>(p: Promise<{ success: boolean; data: T; message: string }>) => {
  const envelope = await p;
  if (!envelope.success) throw new Error(envelope.message);
  return envelope.data;
};

export const helpKeys = {
  info: ['help', 'support-info'] as const,
  downloads: ['help', 'client-downloads'] as const,
  myFeedback: ['help', 'my-feedback'] as const,
};

/** GET /support/info: contact details and the extension's release (an operator sets them). */
export const supportInfoQuery = () =>
  queryOptions({
    queryKey: helpKeys.info,
    queryFn: () => unwrap(api.get('/support/info', { schema: supportInfoSchema, silent: true })),
    staleTime: 5 * 60_000,
  });

/** GET /client/downloads: the same releases /client shows. */
export const clientDownloadsQuery = () =>
  queryOptions({
    queryKey: helpKeys.downloads,
    queryFn: () =>
      unwrap(api.get('/client/downloads', { schema: clientDownloadsSchema, silent: true })),
    staleTime: 5 * 60_000,
  });

export const myFeedbackQuery = (enabled: boolean) =>
  queryOptions({
    queryKey: helpKeys.myFeedback,
    queryFn: () =>
      unwrap(
        api.get('/support/feedback/mine', {
          query: { page: 1, pageSize: 10 },
          schema: feedbackPageSchema,
          silent: true,
        }),
      ),
    enabled,
  });

export const helpApi = {
  sendFeedback: (body: FeedbackBody) => api.post('/support/feedback', { body }),
  uploadScreenshot: (image: string) =>
    unwrap(api.post('/upload', { body: { image }, schema: uploadResultSchema })),
};
