import { galleryReviewPageSchema, modelItemSchema, type GalleryStatus } from '@huijing/contracts';
import { queryOptions } from '@tanstack/react-query';
import { z } from 'zod';
import { adminHeaders } from '../../../lib/admin-session';
import { api } from '../../../lib/request';
import { unwrap } from './admin.api';

type ModelQueue = 'pending' | 'approved' | 'rejected';

/** Every call carries the admin token explicitly (never the user token). */
const opts = () => ({ headers: adminHeaders(), silent: true });
const enc = encodeURIComponent;

/**
 * The review queues of the gallery (/api/user/manage/gallery) and the model square
 * (/api/user/manage/models), behind the matrix's moderation.review permission.
 */
export const moderationApi = {
  gallery: (q: { status: GalleryStatus; current: number; pageSize: number }) =>
    unwrap(
      api.get('/user/manage/gallery/review', {
        ...opts(),
        query: q,
        schema: galleryReviewPageSchema,
      }),
    ),
  reviewImage: (id: string, body: { action: 'approve' | 'hide'; reason?: string }) =>
    unwrap(
      api.post(`/user/manage/gallery/review/${enc(id)}`, { ...opts(), body, schema: z.null() }),
    ),
  models: (review: ModelQueue) =>
    unwrap(
      api.get('/user/manage/models/page', {
        ...opts(),
        query: { review },
        schema: z.array(modelItemSchema),
      }),
    ),
  reviewModel: (id: string, body: { decision: 'approve' | 'reject'; note?: string }) =>
    unwrap(
      api.post(`/user/manage/models/${enc(id)}/review`, {
        ...opts(),
        body,
        schema: z.object({ review: z.string() }),
      }),
    ),
};

export const moderationKeys = {
  all: ['admin-moderation'] as const,
  gallery: (q: object) => ['admin-moderation', 'gallery', q] as const,
  models: (review: string) => ['admin-moderation', 'models', review] as const,
};

const keep = { retry: false, placeholderData: <T>(previous: T | undefined) => previous } as const;

export const galleryReviewQuery = (q: {
  status: GalleryStatus;
  current: number;
  pageSize: number;
}) =>
  queryOptions({
    queryKey: moderationKeys.gallery(q),
    queryFn: () => moderationApi.gallery(q),
    ...keep,
  });
export const modelReviewQuery = (review: ModelQueue) =>
  queryOptions({
    queryKey: moderationKeys.models(review),
    queryFn: () => moderationApi.models(review),
    ...keep,
  });
