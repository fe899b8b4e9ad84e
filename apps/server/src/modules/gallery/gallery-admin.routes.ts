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
import type { AuditLog } from '../admin/audit.service';
import { requirePermission } from '../admin/permissions';
import type { AuthGuards } from '../auth/authenticate';
import type { GalleryService } from './gallery.service';

/**
 * The review queue under /api/user/manage/gallery (admins only): pictures waiting for review
 * (reports, the automatic check) or hidden, and approve / hide with a reason the author reads.
 * Each change writes its audit row in the change's own transaction.
 */
export const galleryAdminRoutes: FastifyPluginAsyncZod<{
  gallery: GalleryService;
  guards: AuthGuards;
  audit: AuditLog;
}> = async (app, { gallery, guards, audit }) => {
  // The one permission matrix (contracts' rolePermissions): reviewing content.
  const reviewer = requirePermission(guards, 'moderation.review');
  app.get(
    '/review',
    {
      onRequest: reviewer,
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
      onRequest: reviewer,
      schema: {
        params: galleryIdParamsSchema,
        body: galleryReviewActionSchema,
        response: { 200: envelopeSchema(z.null()) },
      },
    },
    async (request) => {
      const { action, reason } = request.body;
      const before = await gallery.repo.findImage(request.params.id);
      await gallery.review(request.params.id, action, reason, (trx) =>
        audit.recordFor(
          request,
          {
            action: `gallery.${action}`,
            target: `gallery_image:${request.params.id}`,
            before: before && { status: before.status, reason: before.status_reason },
            after: { status: action === 'approve' ? 'published' : 'hidden' },
            reason: reason ?? null,
          },
          trx,
        ),
      );
      return ok(null, action === 'approve' ? '已通过，图片重新出现在灵感广场' : '已隐藏');
    },
  );

  app.delete(
    '/image/:id',
    {
      onRequest: reviewer,
      schema: { params: galleryIdParamsSchema, response: { 200: envelopeSchema(z.null()) } },
    },
    async (request) => {
      const before = await gallery.repo.findImage(request.params.id);
      await gallery.unpublish(request.params.id, { asAdmin: true }, (trx) =>
        audit.recordFor(
          request,
          {
            action: 'gallery.unpublish',
            target: `gallery_image:${request.params.id}`,
            before: before && {
              status: before.status,
              title: before.title,
              userId: before.user_id,
            },
          },
          trx,
        ),
      );
      return ok(null, '已删除');
    },
  );
};
