import {
  envelopeSchema,
  galleryCollectionCreateSchema,
  galleryCollectionSchema,
  galleryCollectionsQuerySchema,
  galleryCollectionUpdateSchema,
  galleryCollectQuerySchema,
  galleryCollectResultSchema,
  galleryCasePageSchema,
  galleryCaseQuerySchema,
  galleryCaseSchema,
  galleryDetailSchema,
  galleryIdParamsSchema,
  galleryIdQuerySchema,
  galleryItemSchema,
  galleryMoveBodySchema,
  galleryPageQuerySchema,
  galleryPageSchema,
  galleryPublishBodySchema,
  galleryPublishContextQuerySchema,
  galleryPublishContextSchema,
  galleryPublishProjectBodySchema,
  galleryPublishProjectResultSchema,
  galleryPublishResultSchema,
  galleryReportBodySchema,
  ok,
} from '@huijing/contracts';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { RateLimits } from '../../http/rate-limit';
import { userOf } from '../auth/authenticate';
import type { AuthGuards } from '../auth/authenticate';
import type { CaseProjectsService } from './case-projects.service';
import type { CasesService } from './cases.service';
import type { CollectionsService } from './collections.service';
import type { GalleryService } from './gallery.service';

/** The caller when a valid session came along; guests browse the gallery too. */
export const optionalUser = async (
  guards: AuthGuards,
  request: FastifyRequest,
): Promise<string | undefined> => {
  if (!request.headers.satoken) return undefined;
  try {
    await guards.requireUser(request);
    return request.userAuth?.userId;
  } catch {
    return undefined;
  }
};

/** Publications (a picture or a whole project) per user and minute, across API processes. */
export const GALLERY_PUBLISHES_PER_MINUTE = 10;

/** Spec §7 /image/waterfall/* plus publishing, collections and reports, under /api/image. */
export const galleryRoutes: FastifyPluginAsyncZod<{
  gallery: GalleryService;
  collections: CollectionsService;
  cases: CasesService;
  caseProjects: CaseProjectsService;
  guards: AuthGuards;
  rateLimits: RateLimits;
}> = async (app, { gallery, collections, cases, caseProjects, guards, rateLimits }) => {
  // Each publication runs the NSFW check and fills the public gallery: one count for both routes.
  const perPublisher = rateLimits.perKey(
    'gallery-publish',
    GALLERY_PUBLISHES_PER_MINUTE,
    'GALLERY_PUBLISH_TOO_FREQUENT',
  );
  app.get(
    '/waterfall/page',
    {
      schema: {
        querystring: galleryPageQuerySchema,
        response: { 200: envelopeSchema(galleryPageSchema) },
      },
    },
    async (request) => ok(await gallery.page(request.query, await optionalUser(guards, request))),
  );

  app.post(
    '/waterfall/collect',
    {
      onRequest: guards.requireUser,
      schema: {
        querystring: galleryCollectQuerySchema,
        response: { 200: envelopeSchema(galleryCollectResultSchema) },
      },
    },
    async (request) =>
      ok(
        await gallery.collect(userOf(request).userId, request.query.id, request.query.collectionId),
      ),
  );

  app.post(
    '/waterfall/unCollect',
    {
      onRequest: guards.requireUser,
      schema: {
        querystring: galleryIdQuerySchema,
        response: { 200: envelopeSchema(galleryCollectResultSchema) },
      },
    },
    async (request) => ok(await gallery.unCollect(userOf(request).userId, request.query.id)),
  );

  app.post(
    '/publish',
    {
      onRequest: guards.requireUser,
      schema: {
        body: galleryPublishBodySchema,
        response: { 200: envelopeSchema(galleryPublishResultSchema) },
      },
    },
    async (request) => {
      const { userId } = userOf(request);
      await perPublisher(userId);
      const r = await gallery.publish(userId, request.body);
      return ok(r, r.statusMessage);
    },
  );

  // Cases from works projects: the dialog's 所属项目, and a whole project as a case.
  app.get(
    '/publish/context',
    {
      onRequest: guards.requireUser,
      schema: {
        querystring: galleryPublishContextQuerySchema,
        response: { 200: envelopeSchema(galleryPublishContextSchema) },
      },
    },
    async (request) => ok(await caseProjects.context(userOf(request).userId, request.query.taskId)),
  );

  app.post(
    '/publish/project',
    {
      onRequest: guards.requireUser,
      schema: {
        body: galleryPublishProjectBodySchema,
        response: { 200: envelopeSchema(galleryPublishProjectResultSchema) },
      },
    },
    async (request) => {
      const { userId } = userOf(request);
      await perPublisher(userId);
      return ok(await caseProjects.publishProject(userId, request.body));
    },
  );

  app.post(
    '/report',
    {
      onRequest: guards.requireUser,
      schema: {
        querystring: galleryIdQuerySchema,
        body: galleryReportBodySchema,
        response: { 200: envelopeSchema(z.null()) },
      },
    },
    async (request) => {
      await gallery.report(userOf(request).userId, request.query.id, request.body.reason);
      return ok(null, '已收到举报，我们会尽快处理');
    },
  );

  app.get(
    '/collections',
    {
      schema: {
        querystring: galleryCollectionsQuerySchema,
        response: { 200: envelopeSchema(z.array(galleryCollectionSchema)) },
      },
    },
    async (request) =>
      ok(await collections.list(await optionalUser(guards, request), request.query.userId)),
  );

  app.post(
    '/collections',
    {
      onRequest: guards.requireUser,
      schema: {
        body: galleryCollectionCreateSchema,
        response: { 200: envelopeSchema(galleryCollectionSchema) },
      },
    },
    async (request) => ok(await collections.create(userOf(request).userId, request.body)),
  );

  app.post(
    '/collections/move',
    {
      onRequest: guards.requireUser,
      schema: {
        body: galleryMoveBodySchema,
        response: { 200: envelopeSchema(z.object({ moved: z.number().int() })) },
      },
    },
    async (request) =>
      ok(
        await collections.move(
          userOf(request).userId,
          request.body.imageIds,
          request.body.toCollectionId,
        ),
      ),
  );

  app.get(
    '/collections/:id',
    {
      schema: {
        params: galleryIdParamsSchema,
        response: { 200: envelopeSchema(galleryCollectionSchema) },
      },
    },
    async (request) =>
      ok(await collections.get(request.params.id, await optionalUser(guards, request))),
  );

  app.post(
    '/collections/:id',
    {
      onRequest: guards.requireUser,
      schema: {
        params: galleryIdParamsSchema,
        body: galleryCollectionUpdateSchema,
        response: { 200: envelopeSchema(galleryCollectionSchema) },
      },
    },
    async (request) =>
      ok(await collections.update(userOf(request).userId, request.params.id, request.body)),
  );

  app.delete(
    '/collections/:id',
    {
      onRequest: guards.requireUser,
      schema: { params: galleryIdParamsSchema, response: { 200: envelopeSchema(z.null()) } },
    },
    async (request) => {
      await collections.remove(userOf(request).userId, request.params.id);
      return ok(null);
    },
  );

  app.get(
    '/:id',
    {
      schema: {
        params: galleryIdParamsSchema,
        response: { 200: envelopeSchema(galleryDetailSchema) },
      },
    },
    async (request) =>
      ok(await gallery.detail(request.params.id, await optionalUser(guards, request))),
  );

  app.get(
    '/:id/similar',
    {
      schema: {
        params: galleryIdParamsSchema,
        response: { 200: envelopeSchema(z.array(galleryItemSchema)) },
      },
    },
    async (request) =>
      ok(await gallery.similar(request.params.id, await optionalUser(guards, request))),
  );

  app.delete(
    '/:id',
    {
      onRequest: guards.requireUser,
      schema: { params: galleryIdParamsSchema, response: { 200: envelopeSchema(z.null()) } },
    },
    async (request) => {
      await gallery.unpublish(request.params.id, { userId: userOf(request).userId });
      return ok(null, '已从灵感广场撤下');
    },
  );

  // Cases: an author's project, its published pictures together (/caseHome, /classifyCase …).
  app.get(
    '/case/page',
    {
      schema: {
        querystring: galleryCaseQuerySchema,
        response: { 200: envelopeSchema(galleryCasePageSchema) },
      },
    },
    async (request) => ok(await cases.page(request.query, await optionalUser(guards, request))),
  );

  app.get(
    '/case/:id',
    {
      schema: {
        params: galleryIdParamsSchema,
        response: { 200: envelopeSchema(galleryCaseSchema) },
      },
    },
    async (request) => ok(await cases.get(request.params.id, await optionalUser(guards, request))),
  );
};
