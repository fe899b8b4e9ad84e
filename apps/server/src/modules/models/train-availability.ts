import type { ComfyUiClient } from '../../engines/comfyui/comfyui.client';
import { templateClasses, trainingTemplateFor } from '../../engines/comfyui/comfyui-training';

/**
 * `reason` is shown to designers, in plain words; `detail` names the setting or node to fix and
 * goes to the server log for the operator.
 */
type TrainState = { available: boolean; reason?: string; detail?: string };

export type TrainAvailability = {
  check(): Promise<TrainState>;
};

const NOT_OPEN = '模型训练暂未开通，请联系管理员';
const NOT_USABLE = '模型训练暂不可用，请联系管理员';

/**
 * Whether a training can start now, asked before any ticket is held: ComfyUI must be configured,
 * reachable, and list every node class the training template uses in /object_info (the training
 * nodes are recent and experimental, so many servers lack them). Cached briefly.
 */
export const createTrainAvailability = (deps: {
  client: ComfyUiClient | undefined;
  workflowsDir?: string;
  cacheMs?: number;
  warn?: (detail: string) => void;
}): TrainAvailability => {
  let cached: { at: number; ttl: number; value: TrainState } | undefined;
  const ask = async (): Promise<TrainState> => {
    if (!deps.client)
      return {
        available: false,
        reason: NOT_OPEN,
        detail: '模型训练需要接入 ComfyUI 训练服务（COMFYUI_URL），当前未配置',
      };
    let classes: Set<string>;
    try {
      classes = await deps.client.nodeClasses(AbortSignal.timeout(8000));
    } catch {
      return { available: false, reason: '训练服务暂时无法连接，请稍后再试' };
    }
    let needed: string[];
    try {
      needed = templateClasses(trainingTemplateFor(deps.workflowsDir, 'default'));
    } catch (e) {
      // An operator's broken template: say so instead of failing the page.
      return {
        available: false,
        reason: NOT_USABLE,
        detail: (e as Error & { userMessage?: string }).userMessage ?? '训练工作流配置有误',
      };
    }
    const missing = needed.filter((c) => !classes.has(c));
    if (missing.length)
      return {
        available: false,
        reason: NOT_USABLE,
        detail: `训练服务的 ComfyUI 版本过旧，缺少训练节点：${missing.join('、')}`,
      };
    return { available: true };
  };
  return {
    async check() {
      if (cached && Date.now() - cached.at < cached.ttl) return cached.value;
      const value = await ask();
      // Logged when it changes, not on every recheck.
      if (value.detail && value.detail !== cached?.value.detail) deps.warn?.(value.detail);
      // A working server is rechecked every minute; a failing one sooner.
      cached = { at: Date.now(), ttl: value.available ? (deps.cacheMs ?? 60_000) : 5_000, value };
      return value;
    },
  };
};
