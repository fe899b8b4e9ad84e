import {
  assistantStatusSchema,
  conversationDetailSchema,
  conversationIdQuerySchema,
  conversationPageSchema,
  conversationRenameBodySchema,
  editHistoryBodySchema,
  editImageBodySchema,
  editImageStartSchema,
  editInfoSchema,
  editPageSchema,
  editTaskIdBodySchema,
  envelopeSchema,
  errorByCode,
  gptTalkBodySchema,
  gptTalkHistoryBodySchema,
  gptTalkResultSchema,
  ok,
} from '@huijing/contracts';
import type { ChatStreamEvent } from '@huijing/contracts';
import type { ServerResponse } from 'node:http';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { userOf } from '../auth/authenticate';
import type { AuthGuards } from '../auth/authenticate';
import { AppError } from '../../http/app-error';
import type { AssistantService } from './assistant.service';
import type { ImageEditService } from './image-edit.service';

/** Spec-size images arrive inline as data URLs. */
const IMAGE_BODY_LIMIT = 16 * 1024 * 1024;

/**
 * Aborts when the client goes away before the response is complete. It listens from the first
 * line of the handler: a client that leaves while the question is prepared (image ingest, ticket
 * hold) gets no second 'close', and its answer must still be stopped and its tickets released.
 * The response's 'close' is the one to watch; the request's fires as soon as the body is read.
 */
const disconnectSignal = (res: ServerResponse): AbortSignal => {
  const controller = new AbortController();
  if (res.destroyed) controller.abort();
  else {
    res.on('close', () => {
      if (!res.writableFinished) controller.abort();
    });
  }
  return controller.signal;
};

/** /api/ai/* assistant endpoints of spec §7, plus status, rename, delete and edit history. */
export const assistantRoutes: FastifyPluginAsyncZod<{
  assistant: AssistantService;
  edits: ImageEditService;
  guards: AuthGuards;
  /** Comment lines this often keep proxies from closing a quiet stream (at most 25 s). */
  keepAliveMs: number;
}> = async (app, { assistant, edits, guards, keepAliveMs }) => {
  app.get(
    '/assistantStatus',
    { schema: { response: { 200: envelopeSchema(assistantStatusSchema) } } },
    async () => ok({ ...(await assistant.status()), edit: await edits.availability() }),
  );

  app.post(
    '/gptTalk',
    {
      onRequest: guards.requireUser,
      bodyLimit: IMAGE_BODY_LIMIT,
      schema: { body: gptTalkBodySchema, response: { 200: envelopeSchema(gptTalkResultSchema) } },
    },
    async (request, reply) => {
      const signal = disconnectSignal(reply.raw);
      const prepared = await assistant.prepare(userOf(request).userId, request.body);
      // Gone already: answer() asks nothing upstream and releases the hold.
      const end = await assistant.answer(prepared, signal, () => {});
      if (end.status === 'failed') {
        throw new AppError(errorByCode(end.code)?.key ?? 'ASSISTANT_MODEL_FAILED', {
          message: end.error,
          data: { conversationId: prepared.conversation.id, messageId: prepared.answer.id },
        });
      }
      return ok(await assistant.result(prepared));
    },
  );

  app.post(
    '/gptTalkStream',
    {
      onRequest: guards.requireUser,
      bodyLimit: IMAGE_BODY_LIMIT,
      schema: { body: gptTalkBodySchema },
    },
    async (request, reply) => {
      // Refusals (not configured, no image, tickets, someone else's conversation) happen here and
      // answer as ordinary JSON envelopes with their status: nothing has been streamed yet.
      const res = reply.raw;
      const signal = disconnectSignal(res);
      const prepared = await assistant.prepare(userOf(request).userId, request.body);

      reply.hijack();
      // A client gone during prepare gets nothing written; answer() below sees the aborted signal,
      // asks nothing upstream and releases the hold.
      if (!res.destroyed) {
        res.writeHead(200, {
          'content-type': 'text/event-stream; charset=utf-8',
          'cache-control': 'no-cache, no-transform',
          connection: 'keep-alive',
          'x-accel-buffering': 'no',
          'x-request-id': request.id,
        });
      }
      const send = (event: ChatStreamEvent) => {
        if (!res.destroyed) res.write(`data: ${JSON.stringify(event)}\n\n`);
      };
      const keepAlive = setInterval(() => {
        if (!res.destroyed) res.write(': keep-alive\n\n');
      }, keepAliveMs);
      try {
        send({
          type: 'start',
          conversation: assistant.conversationDto(prepared.conversation),
          question: await assistant.messageDto(prepared.userId, prepared.question),
          answerId: prepared.answer.id,
        });
        const end = await assistant.answer(prepared, signal, (kind, text) =>
          send({ type: kind, text }),
        );
        if (end.status === 'done') {
          send({
            type: 'done',
            messageId: prepared.answer.id,
            conversationId: prepared.conversation.id,
          });
        } else if (end.status === 'failed') {
          send({ type: 'error', messageId: prepared.answer.id, code: end.code, error: end.error });
        }
      } catch (error) {
        request.log.error({ err: error }, 'assistant stream failed');
        send({ type: 'error', code: 50000, error: '服务器开小差了，请稍后再试' });
      } finally {
        clearInterval(keepAlive);
        if (!res.destroyed) res.end('data: [DONE]\n\n');
      }
    },
  );

  app.post(
    '/gptTalkHistory',
    {
      onRequest: guards.requireUser,
      schema: {
        body: gptTalkHistoryBodySchema.optional(),
        response: { 200: envelopeSchema(conversationPageSchema) },
      },
    },
    async (request) =>
      ok(
        await assistant.history(
          userOf(request).userId,
          gptTalkHistoryBodySchema.parse(request.body ?? {}),
        ),
      ),
  );

  app.get(
    '/gptTalkHistoryDetail',
    {
      onRequest: guards.requireUser,
      schema: {
        querystring: conversationIdQuerySchema,
        response: { 200: envelopeSchema(conversationDetailSchema) },
      },
    },
    async (request) =>
      ok(await assistant.detail(userOf(request).userId, request.query.conversationId)),
  );

  app.post(
    '/gptTalkRename',
    {
      onRequest: guards.requireUser,
      schema: { body: conversationRenameBodySchema, response: { 200: envelopeSchema(z.null()) } },
    },
    async (request) => {
      await assistant.rename(
        userOf(request).userId,
        request.body.conversationId,
        request.body.title,
      );
      return ok(null);
    },
  );

  app.post(
    '/gptTalkDelete',
    {
      onRequest: guards.requireUser,
      schema: { body: conversationIdQuerySchema, response: { 200: envelopeSchema(z.null()) } },
    },
    async (request) => {
      await assistant.remove(userOf(request).userId, request.body.conversationId);
      return ok(null);
    },
  );

  app.post(
    '/EditImage',
    {
      onRequest: guards.requireUser,
      bodyLimit: IMAGE_BODY_LIMIT,
      schema: {
        body: editImageBodySchema,
        response: { 200: envelopeSchema(editImageStartSchema) },
      },
    },
    async (request) => ok(await edits.start(userOf(request).userId, request.body)),
  );

  app.post(
    '/getEditImageInfo',
    {
      onRequest: guards.requireUser,
      schema: { body: editTaskIdBodySchema, response: { 200: envelopeSchema(editInfoSchema) } },
    },
    async (request) => ok(await edits.info(userOf(request).userId, request.body.taskId)),
  );

  app.post(
    '/editImageHistory',
    {
      onRequest: guards.requireUser,
      schema: {
        body: editHistoryBodySchema.optional(),
        response: { 200: envelopeSchema(editPageSchema) },
      },
    },
    async (request) =>
      ok(
        await edits.history(
          userOf(request).userId,
          editHistoryBodySchema.parse(request.body ?? {}),
        ),
      ),
  );
};
