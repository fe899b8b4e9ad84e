import {
  envelopeSchema,
  ok,
  sharedTaskQuerySchema,
  sharedTaskSchema,
  shareTaskResultSchema,
  taskDetailSchema,
  taskIdBodySchema,
  taskIdQuerySchema,
} from '@huijing/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { userOf } from '../auth/authenticate';
import type { AuthGuards } from '../auth/authenticate';
import type { SharesService } from './shares.service';

/** Done pages: the owner's task detail, share links, and the public read-only shared view. */
export const sharesRoutes: FastifyPluginAsyncZod<{
  shares: SharesService;
  guards: AuthGuards;
}> = async (app, { shares, guards }) => {
  app.get(
    '/taskDetail',
    {
      onRequest: guards.requireUser,
      schema: {
        querystring: taskIdQuerySchema,
        response: { 200: envelopeSchema(taskDetailSchema) },
      },
    },
    async (request) => ok(await shares.detail(userOf(request).userId, request.query.taskId)),
  );

  app.post(
    '/shareTask',
    {
      onRequest: guards.requireUser,
      schema: { body: taskIdBodySchema, response: { 200: envelopeSchema(shareTaskResultSchema) } },
    },
    async (request) => ok(await shares.share(userOf(request).userId, request.body.taskId)),
  );

  app.post(
    '/unshareTask',
    {
      onRequest: guards.requireUser,
      schema: { body: taskIdBodySchema, response: { 200: envelopeSchema(z.null()) } },
    },
    async (request) => {
      await shares.unshare(userOf(request).userId, request.body.taskId);
      return ok(null);
    },
  );

  // Public: the token is the permission. No session is read, so nothing about the viewer matters.
  app.get(
    '/sharedTask',
    {
      schema: {
        querystring: sharedTaskQuerySchema,
        response: { 200: envelopeSchema(sharedTaskSchema) },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'private, no-store');
      reply.header('x-robots-tag', 'noindex');
      return ok(await shares.shared(request.query.token));
    },
  );

  // The shared page's pictures, readable only while the share is open (see shares.service).
  app.get(
    '/sharedFile',
    {
      schema: {
        querystring: sharedTaskQuerySchema.extend({
          fileId: z.string().min(1).max(64),
          w: z.coerce.number().int().min(16).max(2048).optional(),
        }),
      },
    },
    async (request, reply) => {
      const { token, fileId, w } = request.query;
      reply.header('cache-control', 'private, no-store');
      reply.header('x-robots-tag', 'noindex');
      if (w !== undefined) {
        const webp = /image\/webp/i.test(request.headers.accept ?? '');
        const { data, mime } = await shares.thumbnailShared(
          token,
          fileId,
          w,
          webp ? 'webp' : 'jpeg',
        );
        return reply.header('content-type', mime).header('vary', 'Accept').send(data);
      }
      const { file, stream } = await shares.openShared(token, fileId);
      return reply
        .header('content-type', file.mime)
        .header('content-length', file.bytes)
        .send(stream);
    },
  );
};
