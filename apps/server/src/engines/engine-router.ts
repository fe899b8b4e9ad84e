import type { Kysely } from 'kysely';
import { z } from 'zod';
import type { Database } from '../db/schema';
import type { Capability, Engine, EngineId } from './engine';
import { capabilities, classicalCapabilities } from '@huijing/tools';
import {
  DEFAULT_OUT_OF_SERVICE_MESSAGE,
  OUT_OF_SERVICE_KEY,
  parseOutOfService,
} from './service-switches';
import type { OutOfService } from './service-switches';

export type EngineRouting = Partial<Record<Capability, EngineId[]>>;

/**
 * Default routing: classical work → local; generative → the operator's ComfyUI, then the hosted
 * engines (Alibaba Model Studio, Volcengine Ark), then an OpenAI-compatible API.
 */
export const defaultRouting: EngineRouting = Object.fromEntries(
  capabilities.map((c) => [
    c,
    (classicalCapabilities as readonly Capability[]).includes(c)
      ? (['local'] as EngineId[])
      : (['comfyui', 'dashscope', 'ark', 'openai-images'] as EngineId[]),
  ]),
);

export const ROUTING_SETTING_KEY = 'engine.routing';

const engineIdSchema = z.enum(['local', 'comfyui', 'openai-images', 'dashscope', 'ark']);
/** The stored setting overrides the defaults per capability. */
export const routingSettingSchema = z.partialRecord(z.enum(capabilities), z.array(engineIdSchema));

const engineNames: Record<EngineId, string> = {
  local: '本地引擎',
  comfyui: 'ComfyUI',
  'openai-images': '兼容 OpenAI 的图像接口',
  dashscope: '阿里云百炼',
  ark: '火山方舟',
};

export type Route = { engine: Engine; reason?: undefined } | { engine?: undefined; reason: string };

export type EngineRouter = ReturnType<typeof createEngineRouter>;

/**
 * Which engine serves a capability: the first engine in the routing list that is configured and
 * declares the capability. The list is a database setting (admins edit it; cached briefly).
 */
export const createEngineRouter = (deps: {
  engines: readonly Engine[];
  db: Kysely<Database>;
  cacheMs?: number;
}) => {
  const byId = new Map(deps.engines.map((e) => [e.id, e]));
  let cached: { at: number; routing: EngineRouting; off: OutOfService } | undefined;

  const load = async () => {
    if (cached && Date.now() - cached.at < (deps.cacheMs ?? 5000)) return cached;
    const rows = await deps.db
      .selectFrom('app_settings')
      .select(['key', 'value'])
      .where('key', 'in', [ROUTING_SETTING_KEY, OUT_OF_SERVICE_KEY])
      .execute();
    const value = (key: string) => rows.find((r) => r.key === key)?.value;
    const routingRow = value(ROUTING_SETTING_KEY);
    const stored = routingRow ? routingSettingSchema.safeParse(JSON.parse(routingRow)) : undefined;
    const merged = { ...defaultRouting, ...(stored?.success ? stored.data : {}) };
    cached = { at: Date.now(), routing: merged, off: parseOutOfService(value(OUT_OF_SERVICE_KEY)) };
    return cached;
  };

  // An admin's out-of-service switch (engines screen) wins, with the message users see.
  const pick = (
    capability: Capability,
    routes: EngineRouting,
    off: OutOfService,
    toolId?: string,
  ): Route => {
    const toolOff = toolId === undefined ? undefined : off.tools[toolId];
    if (toolOff !== undefined) return { reason: toolOff || DEFAULT_OUT_OF_SERVICE_MESSAGE };
    const candidates = routes[capability] ?? [];
    let offMessage: string | undefined;
    for (const id of candidates) {
      const engine = byId.get(id);
      if (!engine?.capabilities.includes(capability)) continue;
      if (off.engines[id] !== undefined) {
        offMessage ??= off.engines[id] || DEFAULT_OUT_OF_SERVICE_MESSAGE;
        continue;
      }
      return { engine };
    }
    if (offMessage) return { reason: offMessage };
    const configured = candidates.filter((id) => byId.has(id));
    if (configured.length > 0) {
      return {
        reason: `${configured.map((id) => engineNames[id]).join('、')}暂不支持该功能`,
      };
    }
    if (candidates.some((id) => id !== 'local')) {
      return {
        reason:
          '该功能需要配置 AI 渲染引擎（阿里云百炼、火山方舟、ComfyUI 或兼容 OpenAI 的图像接口），当前未配置',
      };
    }
    return { reason: '该功能当前没有可用的引擎' };
  };

  return {
    engines: deps.engines,
    engine: (id: string): Engine | undefined => byId.get(id as EngineId),
    /** The engine for a capability; with toolId, that tool's out-of-service switch applies. */
    async resolve(capability: Capability, toolId?: string): Promise<Route> {
      const { routing: routes, off } = await load();
      return pick(capability, routes, off, toolId);
    },
    /**
     * The engines after `from` in the capability's list that could take over a job `from`
     * could not finish (failover): configured, declaring the capability, not switched off. None
     * when the tool itself is switched off.
     */
    async fallbacks(capability: Capability, toolId: string, from: string): Promise<Engine[]> {
      const { routing: routes, off } = await load();
      if (off.tools[toolId] !== undefined) return [];
      const list = routes[capability] ?? [];
      const after = list.indexOf(from as EngineId);
      return list
        .slice(after + 1)
        .filter((id) => id !== from && off.engines[id] === undefined)
        .map((id) => byId.get(id))
        .filter((e): e is Engine => e?.capabilities.includes(capability) ?? false);
    },
    /** Resolves many at once against one read of the setting. */
    async resolveAll(caps: readonly Capability[]): Promise<Map<Capability, Route>> {
      const { routing: routes, off } = await load();
      return new Map(caps.map((c) => [c, pick(c, routes, off)]));
    },
    /** Per tool (its capability and its own switch), against one read of the settings. */
    async resolveTools(
      tools: readonly { id: string; capability: Capability }[],
    ): Promise<Map<string, Route>> {
      const { routing: routes, off } = await load();
      return new Map(tools.map((t) => [t.id, pick(t.capability, routes, off, t.id)]));
    },
    /** Drops the cached setting (after an admin edit, and in tests). */
    invalidate: () => {
      cached = undefined;
    },
  };
};
