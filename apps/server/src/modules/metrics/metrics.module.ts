import { timingSafeEqual } from 'node:crypto';
import { z } from 'zod';
import client from 'prom-client';
import { parseAreaEnv } from '../../config/area-env';
import type { CoreContainer } from '../../core/deps';
import type { FeatureModule } from '../feature-module';

const metricsEnvSchema = z.object({
  /** Bearer token for GET /metrics; without it only loopback callers may scrape. */
  METRICS_TOKEN: z.string().min(16, 'must be at least 16 characters').optional(),
});

const LOOPBACK = new Set(['127.0.0.1', '::1', '::ffff:127.0.0.1']);

const sameSecret = (a: string, b: string) => {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
};

/**
 * GET /metrics in the Prometheus text format (prom-client): HTTP latency per route, queue depth
 * and running tasks per engine lane, task durations and failures per tool and engine, ticket
 * holds open, and the process's own metrics. Queue figures come from the task rows (the truth),
 * so every API process reports the same depth; task durations are observed by the process that
 * is scraped, from the rows finished since its previous scrape.
 */
export const metricsModule = (core: CoreContainer): FeatureModule => {
  const { METRICS_TOKEN: token } = parseAreaEnv(core.env, metricsEnvSchema);
  const { db } = core.database;
  const registry = new client.Registry();
  client.collectDefaultMetrics({ register: registry, prefix: 'huijing_' });

  const httpDuration = new client.Histogram({
    name: 'huijing_http_request_duration_seconds',
    help: 'HTTP request latency by route',
    labelNames: ['method', 'route', 'status_code'] as const,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers: [registry],
  });
  const taskDuration = new client.Histogram({
    name: 'huijing_task_duration_seconds',
    help: 'Task run time (start to finish) by tool, engine and outcome',
    labelNames: ['tool', 'engine', 'status'] as const,
    buckets: [0.5, 1, 2, 5, 10, 20, 30, 60, 120, 300, 600],
    registers: [registry],
  });
  const taskFailures = new client.Counter({
    name: 'huijing_task_failures_total',
    help: 'Tasks that ended failed, by tool and engine',
    labelNames: ['tool', 'engine'] as const,
    registers: [registry],
  });
  let watermark = new Date().toISOString();
  const observeFinished = async () => {
    const since = watermark;
    const rows = await db
      .selectFrom('tasks')
      .select(['tool_id', 'engine', 'status', 'started_at', 'finished_at'])
      .where('finished_at', '>', since)
      .where('status', 'in', ['succeeded', 'failed'])
      .orderBy('finished_at')
      .limit(10_000)
      .execute();
    for (const r of rows) {
      if (r.finished_at! > watermark) watermark = r.finished_at!;
      if (r.status === 'failed') taskFailures.inc({ tool: r.tool_id, engine: r.engine });
      if (!r.started_at) continue;
      const seconds = (Date.parse(r.finished_at!) - Date.parse(r.started_at)) / 1000;
      taskDuration.observe({ tool: r.tool_id, engine: r.engine, status: r.status }, seconds);
    }
  };

  const laneGauge = (name: string, help: string, status: 'queued' | 'running') =>
    new client.Gauge({
      name,
      help,
      labelNames: ['lane'] as const,
      registers: [registry],
      async collect() {
        const rows = await db
          .selectFrom('tasks')
          .select(['engine', (eb) => eb.fn.countAll<string | number>().as('n')])
          .where('status', '=', status)
          .groupBy('engine')
          .execute();
        this.reset();
        for (const e of core.router.engines) this.set({ lane: e.id }, 0);
        for (const r of rows) this.set({ lane: r.engine }, Number(r.n));
      },
    });
  laneGauge('huijing_queue_depth', 'Tasks waiting per engine lane', 'queued');
  laneGauge('huijing_tasks_running', 'Tasks running per engine lane', 'running');
  new client.Gauge({
    name: 'huijing_ticket_holds_open',
    help: 'Tasks whose tickets are held (neither captured nor released yet)',
    registers: [registry],
    async collect() {
      const row = await db
        .selectFrom('tasks')
        .select((eb) => eb.fn.countAll<string | number>().as('n'))
        .where('tickets_state', '=', 'held')
        .executeTakeFirstOrThrow();
      this.set(Number(row.n));
    },
  });

  return {
    name: 'metrics',
    services: { registry },
    routes: async (app) => {
      app.addHook('onResponse', async (request, reply) => {
        const route = request.routeOptions.url ?? 'unmatched';
        if (route === '/metrics') return;
        httpDuration.observe(
          { method: request.method, route, status_code: String(reply.statusCode) },
          reply.elapsedTime / 1000,
        );
      });
      app.get('/metrics', { schema: { hide: true } }, async (request, reply) => {
        const auth = request.headers.authorization ?? '';
        const allowed = token
          ? auth.startsWith('Bearer ') && sameSecret(auth.slice(7), token)
          : LOOPBACK.has(request.socket.remoteAddress ?? '');
        if (!allowed)
          return reply
            .code(token ? 401 : 403)
            .type('text/plain')
            .send('forbidden\n');
        await observeFinished();
        return reply.type(registry.contentType).send(await registry.metrics());
      });
    },
  };
};
