import {
  clickMaskBodySchema,
  clickMaskResultSchema,
  envelopeSchema,
  ok,
  startTaskBodySchema,
  startTaskResultSchema,
  deleteTaskQuerySchema,
  taskIdQuerySchema,
  taskInfoSchema,
  taskListQuerySchema,
  taskListSchema,
  toolsListSchema,
} from '@huijing/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { userOf } from '../auth/authenticate';
import type { AuthGuards } from '../auth/authenticate';
import type { ClickMaskService } from './click-mask.service';
import { idempotencyOf } from './idempotency';
import type { TasksService } from './tasks.service';

/** /api/ai/* task endpoints of spec §7, plus /api/ai/tools (availability for the web). */
export const tasksRoutes: FastifyPluginAsyncZod<{
  tasks: TasksService;
  clickMask: ClickMaskService;
  guards: AuthGuards;
}> = async (app, { tasks, clickMask, guards }) => {
  app.post(
    '/clickMask',
    {
      onRequest: guards.requireUser,
      // The image may come inline as a data URL.
      bodyLimit: 16 * 1024 * 1024,
      schema: {
        body: clickMaskBodySchema,
        response: { 200: envelopeSchema(clickMaskResultSchema) },
      },
    },
    async (request) => ok(await clickMask.clickMask(userOf(request).userId, request.body)),
  );

  app.get('/tools', { schema: { response: { 200: envelopeSchema(toolsListSchema) } } }, async () =>
    ok(await tasks.toolsAvailability()),
  );

  app.post(
    '/startTask',
    {
      onRequest: guards.requireUser,
      schema: {
        body: startTaskBodySchema,
        response: { 200: envelopeSchema(startTaskResultSchema) },
      },
    },
    async (request) =>
      ok(
        await tasks.startTask(userOf(request).userId, request.body, {
          idempotency: idempotencyOf(request.headers['idempotency-key'], request.body),
        }),
      ),
  );

  app.get(
    '/getTaskByTaskId',
    {
      onRequest: guards.requireUser,
      schema: { querystring: taskIdQuerySchema, response: { 200: envelopeSchema(taskInfoSchema) } },
      // The waiting pages poll this every few seconds (the hottest route): no access-log line
      // per poll (errors still log), and the answer, built field by field by the service from
      // the typed row, is written as JSON without a second pass through the zod schema.
      logLevel: 'warn',
      serializerCompiler: () => (data) => JSON.stringify(data),
    },
    async (request) => ok(await tasks.getTask(userOf(request).userId, request.query.taskId)),
  );

  app.get(
    '/getTaskList',
    {
      onRequest: guards.requireUser,
      schema: {
        querystring: taskListQuerySchema,
        response: { 200: envelopeSchema(taskListSchema) },
      },
    },
    async (request) => ok(await tasks.listTasks(userOf(request).userId, request.query)),
  );

  app.get(
    '/delTaskByTaskId',
    {
      onRequest: guards.requireUser,
      schema: { querystring: deleteTaskQuerySchema, response: { 200: envelopeSchema(z.null()) } },
    },
    async (request) => {
      const { taskId, keep } = request.query;
      await tasks.deleteTask(userOf(request).userId, taskId, keep === '1');
      return ok(null);
    },
  );
};
