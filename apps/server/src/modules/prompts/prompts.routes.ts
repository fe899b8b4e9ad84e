import {
  envelopeSchema,
  imageToPromptBodySchema,
  ok,
  promptResultSchema,
  promptStatusSchema,
  textToPromptBodySchema,
} from '@huijing/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { userOf } from '../auth/authenticate';
import type { AuthGuards } from '../auth/authenticate';
import type { PromptsService } from './prompts.service';

/** /api/prompts/*: the prompt tools (/text2prompt, /img2prompt). */
export const promptsRoutes: FastifyPluginAsyncZod<{
  prompts: PromptsService;
  guards: AuthGuards;
}> = async (app, { prompts, guards }) => {
  // Public, so a signed-out visitor already sees whether the tool works before signing in.
  app.get('/status', { schema: { response: { 200: envelopeSchema(promptStatusSchema) } } }, () =>
    ok(prompts.status()),
  );

  app.post(
    '/text',
    {
      onRequest: guards.requireUser,
      schema: {
        body: textToPromptBodySchema,
        response: { 200: envelopeSchema(promptResultSchema) },
      },
    },
    async (request) => ok(await prompts.text(userOf(request).userId, request.body)),
  );

  app.post(
    '/image',
    {
      onRequest: guards.requireUser,
      schema: {
        body: imageToPromptBodySchema,
        response: { 200: envelopeSchema(promptResultSchema) },
      },
    },
    async (request) => ok(await prompts.image(userOf(request).userId, request.body)),
  );
};
