import fs from 'node:fs/promises';
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
  /** DATA_DIR and its free-space floor, when files or SQLite live there; undefined: unchecked. */
  disk?: { dir: string; minFreeBytes: number };
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

  const disk = async (): Promise<Health['disk']> => {
    const minFreeBytes = deps.disk?.minFreeBytes ?? 0;
    if (!deps.disk || minFreeBytes === 0) return { status: 'unconfigured', minFreeBytes };
    try {
      const s = await probe(fs.statfs(deps.disk.dir), 'disk space');
      // bavail: the blocks an unprivileged process (this server) may still write.
      const freeBytes = s.bavail * s.bsize;
      const status = freeBytes < minFreeBytes ? 'low' : 'ok';
      return { status, freeBytes, totalBytes: s.blocks * s.bsize, minFreeBytes };
    } catch {
      return { status: 'unknown', minFreeBytes };
    }
  };

  /** The essentials: database, transport, whether queued work has a live worker, disk space. */
  const core = async () => {
    const [db, queueUp, space] = await Promise.all([
      database(),
      deps.queue.ping().catch(() => false),
      disk(),
    ]);
    const [counts, workers] = db.up
      ? await Promise.all([
          taskCounts().catch(() => ({ queued: 0, running: 0 })),
          probe(deps.liveWorkers(), 'workers').catch(() => []),
        ])
      : [{ queued: 0, running: 0 }, []];
    const stalled = counts.queued > 0 && workers.length === 0;
    const status: PublicHealth['status'] =
      !db.up || !queueUp ? 'down' : stalled || space.status === 'low' ? 'degraded' : 'ok';
    return { status, db, queueUp, counts, workers, space };
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
        disk: c.space,
        engines,
      };
    },
  };
};
