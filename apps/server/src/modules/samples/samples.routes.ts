import { SAMPLE_THUMB_WIDTHS, envelopeSchema, ok, samplesSchema } from '@huijing/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../../http/app-error';
import { createSampleThumbs } from './sample-thumbs';
import type { SamplesCatalog } from './samples.store';

/**
 * /api/ai/samples (public): the example pictures of styles, room types and tools, and their bytes.
 * The list is cached five minutes by clients; a picture's URL carries its version, so a picture
 * is cached a day and a regenerated one has a new URL.
 */
export const samplesRoutes: FastifyPluginAsyncZod<{ catalog: SamplesCatalog }> = async (
  app,
  { catalog },
) => {
  app.get(
    '/samples',
    { schema: { response: { 200: envelopeSchema(samplesSchema) } } },
    async (_request, reply) => {
      reply.header('cache-control', 'public, max-age=300');
      return ok(await catalog.samples());
    },
  );
  const thumbs = createSampleThumbs();
  app.get(
    '/samples/file/:name',
    {
      schema: {
        params: z.object({ name: z.string().max(120) }),
        // v: the picture's version (the URL changes when it is remade); w: a smaller copy.
        querystring: z.object({
          v: z.string().max(40).optional(),
          w: z
            .enum(SAMPLE_THUMB_WIDTHS.map(String) as [string, ...string[]], {
              error: `w 只能是 ${SAMPLE_THUMB_WIDTHS.join('、')} 之一`,
            })
            .optional(),
        }),
      },
    },
    async (request, reply) => {
      const bytes = await catalog.file(request.params.name);
      if (!bytes) throw new AppError('SAMPLE_NOT_FOUND');
      const { w } = request.query;
      return reply
        .header('content-type', 'image/webp')
        .header('cache-control', 'public, max-age=86400')
        .send(w === undefined ? bytes : await thumbs.of(request.params.name, bytes, Number(w)));
    },
  );
};
