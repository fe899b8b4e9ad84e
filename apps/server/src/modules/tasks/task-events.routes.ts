import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AppError } from '../../http/app-error';
import { sendError } from '../../http/error-handler';
import { sessionToken, userOf } from '../auth/authenticate';
import type { AuthGuards } from '../auth/authenticate';
import type { TaskStreamHub } from './task-stream';

/**
 * GET /api/ai/taskEvents: one server-sent-events stream per signed-in user carrying every change
 * of their tasks (docs/tasks.md, "Task events"). Authenticated like every API call, by the
 * satoken header: the web reads it with fetch, not EventSource, so no token goes into a URL.
 * Refusals (signed out 401, too many streams 429, push unavailable 503) are ordinary envelopes.
 */
export const taskEventsRoutes: FastifyPluginAsyncZod<{
  hub: TaskStreamHub;
  guards: AuthGuards;
}> = async (app, { hub, guards }) => {
  // An open stream would hold the server's close() until the client left.
  app.addHook('preClose', async () => hub.closeAll());

  app.get(
    '/taskEvents',
    { onRequest: guards.requireUser, logLevel: 'warn' },
    async (request, reply) => {
      const { userId } = userOf(request);
      try {
        hub.check(userId);
      } catch (error) {
        // Push is off here (or full): an expected answer the page handles by polling, not a
        // fault to log at error level on every tab's retry.
        if (error instanceof AppError && error.key === 'TASK_EVENTS_UNAVAILABLE') {
          return sendError(request, reply, error.key);
        }
        throw error;
      }
      const res = reply.raw;
      reply.hijack();
      if (res.destroyed) return;
      res.writeHead(200, {
        'content-type': 'text/event-stream; charset=utf-8',
        'cache-control': 'no-cache, no-transform',
        connection: 'keep-alive',
        'x-accel-buffering': 'no',
        'x-content-type-options': 'nosniff',
        'x-request-id': request.id,
      });
      const lastEventId = request.headers['last-event-id'];
      hub.open({
        userId,
        token: sessionToken(request)!,
        res,
        ...(typeof lastEventId === 'string' && { lastEventId }),
      });
    },
  );
};
