import type { Health } from '@huijing/contracts';
import type { Env } from '../config/env';

export type EngineStatus = Health['engines'][number];

/**
 * What health reports about each engine. Remote engines are only "configured" for now; probing
 * them (ComfyUI /system_stats, the images API) arrives with the engine clients, and must stay
 * cheap and cached because health is polled.
 */
export const engineStatuses = (
  env: Pick<Env, 'COMFYUI_URL' | 'OPENAI_IMAGES_BASE_URL'>,
): EngineStatus[] => [
  // Built into the server process: CPU algorithms with no external dependency.
  { id: 'local', status: 'up', detail: 'built-in' },
  env.COMFYUI_URL
    ? { id: 'comfyui', status: 'up', detail: 'configured' }
    : { id: 'comfyui', status: 'unconfigured' },
  env.OPENAI_IMAGES_BASE_URL
    ? { id: 'openai-images', status: 'up', detail: 'configured' }
    : { id: 'openai-images', status: 'unconfigured' },
];
