import { envelopeSchema, modelItemSchema, modelReviewBodySchema, ok } from '@huijing/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Kysely } from 'kysely';
import type { Clock } from '../../config/clock';
import type { Database } from '../../db/schema';
import { AppError } from '../../http/app-error';
import type { AuthGuards } from '../auth/authenticate';
import type { AuditLog } from '../admin/audit.service';
import { requirePermission } from '../admin/permissions';
import { createModelsRepository } from './models.repository';
import type { ModelsService } from './models.service';

const listQuery = z.object({
  review: z.enum(['pending', 'approved', 'rejected']).default('pending'),
});

/**
 * Moderation of the model square under /api/user/manage/models: reviewers (moderation.review in
 * the one permission matrix) approve a re-submitted model or take a published one down; every
 * decision commits with its audit row, then reaches the owner's open pages as a `training` event
 * (the model's detail with its new review and note).
 */
export const modelsAdminRoutes: FastifyPluginAsyncZod<{
  db: Kysely<Database>;
  models: ModelsService;
  audit: AuditLog;
  guards: AuthGuards;
  now: Clock;
  /** Tells the owner's event streams that the model of this training changed. */
  notify: (userId: string, taskId: string) => void;
}> = async (app, { db, models, audit, guards, now, notify }) => {
  const review = { onRequest: requirePermission(guards, 'moderation.review') };

  app.get(
    '/page',
    {
      ...review,
      schema: {
        querystring: listQuery,
        response: { 200: envelopeSchema(z.array(modelItemSchema)) },
      },
    },
    async (request) => {
      const names = await models.domainNames();
      const rows = await createModelsRepository(db).byReview(request.query.review);
      return ok(await Promise.all(rows.map((m) => models.toItem(m, names))));
    },
  );

  app.post(
    '/:id/review',
    {
      ...review,
      schema: {
        params: z.object({ id: z.string().min(1).max(64) }),
        body: modelReviewBodySchema,
        response: { 200: envelopeSchema(z.object({ review: z.string() })) },
      },
    },
    async (request) => {
      const { id } = request.params;
      const { decision, note } = request.body;
      const to = decision === 'approve' ? 'approved' : 'rejected';
      const owner = await db.transaction().execute(async (trx) => {
        const repo = createModelsRepository(trx);
        const model = await repo.findModel(id);
        if (!model) throw new AppError('MODEL_NOT_FOUND');
        const from = decision === 'approve' ? ['pending', 'rejected'] : ['pending', 'approved'];
        const moved = await repo.setReview(
          id,
          from as ('pending' | 'approved' | 'rejected')[],
          to,
          now().toISOString(),
          note ?? null,
        );
        if (!moved) throw new AppError('CONFLICT', { message: '该模型的状态已变化，请刷新后重试' });
        await audit.recordFor(
          request,
          {
            action: `models.${decision}`,
            target: id,
            before: { review: model.review },
            after: { review: to },
            reason: note ?? null,
          },
          trx,
        );
        return model;
      });
      notify(owner.userId, owner.taskId);
      return ok({ review: to });
    },
  );
};
