import {
  catalogIdParamsSchema,
  categoryAdminSchema,
  categoryCreateSchema,
  categoryUpdateSchema,
  classifyTreeSchema,
  envelopeSchema,
  materialAdminSchema,
  materialCreateSchema,
  materialLibrarySchema,
  materialUpdateSchema,
  ok,
} from '@huijing/contracts';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AuthGuards } from '../auth/authenticate';
import type { CatalogService, Snapshot } from './catalog.service';

/** Spec §9: clients cache requests for five minutes; the ETag makes the revalidation cheap. */
const CACHE_CONTROL = 'public, max-age=300';

const matches = (header: string | undefined, etag: string) =>
  header !== undefined &&
  header.split(',').some((tag) => {
    const t = tag.trim();
    return t === '*' || t === etag || t === `W/${etag}`;
  });

/** Serves a snapshot with its validators, or 304 when the client already has this version. */
const cacheable = async <T>(request: FastifyRequest, reply: FastifyReply, snap: Snapshot<T>) => {
  reply.header('cache-control', CACHE_CONTROL).header('etag', snap.etag);
  if (matches(request.headers['if-none-match'], snap.etag)) return reply.code(304).send();
  return ok(snap.data);
};

/** GET /api/ai/getAllClassify and /api/ai/getAllSuCai: public, the same for everyone. */
export const catalogRoutes: FastifyPluginAsyncZod<{ catalog: CatalogService }> = async (
  app,
  { catalog },
) => {
  app.get(
    '/getAllClassify',
    { schema: { response: { 200: envelopeSchema(classifyTreeSchema) } } },
    async (request, reply) => cacheable(request, reply, await catalog.classifyTree()),
  );
  app.get(
    '/getAllSuCai',
    { schema: { response: { 200: envelopeSchema(materialLibrarySchema) } } },
    async (request, reply) => cacheable(request, reply, await catalog.materialLibrary()),
  );
};

/**
 * /api/user/manage/catalog/*: content editing for any admin (operators run the catalogue; account
 * management stays with super admins). A user token is refused with 403 by requireAdmin. Every
 * edit writes its audit row (`catalog.category.*`, `catalog.material.*`) in its transaction.
 */
export const catalogAdminRoutes: FastifyPluginAsyncZod<{
  catalog: CatalogService;
  guards: AuthGuards;
}> = async (app, { catalog, guards }) => {
  app.addHook('onRequest', guards.requireAdmin);

  app.get(
    '/categories',
    { schema: { response: { 200: envelopeSchema(z.array(categoryAdminSchema)) } } },
    async () => ok(await catalog.listCategories()),
  );
  app.post(
    '/category',
    {
      schema: {
        body: categoryCreateSchema,
        response: { 200: envelopeSchema(categoryAdminSchema) },
      },
    },
    async (request) => ok(await catalog.createCategory(request, request.body), '已创建'),
  );
  app.post(
    '/category/:id',
    {
      schema: {
        params: catalogIdParamsSchema,
        body: categoryUpdateSchema,
        response: { 200: envelopeSchema(categoryAdminSchema) },
      },
    },
    async (request) =>
      ok(await catalog.updateCategory(request, request.params.id, request.body), '已保存'),
  );

  app.get(
    '/materials',
    { schema: { response: { 200: envelopeSchema(z.array(materialAdminSchema)) } } },
    async () => ok(await catalog.listMaterials()),
  );
  app.post(
    '/material',
    {
      schema: {
        body: materialCreateSchema,
        response: { 200: envelopeSchema(materialAdminSchema) },
      },
    },
    async (request) => ok(await catalog.createMaterial(request, request.body), '已创建'),
  );
  app.post(
    '/material/:id',
    {
      schema: {
        params: catalogIdParamsSchema,
        body: materialUpdateSchema,
        response: { 200: envelopeSchema(materialAdminSchema) },
      },
    },
    async (request) =>
      ok(await catalog.updateMaterial(request, request.params.id, request.body), '已保存'),
  );
};
