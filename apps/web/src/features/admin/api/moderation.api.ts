import { galleryReviewPageSchema, modelItemSchema, type GalleryStatus } from '@huijing/contracts';
import { z } from 'zod';
import { api } from '../../../lib/request';
import { adminOpts, listQuery, unwrap } from './admin.api';

type ModelQueue = 'pending' | 'approved' | 'rejected';

const enc = encodeURIComponent;

/**
 * The review queues of the gallery (/api/user/manage/gallery) and the model square
 * (/api/user/manage/models), behind the matrix's moderation.review permission.
 */
export const moderationApi = {
  gallery: (q: { status: GalleryStatus; current: number; pageSize: number }) =>
    unwrap(
      api.get('/user/manage/gallery/review', {
        ...adminOpts(),
        query: q,
        schema: galleryReviewPageSchema,
      }),
    ),
  reviewImage: (id: string, body: { action: 'approve' | 'hide'; reason?: string }) =>
    unwrap(
      api.post(`/user/manage/gallery/review/${enc(id)}`, {
        ...adminOpts(),
        body,
        schema: z.null(),
      }),
    ),
  models: (review: ModelQueue) =>
    unwrap(
      api.get('/user/manage/models/page', {
        ...adminOpts(),
        query: { review },
        schema: z.array(modelItemSchema),
      }),
    ),
  reviewModel: (id: string, body: { decision: 'approve' | 'reject'; note?: string }) =>
    unwrap(
      api.post(`/user/manage/models/${enc(id)}/review`, {
        ...adminOpts(),
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

export const galleryReviewQuery = (q: {
  status: GalleryStatus;
  current: number;
  pageSize: number;
}) => listQuery(moderationKeys.gallery(q), () => moderationApi.gallery(q));
export const modelReviewQuery = (review: ModelQueue) =>
  listQuery(moderationKeys.models(review), () => moderationApi.models(review));
