import {
  envelopeSchema,
  ok,
  projectCreateBodySchema,
  projectIdBodySchema,
  projectListSchema,
  projectMoveBodySchema,
  projectMoveResultSchema,
  projectRenameBodySchema,
  projectSchema,
} from '@huijing/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { userOf, type AuthGuards } from '../auth/authenticate';
import type { ProjectsService } from './projects.service';

/** /api/works/projects*: a signed-in designer's own projects. */
export const projectsRoutes: FastifyPluginAsyncZod<{
  projects: ProjectsService;
  guards: AuthGuards;
}> = async (app, { projects, guards }) => {
  app.addHook('onRequest', guards.requireUser);

  app.get(
    '/projects',
    { schema: { response: { 200: envelopeSchema(projectListSchema) } } },
    async (request) => ok(await projects.list(userOf(request).userId)),
  );

  app.post(
    '/projects/create',
    { schema: { body: projectCreateBodySchema, response: { 200: envelopeSchema(projectSchema) } } },
    async (request) =>
      ok(await projects.create(userOf(request).userId, request.body.name), '项目已创建'),
  );

  app.post(
    '/projects/rename',
    { schema: { body: projectRenameBodySchema, response: { 200: envelopeSchema(z.null()) } } },
    async (request) => {
      await projects.rename(userOf(request).userId, request.body.projectId, request.body.name);
      return ok(null, '已重命名');
    },
  );

  app.post(
    '/projects/delete',
    { schema: { body: projectIdBodySchema, response: { 200: envelopeSchema(z.null()) } } },
    async (request) => {
      await projects.remove(userOf(request).userId, request.body.projectId);
      return ok(null, '项目已删除，作品仍在全部作品中');
    },
  );

  app.post(
    '/projects/move',
    {
      schema: {
        body: projectMoveBodySchema,
        response: { 200: envelopeSchema(projectMoveResultSchema) },
      },
    },
    async (request) => {
      const { taskIds, projectId } = request.body;
      return ok({ moved: await projects.move(userOf(request).userId, taskIds, projectId) });
    },
  );
};
