import type { AdminTaskQuery } from '@huijing/contracts';
import type { FastifyRequest } from 'fastify';
import type { CoreContainer } from '../../core/deps';
import { AppError } from '../../http/app-error';
import { createTasksRepository } from '../tasks/tasks.repository';
import { settleTaskTickets } from '../tasks/tasks.settlement';
import type { AuditLog } from './audit.service';
import { createAdminTasksRepository } from './admin-tasks.repository';

export type AdminTasksService = ReturnType<typeof createAdminTasksService>;

/**
 * Tasks across all users. Cancel follows the owner's rule (held tickets go back exactly once, in
 * the same transaction as the status change); retry submits a new task for the owner with the
 * same tool, parameters and inputs, priced and held like any submission. Both write their audit
 * row in the transaction that changes the task.
 */
export const createAdminTasksService = (deps: { core: CoreContainer; audit: AuditLog }) => {
  const { db } = deps.core.database;
  const repo = createAdminTasksRepository(db);
  const iso = () => deps.core.now().toISOString();

  const requireTask = async (id: string) => {
    const task = await repo.find(id);
    if (!task) throw new AppError('RESOURCE_NOT_FOUND');
    return task;
  };

  return {
    async list(q: AdminTaskQuery) {
      const { list, total } = await repo.list(q);
      return { list, total, page: q.current, pageSize: q.pageSize };
    },

    async cancel(request: FastifyRequest, id: string, reason: string) {
      const before = await requireTask(id);
      const at = iso();
      const canceled = await db.transaction().execute(async (trx) => {
        if (!(await repo.cancel(trx, id, at))) return false;
        const record = await createTasksRepository(trx).findTask(id);
        if (record) await settleTaskTickets(trx, record, 'released', at);
        await deps.audit.recordFor(
          request,
          {
            action: 'task.cancel',
            target: `task:${id}`,
            before: { status: before.status, ticketsState: before.ticketsState },
            after: { status: 'canceled', ticketsState: record?.ticketsState ?? null },
            reason,
          },
          trx,
        );
        return true;
      });
      if (!canceled) throw new AppError('ADMIN_TASK_NOT_CANCELABLE');
      deps.core.worker.abortLocal(id);
      // The owner's waiting page hears it at once (task event streams).
      deps.core.taskEvents.publish({ userId: before.userId, taskId: id });
      if (before.status === 'queued') deps.core.taskEvents.publish({ lane: before.engine });
      return requireTask(id);
    },

    async retry(request: FastifyRequest, id: string, reason: string) {
      const task = await requireTask(id);
      if (task.status !== 'failed' && task.status !== 'canceled') {
        throw new AppError('ADMIN_TASK_NOT_CANCELABLE', {
          message: '只有失败或已取消的任务可以重试',
        });
      }
      const record = await createTasksRepository(db).findTask(id);
      if (!record) throw new AppError('RESOURCE_NOT_FOUND');
      const started = await deps.core.tasks.startTask(
        record.userId,
        { toolId: record.toolId, params: record.params, inputs: record.inputs },
        {
          inTransaction: (trx, retryTaskId) =>
            deps.audit.recordFor(
              request,
              {
                action: 'task.retry',
                target: `task:${id}`,
                before: { status: task.status },
                after: { retryTaskId },
                reason,
              },
              trx,
            ),
        },
      );
      return requireTask(started.taskId);
    },
  };
};
