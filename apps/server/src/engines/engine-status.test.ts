import { healthSchema } from '@huijing/contracts';
import { describe, expect, it } from 'vitest';
import { engineStatuses } from './engine-status';

describe('engineStatuses', () => {
  it('reports the local engine up and remote engines unconfigured by default', () => {
    const engines = engineStatuses({ COMFYUI_URL: undefined, OPENAI_IMAGES_BASE_URL: undefined });
    expect(engines).toEqual([
      { id: 'local', status: 'up', detail: 'built-in' },
      { id: 'comfyui', status: 'unconfigured' },
      { id: 'openai-images', status: 'unconfigured' },
    ]);
    expect(healthSchema.shape.engines.parse(engines)).toEqual(engines);
  });

  it('reports configured remote engines', () => {
    const engines = engineStatuses({
      COMFYUI_URL: 'http://gpu:8188',
      OPENAI_IMAGES_BASE_URL: 'https://api.example.com/v1',
    });
    expect(engines.map((e) => [e.id, e.status, e.detail])).toEqual([
      ['local', 'up', 'built-in'],
      ['comfyui', 'up', 'configured'],
      ['openai-images', 'up', 'configured'],
    ]);
  });
});
