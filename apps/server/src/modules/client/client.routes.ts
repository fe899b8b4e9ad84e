import { clientDownloadsSchema, envelopeSchema, ok } from '@huijing/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AuthGuards } from '../auth/authenticate';
import type { ClientService } from './client.service';

const downloadsEnvelope = envelopeSchema(clientDownloadsSchema);

/** GET /api/client/downloads: the published desktop builds (public, for /client). */
export const clientRoutes: FastifyPluginAsyncZod<{ client: ClientService }> = async (
  app,
  { client },
) => {
  app.get('/downloads', { schema: { response: { 200: downloadsEnvelope } } }, async () =>
    ok(await client.downloads()),
  );
};

/** /api/user/manage/client/downloads: admins read and replace the published builds. */
export const clientAdminRoutes: FastifyPluginAsyncZod<{
  client: ClientService;
  guards: AuthGuards;
}> = async (app, { client, guards }) => {
  app.get(
    '/downloads',
    { onRequest: guards.requireAdmin, schema: { response: { 200: downloadsEnvelope } } },
    async () => ok(await client.downloads()),
  );
  app.post(
    '/downloads',
    {
      onRequest: guards.requireAdmin,
      schema: { body: clientDownloadsSchema, response: { 200: downloadsEnvelope } },
    },
    async (request) => ok(await client.publish(request, request.body.releases), '已发布'),
  );
};
