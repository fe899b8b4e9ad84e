import multipart from '@fastify/multipart';
import {
  IMAGE_RESIZED_NOTICE,
  envelopeSchema,
  fileParamsSchema,
  fileQuerySchema,
  ok,
  uploadJsonBodySchema,
  uploadLinksBodySchema,
  uploadLinksResultSchema,
  uploadResultSchema,
} from '@huijing/contracts';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AppError } from '../../http/app-error';
import { userOf } from '../auth/authenticate';
import type { AuthGuards } from '../auth/authenticate';
import type { FilesService } from './files.service';

/** The signed-in user when a valid session came along; files are also readable by signature. */
const optionalUserId = async (
  guards: AuthGuards,
  request: FastifyRequest,
): Promise<string | undefined> => {
  try {
    await guards.requireUser(request);
    return request.userAuth?.userId;
  } catch {
    return undefined;
  }
};

export const uploadsRoutes: FastifyPluginAsyncZod<{
  files: FilesService;
  guards: AuthGuards;
  maxBytes: number;
}> = async (app, { files, guards, maxBytes }) => {
  await app.register(multipart, { limits: { fileSize: maxBytes, files: 1, fields: 10 } });

  app.post(
    '/upload',
    {
      onRequest: guards.requireUser,
      schema: { response: { 200: envelopeSchema(uploadResultSchema) } },
    },
    async (request) => {
      const { userId } = userOf(request);
      let input: Buffer | string;
      if (request.isMultipart()) {
        const part = await request.file();
        if (!part) throw new AppError('INPUT_REQUIRED');
        input = await part.toBuffer();
      } else {
        const body = uploadJsonBodySchema.safeParse(request.body);
        if (!body.success) throw new AppError('INPUT_REQUIRED');
        input = body.data.image;
      }
      const { file, resized } = await files.ingestUpload(userId, input);
      const links = await files.links(file);
      return ok(
        { fileId: file.id, ...links, width: file.width, height: file.height, resized },
        resized ? IMAGE_RESIZED_NOTICE : 'ok',
      );
    },
  );

  // A page restored from local storage asks for new links: the saved ones expire (1–2 h).
  app.post(
    '/upload/links',
    {
      onRequest: guards.requireUser,
      schema: {
        body: uploadLinksBodySchema,
        response: { 200: envelopeSchema(uploadLinksResultSchema) },
      },
    },
    async (request) => {
      const { userId } = userOf(request);
      return ok({ links: await files.freshLinks(userId, request.body.fileIds) });
    },
  );

  app.get(
    '/files/:id',
    { schema: { params: fileParamsSchema, querystring: fileQuerySchema } },
    async (request, reply) => {
      const userId = await optionalUserId(guards, request);
      const { file, stream } = await files.open(request.params.id, { ...request.query, userId });
      return (
        reply
          .header('content-type', file.mime)
          // A marked output's bytes change when its owner becomes a member: kept a minute only.
          .header(
            'cache-control',
            file.watermark
              ? 'private, max-age=60'
              : file.isPublic
                ? 'public, max-age=86400'
                : 'private, max-age=3600',
          )
          .header('content-length', file.bytes)
          .send(stream)
      );
    },
  );

  app.get(
    '/files/:id/thumb',
    { schema: { params: fileParamsSchema, querystring: fileQuerySchema } },
    async (request, reply) => {
      const userId = await optionalUserId(guards, request);
      const webp = /image\/webp/i.test(request.headers.accept ?? '');
      const { data, mime, watermark } = await files.thumbnail(
        request.params.id,
        { ...request.query, userId },
        request.query.w ?? 320,
        webp ? 'webp' : 'jpeg',
      );
      return reply
        .header('content-type', mime)
        .header('vary', 'Accept')
        .header('cache-control', watermark ? 'private, max-age=60' : 'private, max-age=3600')
        .send(data);
    },
  );
};
