import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import './provider-calls.schema';

export interface ProviderCallRow {
  taskId: string;
  toolId: string;
  provider: string;
  model: string;
  status: string;
  unit: string;
  units: number;
  unitPriceMicro: number;
  costMicro: number;
  requestId: string | null;
  providerTaskId: string | null;
  errorCode: string | null;
  createdAt: string;
}

export type ProviderCallsRepository = ReturnType<typeof createProviderCallsRepository>;

export const createProviderCallsRepository = (db: Kysely<Database>) => ({
  async insertCall(row: ProviderCallRow): Promise<void> {
    await db
      .insertInto('provider_calls')
      .values({
        id: randomUUID(),
        task_id: row.taskId,
        tool_id: row.toolId,
        provider: row.provider,
        model: row.model,
        status: row.status,
        unit: row.unit,
        units: row.units,
        unit_price_micro: row.unitPriceMicro,
        cost_micro: row.costMicro,
        request_id: row.requestId,
        provider_task_id: row.providerTaskId,
        error_code: row.errorCode,
        created_at: row.createdAt,
      })
      .execute();
  },

  /** A task's calls, oldest first. */
  async callsOfTask(taskId: string): Promise<ProviderCallRow[]> {
    const rows = await db
      .selectFrom('provider_calls')
      .selectAll()
      .where('task_id', '=', taskId)
      .orderBy('created_at')
      .orderBy('id')
      .execute();
    return rows.map((r) => ({
      taskId: r.task_id,
      toolId: r.tool_id,
      provider: r.provider,
      model: r.model,
      status: r.status,
      unit: r.unit,
      units: Number(r.units),
      unitPriceMicro: Number(r.unit_price_micro),
      costMicro: Number(r.cost_micro),
      requestId: r.request_id,
      providerTaskId: r.provider_task_id,
      errorCode: r.error_code,
      createdAt: r.created_at,
    }));
  },

  /**
   * Billed calls in [from, to), one line each; the caller buckets them into its business days
   * (China days, which SQL on both dialects would spell differently) and sums integers.
   */
  async costsBetween(
    from: string,
    to: string,
  ): Promise<{ toolId: string; createdAt: string; costMicro: number }[]> {
    const rows = await db
      .selectFrom('provider_calls')
      .select(['tool_id', 'created_at', 'cost_micro'])
      .where('created_at', '>=', from)
      .where('created_at', '<', to)
      .where('cost_micro', '>', 0)
      .execute();
    return rows.map((r) => ({
      toolId: r.tool_id,
      createdAt: r.created_at,
      costMicro: Number(r.cost_micro),
    }));
  },
});
