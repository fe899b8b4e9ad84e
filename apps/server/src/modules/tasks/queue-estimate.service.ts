import type { QueueEstimate } from '@huijing/contracts';
import { getTool } from '@huijing/tools';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import type { EngineRouter } from '../../engines/engine-router';
import { AppError } from '../../http/app-error';
import { createQueueEstimateRepository } from './queue-estimate.repository';

/** Recent runs the estimate looks at: enough to smooth one odd run, recent enough to follow load. */
export const ESTIMATE_WINDOW = 20;

export const median = (values: readonly number[]): number | null => {
  if (values.length === 0) return null;
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
};

/**
 * How long a run of a tool takes on this installation: the median start-to-finish time of its
 * last successful runs, and how many of them its engine runs at once. The web turns these and
 * the task's queue position into "预计等待约 N 分钟"; nothing is promised that was not measured.
 */
export const createQueueEstimateService = (deps: {
  db: Kysely<Database>;
  router: Pick<EngineRouter, 'resolve'>;
  concurrency: { local: number; remote: number };
  /** A hosted provider's limit across every worker (its tasks wait queued for a slot). */
  providerLimit?: (engineId: string) => number | undefined;
}) => {
  const repo = createQueueEstimateRepository(deps.db);
  return {
    async estimate(toolId: string): Promise<QueueEstimate> {
      const tool = getTool(toolId);
      if (!tool) throw new AppError('TOOL_NOT_FOUND');
      const rows = await repo.recentRunTimes(toolId, ESTIMATE_WINDOW);
      const seconds = rows
        .map((r) => (Date.parse(r.finishedAt) - Date.parse(r.startedAt)) / 1000)
        .filter((s) => Number.isFinite(s) && s >= 0);
      const route = await deps.router.resolve(tool.capability);
      const id = route.engine?.id;
      const slots =
        id === 'local'
          ? deps.concurrency.local
          : ((id && deps.providerLimit?.(id)) ?? deps.concurrency.remote);
      const run = median(seconds);
      return {
        toolId,
        runSeconds: run === null ? null : Math.round(run * 10) / 10,
        samples: seconds.length,
        slots: Math.max(1, slots),
      };
    },
  };
};

export type QueueEstimateService = ReturnType<typeof createQueueEstimateService>;
