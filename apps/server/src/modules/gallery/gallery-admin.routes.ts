import {
  envelopeSchema,
  galleryIdParamsSchema,
  galleryReviewActionSchema,
  galleryReviewPageSchema,
  galleryReviewQuerySchema,
  ok,
} from '@huijing/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AuthGuards } from '../auth/authenticate';
import type { GalleryService } from './gallery.service';

/**
 * The review queue under /api/user/manage/gallery (admins only): pictures waiting for review
 * (reports, the automatic check) or hidden, and approve / hide with a reason the author reads.
 */
export const galleryAdminRoutes: FastifyPluginAsyncZod<{
  gallery: GalleryService;
  guards: AuthGuards;
  audit: (entry: {
    adminId: string;
    action: string;
    target: string;
    detail: Record<string, unknown>;
  }) => Promise<void>;
}> = async (app, { gallery, guards, audit }) => {
  app.get(
    '/review',
    {
      onRequest: guards.requireAdmin,
      schema: {
        querystring: galleryReviewQuerySchema,
        response: { 200: envelopeSchema(galleryReviewPageSchema) },
      },
    },
    async (request) => ok(await gallery.reviewQueue(request.query)),
  );

  app.post(
    '/review/:id',
    {
      onRequest: guards.requireAdmin,
      schema: {
        params: galleryIdParamsSchema,
        body: galleryReviewActionSchema,
        response: { 200: envelopeSchema(z.null()) },
      },
    },
    async (request) => {
      const { action, reason } = request.body;
      await gallery.review(request.params.id, action, reason);
      await audit({
        adminId: request.adminAuth!.adminId,
        action: `gallery.${action}`,
        target: request.params.id,
        detail: { reason: reason ?? null },
      });
      return ok(null, action === 'approve' ? '已通过，图片重新出现在灵感广场' : '已隐藏');
    },
  );

  app.delete(
    '/image/:id',
    {
      onRequest: guards.requireAdmin,
      schema: { params: galleryIdParamsSchema, response: { 200: envelopeSchema(z.null()) } },
    },
    async (request) => {
      await gallery.unpublish(request.params.id, { asAdmin: true });
      await audit({
        adminId: request.adminAuth!.adminId,
        action: 'gallery.unpublish',
        target: request.params.id,
        detail: {},
      });
      return ok(null, '已删除');
    },
  );
};
