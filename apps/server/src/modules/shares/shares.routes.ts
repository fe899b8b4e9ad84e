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
};
