import {
  envelopeSchema,
  modelDetailSchema,
  modelItemSchema,
  modelListQuerySchema,
  modelPageSchema,
  ok,
  publishModelBodySchema,
  runningModelIdsSchema,
  squarePageSchema,
  squareQuerySchema,
  startTrainBodySchema,
  startTrainResultSchema,
  trainDoctorBodySchema,
  trainDoctorResultSchema,
  trainDomainListSchema,
  trainRightInfoSchema,
  usableModelListSchema,
} from '@huijing/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { userOf } from '../auth/authenticate';
import type { AuthGuards } from '../auth/authenticate';
import type { ModelsService } from './models.service';
import type { SquareService } from './square.service';

const idParams = z.object({ id: z.string().min(1).max(64) });

/** /api/model/train/* of spec §7, plus the wizard's doctor, publishing, the picker and the square. */
export const modelsRoutes: FastifyPluginAsyncZod<{
  models: ModelsService;
  square: SquareService;
  guards: AuthGuards;
}> = async (app, { models, square, guards }) => {
  const user = { onRequest: guards.requireUser };

  app.get(
    '/train/domains/data',
    { schema: { response: { 200: envelopeSchema(trainDomainListSchema) } } },
    async () => ok(await models.domains()),
  );

  app.get(
    '/train/right/info',
    { ...user, schema: { response: { 200: envelopeSchema(trainRightInfoSchema) } } },
    async (request) => ok(await models.rightInfo(userOf(request).userId)),
  );

  app.post(
    '/train/doctor',
    {
      ...user,
      schema: {
        body: trainDoctorBodySchema,
        response: { 200: envelopeSchema(trainDoctorResultSchema) },
      },
    },
    async (request) => ok(await models.doctor(userOf(request).userId, request.body)),
  );

  app.post(
    '/train',
    {
      ...user,
      schema: {
        body: startTrainBodySchema,
        response: { 200: envelopeSchema(startTrainResultSchema) },
      },
    },
    async (request) => ok(await models.start(userOf(request).userId, request.body)),
  );

  app.get(
    '/train/page/data',
    {
      ...user,
      schema: {
        querystring: modelListQuerySchema,
        response: { 200: envelopeSchema(modelPageSchema) },
      },
    },
    async (request) =>
      ok(await models.page(userOf(request).userId, request.query.current, request.query.pageSize)),
  );

  app.get(
    '/train/running/taskIds',
    { ...user, schema: { response: { 200: envelopeSchema(runningModelIdsSchema) } } },
    async (request) => ok(await models.runningIds(userOf(request).userId)),
  );

  app.get(
    '/train/:id',
    { ...user, schema: { params: idParams, response: { 200: envelopeSchema(modelDetailSchema) } } },
    async (request) => ok(await models.detail(userOf(request).userId, request.params.id)),
  );

  app.delete(
    '/train/:id',
    {
      ...user,
      schema: {
        params: idParams,
        response: { 200: envelopeSchema(z.object({ canceled: z.boolean() })) },
      },
    },
    async (request) => ok(await models.remove(userOf(request).userId, request.params.id)),
  );

  app.post(
    '/train/:id/retry',
    {
      ...user,
      schema: { params: idParams, response: { 200: envelopeSchema(startTrainResultSchema) } },
    },
    async (request) => ok(await models.retry(userOf(request).userId, request.params.id)),
  );

  app.post(
    '/train/:id/publish',
    {
      ...user,
      schema: {
        params: idParams,
        body: publishModelBodySchema,
        response: { 200: envelopeSchema(modelItemSchema) },
      },
    },
    async (request) =>
      ok(await models.publish(userOf(request).userId, request.params.id, request.body.publish)),
  );

  app.get(
    '/usable',
    { ...user, schema: { response: { 200: envelopeSchema(usableModelListSchema) } } },
    async (request) => ok(await square.usable(userOf(request).userId)),
  );

  app.get(
    '/square',
    {
      schema: {
        querystring: squareQuerySchema,
        response: { 200: envelopeSchema(squarePageSchema) },
      },
    },
    async (request) => ok(await square.page(request.query)),
  );
};
