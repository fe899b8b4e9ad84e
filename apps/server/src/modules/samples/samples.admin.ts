import {
  envelopeSchema,
  ok,
  samplesAdminSchema,
  samplesRegenerateSchema,
  type SamplesRun,
} from '@huijing/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Logger } from 'pino';
import type { AuthGuards } from '../auth/authenticate';
import { AppError } from '../../http/app-error';
import type { AuditLog } from '../admin/audit.service';
import { requirePermission } from '../admin/permissions';
import type { SampleMaker } from './samples.maker';
import type { SamplesCatalog } from './samples.store';

/**
 * The engines screen's 重新生成示例图: one run at a time in this process, in the background (a
 * run asks the engines for a picture per style, room type and tool and may take long); the
 * screen polls the status. Audit-logged with the admin's reason.
 */
export const createSamplesRunner = (deps: {
  maker: () => SampleMaker;
  catalog: SamplesCatalog;
  now: () => Date;
  logger: Pick<Logger, 'error' | 'info'>;
}) => {
  let running: Promise<void> | undefined;
  let last: SamplesRun | null = null;
  return {
    running: () => running !== undefined,
    last: () => last,
    /** Starts a run; false when one is running. The returned promise is for tests. */
    start(force: boolean, ids?: readonly string[]): Promise<void> | false {
      if (running) return false;
      const run: SamplesRun = {
        startedAt: deps.now().toISOString(),
        finishedAt: null,
        force,
        made: 0,
        kept: 0,
        notMade: 0,
        failed: [],
        aiEngine: null,
        error: null,
      };
      last = run;
      running = deps
        .maker()
        .make({ force, ids })
        .then((report) => {
          Object.assign(run, {
            made: report.made.length,
            kept: report.kept,
            notMade: report.notMade.length,
            failed: report.failed.map((f) => ({ name: f.name, reason: f.reason })),
            aiEngine: report.aiEngine,
          });
          deps.logger.info({ made: run.made, failed: run.failed.length }, 'samples made');
        })
        .catch((error: unknown) => {
          run.error = error instanceof Error ? error.message : String(error);
          deps.logger.error({ err: error }, 'samples run failed');
        })
        .finally(() => {
          run.finishedAt = deps.now().toISOString();
          running = undefined;
          deps.catalog.forget();
        });
      return running;
    },
  };
};
export type SamplesRunner = ReturnType<typeof createSamplesRunner>;

export const samplesAdminRoutes: FastifyPluginAsyncZod<{
  guards: AuthGuards;
  audit: AuditLog;
  runner: SamplesRunner;
  catalog: SamplesCatalog;
}> = async (app, { guards, audit, runner, catalog }) => {
  app.get(
    '/samples',
    {
      onRequest: requirePermission(guards, 'engines.read'),
      schema: { response: { 200: envelopeSchema(samplesAdminSchema) } },
    },
    async () => {
      catalog.forget();
      const samples = await catalog.samples();
      return ok({
        counts: {
          style: Object.keys(samples.style).length,
          room: Object.keys(samples.room).length,
          tool: Object.keys(samples.tool).length,
        },
        running: runner.running(),
        last: runner.last(),
      });
    },
  );
  app.post(
    '/samples/regenerate',
    {
      onRequest: requirePermission(guards, 'engines.manage'),
      schema: { body: samplesRegenerateSchema },
    },
    async (request) => {
      if (runner.running()) throw new AppError('SAMPLES_RUNNING');
      // The run itself is not a database change: the row is the whole transaction.
      await audit.audited(request, 'samples.regenerate', async () => ({
        value: null,
        target: 'samples',
        before: null,
        after: { force: request.body.force, ids: request.body.ids ?? null },
        reason: request.body.reason,
      }));
      runner.start(request.body.force, request.body.ids);
      return ok({ started: true }, '已开始生成示例图，完成后这里会显示结果');
    },
  );
};
