import type { Health } from '@huijing/contracts';
import { sql } from 'kysely';
import type { Role } from '../../config/role';
import type { DatabaseHandle } from '../../db/kysely';
import type { EngineStatus } from '../../engines/engine-status';
import type { QueuePort } from '../../queue/queue.port';

export type HealthService = ReturnType<typeof createHealthService>;

export const createHealthService = (deps: {
  role: Role;
  version: string;
  startedAt: number;
  database: DatabaseHandle;
  queue: QueuePort;
  engines: () => Promise<EngineStatus[]>;
}) => ({
  async check(): Promise<Health> {
    const started = performance.now();
    const dbUp = await sql`select 1`
      .execute(deps.database.db)
      .then(() => true)
      .catch(() => false);
    const latencyMs = Math.round((performance.now() - started) * 100) / 100;
    const queueUp = await deps.queue.ping().catch(() => false);
    return {
      // Only what every request needs decides "degraded"; a remote engine being down is shown
      // per engine, since the local engine and other tools keep working.
      status: dbUp && queueUp ? 'ok' : 'degraded',
      version: deps.version,
      role: deps.role,
      uptimeSeconds: Math.round((Date.now() - deps.startedAt) / 1000),
      database: { status: dbUp ? 'up' : 'down', dialect: deps.database.dialect, latencyMs },
      queue: { status: queueUp ? 'up' : 'down', driver: deps.queue.driver },
      engines: await deps.engines(),
    };
  },
});
