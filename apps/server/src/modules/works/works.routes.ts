import {
  WORKS_ZIP_NAME,
  envelopeSchema,
  ok,
  worksDeleteResultSchema,
  worksSelectionSchema,
} from '@huijing/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { userOf } from '../auth/authenticate';
import type { AuthGuards } from '../auth/authenticate';
import type { WorksService } from './works.service';

/** /api/works/*: bulk actions of the works page (/aiDesignMangement). */
export const worksRoutes: FastifyPluginAsyncZod<{
  works: WorksService;
  guards: AuthGuards;
}> = async (app, { works, guards }) => {
  app.post(
    '/delete',
    {
      onRequest: guards.requireUser,
      schema: {
        body: worksSelectionSchema,
        response: { 200: envelopeSchema(worksDeleteResultSchema) },
      },
    },
    async (request) =>
      ok(await works.deleteMany(userOf(request).userId, request.body.taskIds), '已删除'),
  );

  app.post(
    '/zip',
    { onRequest: guards.requireUser, schema: { body: worksSelectionSchema } },
    async (request, reply) => {
      const stream = await works.zip(userOf(request).userId, request.body.taskIds);
      return reply
        .header('content-type', 'application/zip')
        .header('content-disposition', `attachment; filename="${WORKS_ZIP_NAME}"`)
        .header('cache-control', 'no-store')
        .send(stream);
    },
  );
};
