/** One call to a hosted provider and its cost (migration 0020_provider_calls_cost). */
export interface ProviderCallsTable {
  id: string;
  task_id: string;
  tool_id: string;
  provider: string;
  model: string;
  status: string;
  unit: string;
  units: number;
  /** Yuan per unit × 1 000 000. */
  unit_price_micro: number | string | bigint;
  cost_micro: number | string | bigint;
  request_id: string | null;
  provider_task_id: string | null;
  error_code: string | null;
  created_at: string;
}

declare module '../../db/schema' {
  interface Database {
    provider_calls: ProviderCallsTable;
  }
}
