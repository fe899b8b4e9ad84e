import type { Health, PublicHealth } from '@huijing/contracts';
import { sql } from 'kysely';
import type { Role } from '../../config/role';
import type { DatabaseHandle } from '../../db/kysely';
import type { EngineStatus } from '../../engines/engine-status';
import { withTimeout } from '../../queue/bullmq.queue';
import type { QueuePort } from '../../queue/queue.port';
import type { WorkerHeartbeat } from '../tasks/worker-heartbeats';

export type HealthService = ReturnType<typeof createHealthService>;

/** Each probe's bound: the public answer comes within a second, whatever is down. */
const PROBE_MS = 700;
/** Remote engines may be slow to answer; only the admin report waits for them. */
const ENGINE_PROBE_MS = 3_000;

export const createHealthService = (deps: {
  role: Role;
  version: string;
  startedAt: number;
  database: DatabaseHandle;
  queue: QueuePort;
  engines: () => Promise<EngineStatus[]>;
  /** Workers with a recent heartbeat. */
  liveWorkers: () => Promise<WorkerHeartbeat[]>;
  pendingHandOffs: () => number;
}) => {
  const probe = <T>(p: Promise<T>, what: string) => withTimeout(p, PROBE_MS, what);

  const database = async () => {
    const started = performance.now();
    const up = await probe(sql`select 1`.execute(deps.database.db), 'database ping')
      .then(() => true)
      .catch(() => false);
    return { up, latencyMs: Math.round((performance.now() - started) * 100) / 100 };
  };

  const taskCounts = async () => {
    const rows = await probe(
      deps.database.db
        .selectFrom('tasks')
        .select(['status', (eb) => eb.fn.countAll<string | number>().as('n')])
        .where('status', 'in', ['queued', 'running'])
        .groupBy('status')
        .execute(),
      'task counts',
    );
    const of = (s: string) => Number(rows.find((r) => r.status === s)?.n ?? 0);
    return { queued: of('queued'), running: of('running') };
  };

  /** The essentials: database, transport, and whether queued work has a live worker. */
  const core = async () => {
    const [db, queueUp] = await Promise.all([database(), deps.queue.ping().catch(() => false)]);
    const [counts, workers] = db.up
      ? await Promise.all([
          taskCounts().catch(() => ({ queued: 0, running: 0 })),
          probe(deps.liveWorkers(), 'workers').catch(() => []),
        ])
      : [{ queued: 0, running: 0 }, []];
    const status: PublicHealth['status'] =
      !db.up || !queueUp ? 'down' : counts.queued > 0 && workers.length === 0 ? 'degraded' : 'ok';
    return { status, db, queueUp, counts, workers };
  };

  return {
    async check(): Promise<PublicHealth> {
      return { status: (await core()).status };
    },

    async details(): Promise<Health> {
      const [c, engines] = await Promise.all([
        core(),
        withTimeout(deps.engines(), ENGINE_PROBE_MS, 'engine probes').catch(() => []),
      ]);
      return {
        status: c.status,
        version: deps.version,
        role: deps.role,
        uptimeSeconds: Math.round((Date.now() - deps.startedAt) / 1000),
        database: {
          status: c.db.up ? 'up' : 'down',
          dialect: deps.database.dialect,
          latencyMs: c.db.latencyMs,
        },
        queue: { status: c.queueUp ? 'up' : 'down', driver: deps.queue.driver },
        workers: {
          live: c.workers.length,
          list: c.workers.map((w) => ({ id: w.id, lanes: w.lanes, heartbeatAt: w.heartbeatAt })),
        },
        tasks: { ...c.counts, pendingHandOffs: deps.pendingHandOffs() },
        engines,
      };
    },
  };
};
