import type { Kysely } from 'kysely';
import { z } from 'zod';
import type { Database } from '../db/schema';
import type { Capability, Engine, EngineId } from './engine';
import { capabilities, classicalCapabilities } from '@huijing/tools';

export type EngineRouting = Partial<Record<Capability, EngineId[]>>;

/** Default routing: classical work → local; generative → ComfyUI, then an OpenAI-compatible API. */
export const defaultRouting: EngineRouting = Object.fromEntries(
  capabilities.map((c) => [
    c,
    (classicalCapabilities as readonly Capability[]).includes(c)
      ? (['local'] as EngineId[])
      : (['comfyui', 'openai-images'] as EngineId[]),
  ]),
);

export const ROUTING_SETTING_KEY = 'engine.routing';

const engineIdSchema = z.enum(['local', 'comfyui', 'openai-images']);
/** The stored setting overrides the defaults per capability. */
export const routingSettingSchema = z.partialRecord(z.enum(capabilities), z.array(engineIdSchema));

const engineNames: Record<EngineId, string> = {
  local: '本地引擎',
  comfyui: 'ComfyUI',
  'openai-images': '兼容 OpenAI 的图像接口',
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
  let cached: { at: number; routing: EngineRouting } | undefined;

  const routing = async (): Promise<EngineRouting> => {
    if (cached && Date.now() - cached.at < (deps.cacheMs ?? 5000)) return cached.routing;
    const row = await deps.db
      .selectFrom('app_settings')
      .select('value')
      .where('key', '=', ROUTING_SETTING_KEY)
      .executeTakeFirst();
    const stored = row ? routingSettingSchema.safeParse(JSON.parse(row.value)) : undefined;
    const merged = { ...defaultRouting, ...(stored?.success ? stored.data : {}) };
    cached = { at: Date.now(), routing: merged };
    return merged;
  };

  const pick = (capability: Capability, routes: EngineRouting): Route => {
    const candidates = routes[capability] ?? [];
    for (const id of candidates) {
      const engine = byId.get(id);
      if (engine?.capabilities.includes(capability)) return { engine };
    }
    const configured = candidates.filter((id) => byId.has(id));
    if (configured.length > 0) {
      return {
        reason: `${configured.map((id) => engineNames[id]).join('、')}暂不支持该功能`,
      };
    }
    if (candidates.some((id) => id !== 'local')) {
      return {
        reason: '该功能需要配置 AI 渲染引擎（ComfyUI 或兼容 OpenAI 的图像接口），当前未配置',
      };
    }
    return { reason: '该功能当前没有可用的引擎' };
  };

  return {
    engines: deps.engines,
    engine: (id: string): Engine | undefined => byId.get(id as EngineId),
    async resolve(capability: Capability): Promise<Route> {
      return pick(capability, await routing());
    },
    /** Resolves many at once against one read of the setting. */
    async resolveAll(caps: readonly Capability[]): Promise<Map<Capability, Route>> {
      const routes = await routing();
      return new Map(caps.map((c) => [c, pick(c, routes)]));
    },
    /** Drops the cached setting (after an admin edit, and in tests). */
    invalidate: () => {
      cached = undefined;
    },
  };
};
