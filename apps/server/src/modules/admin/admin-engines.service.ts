import type { AdminEngines } from '@huijing/contracts';
import { allTools } from '@huijing/tools';
import type { FastifyRequest } from 'fastify';
import type { CoreContainer } from '../../core/deps';
import { HOUR } from '../../config/clock';
import type { Engine } from '../../engines/engine';
import {
  DEFAULT_OUT_OF_SERVICE_MESSAGE,
  OUT_OF_SERVICE_KEY,
  parseOutOfService,
} from '../../engines/service-switches';
import type { OutOfService } from '../../engines/service-switches';
import { AppError } from '../../http/app-error';
import type { AuditLog } from './audit.service';
import { createAdminTasksRepository } from './admin-tasks.repository';

const knownEngines = ['local', 'comfyui', 'openai-images', 'dashscope', 'ark'];
const engineNames: Record<string, string> = {
  local: '本地引擎（CPU）',
  comfyui: 'ComfyUI',
  'openai-images': '兼容 OpenAI 的图像接口',
  dashscope: '阿里云百炼',
  ark: '火山方舟',
};
const PROBE_TIMEOUT_MS = 3000;
const PROBE_TTL_MS = 10_000;

type Probe = {
  status: 'up' | 'degraded' | 'down' | 'unconfigured';
  detail: string | null;
  latencyMs: number | null;
  at: string;
};

/**
 * Engine health (timed probes, cached 10 s so the screen's polling never floods an engine), load
 * from the task table, and the out-of-service switches the engine router obeys.
 */
export type AdminEnginesService = ReturnType<typeof createAdminEnginesService>;

export const createAdminEnginesService = (deps: { core: CoreContainer; audit: AuditLog }) => {
  const { db } = deps.core.database;
  const tasks = createAdminTasksRepository(db);
  const probes = new Map<string, { at: number; value: Promise<Probe> }>();

  const probe = (engine: Engine): Promise<Probe> => {
    const cached = probes.get(engine.id);
    if (cached && Date.now() - cached.at < PROBE_TTL_MS) return cached.value;
    const started = performance.now();
    const at = deps.core.now().toISOString();
    let timer: NodeJS.Timeout | undefined;
    const value = Promise.race([
      engine.health().then(
        (h): Probe => ({
          status: h.status,
          detail: h.detail ?? null,
          latencyMs: Math.round(performance.now() - started),
          at,
        }),
        (e: unknown): Probe => ({
          status: 'down',
          detail: e instanceof Error ? e.message : String(e),
          latencyMs: null,
          at,
        }),
      ),
      new Promise<Probe>((resolve) => {
        timer = setTimeout(
          () =>
            resolve({
              status: 'down',
              detail: `${PROBE_TIMEOUT_MS} ms 内无响应`,
              latencyMs: null,
              at,
            }),
          PROBE_TIMEOUT_MS,
        );
      }),
    ]).finally(() => clearTimeout(timer));
    probes.set(engine.id, { at: Date.now(), value });
    return value;
  };

  const readSwitches = async (): Promise<OutOfService> => {
    const row = await db
      .selectFrom('app_settings')
      .select('value')
      .where('key', '=', OUT_OF_SERVICE_KEY)
      .executeTakeFirst();
    return parseOutOfService(row?.value);
  };

  return {
    async list(): Promise<AdminEngines> {
      const engines = deps.core.router.engines;
      const ids = [...new Set([...knownEngines, ...engines.map((e) => e.id)])];
      const since = new Date(deps.core.now().getTime() - HOUR).toISOString();
      const [load, off] = await Promise.all([tasks.engineLoad(since), readSwitches()]);
      const rows = await Promise.all(
        ids.map(async (id) => {
          const engine = engines.find((e) => e.id === id);
          const p = engine
            ? await probe(engine)
            : {
                status: 'unconfigured' as const,
                detail: '未配置',
                latencyMs: null,
                at: deps.core.now().toISOString(),
              };
          const l = load.get(id);
          const finished = (l?.succeeded ?? 0) + (l?.failed ?? 0);
          return {
            id,
            name: engineNames[id] ?? id,
            status: p.status,
            detail: p.detail,
            lastCheckAt: p.at,
            latencyMs: p.latencyMs,
            queueDepth: l?.queued ?? 0,
            running: l?.running ?? 0,
            finishedLastHour: finished,
            failedLastHour: l?.failed ?? 0,
            failureRate: finished > 0 ? (l?.failed ?? 0) / finished : null,
            outOfService: off.engines[id] !== undefined,
            message: off.engines[id] ?? null,
            // Refreshed by the probe above (cached with it).
            ...(engine?.backends && { backends: engine.backends() }),
          };
        }),
      );
      return {
        engines: rows,
        tools: allTools.map((t) => ({
          id: t.id,
          name: t.name['zh-CN'],
          outOfService: off.tools[t.id] !== undefined,
          message: off.tools[t.id] ?? null,
        })),
      };
    },

    async setSwitch(
      request: FastifyRequest,
      body: {
        kind: 'engine' | 'tool';
        id: string;
        outOfService: boolean;
        message?: string;
        reason: string;
      },
    ) {
      const known =
        body.kind === 'engine'
          ? [...knownEngines, ...deps.core.router.engines.map((e) => e.id)].includes(body.id)
          : allTools.some((t) => t.id === body.id);
      if (!known) throw new AppError('ADMIN_ENGINE_UNKNOWN');
      const at = deps.core.now().toISOString();
      await db.transaction().execute(async (trx) => {
        const row = await trx
          .selectFrom('app_settings')
          .select('value')
          .where('key', '=', OUT_OF_SERVICE_KEY)
          .executeTakeFirst();
        const current = parseOutOfService(row?.value);
        const map = body.kind === 'engine' ? current.engines : current.tools;
        const before = map[body.id] ?? null;
        if (body.outOfService)
          map[body.id] = body.message?.trim() || DEFAULT_OUT_OF_SERVICE_MESSAGE;
        else delete map[body.id];
        const json = JSON.stringify(current);
        await trx
          .insertInto('app_settings')
          .values({ key: OUT_OF_SERVICE_KEY, value: json, updated_at: at })
          .onConflict((oc) => oc.column('key').doUpdateSet({ value: json, updated_at: at }))
          .execute();
        await deps.audit.recordFor(
          request,
          {
            action: body.outOfService ? `${body.kind}.out_of_service` : `${body.kind}.in_service`,
            target: `${body.kind}:${body.id}`,
            before: { outOfService: before !== null, message: before },
            after: { outOfService: body.outOfService, message: map[body.id] ?? null },
            reason: body.reason,
          },
          trx,
        );
      });
      deps.core.router.invalidate();
      return this.list();
    },
  };
};
