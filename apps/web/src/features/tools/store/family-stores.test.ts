import { describe, expect, it } from 'vitest';
import { familyStore } from './family-stores';
import { familyStorageKey } from './saved-work';

const image = { fileId: 'f1', url: '/api/files/f1', thumbUrl: null, width: 800, height: 600 };

describe('per-family tool state (spec §1)', () => {
  it('keeps each tool of a family its own values across tool switches', () => {
    const render = familyStore('render');
    render.getState().setParam('indoor', 'cnStrength', 0.55);
    render.getState().setInput('indoor', 'upload_img', [image]);
    // "Switching" to another render tool and changing it leaves the first untouched.
    render.getState().setParam('indoor-exterior', 'cnStrength', 0.3);
    expect(render.getState().tools['indoor']?.params.cnStrength).toBe(0.55);
    expect(render.getState().tools['indoor']?.inputs.upload_img).toEqual([image]);
    expect(render.getState().tools['indoor-exterior']?.params.cnStrength).toBe(0.3);
  });

  it('keeps families apart and persists each under its own key', () => {
    familyStore('edit').getState().setParam('to-line', 'lineWeight', 4);
    expect(familyStore('render').getState().tools['to-line']).toBeUndefined();
    const saved = JSON.parse(localStorage.getItem(familyStorageKey('edit')) ?? '{}') as {
      state: { tools: Record<string, { params: Record<string, unknown> }> };
    };
    expect(saved.state.tools['to-line']?.params.lineWeight).toBe(4);
  });

  it('is the same store on every call, and resets parameters to defaults on request', () => {
    expect(familyStore('generate')).toBe(familyStore('generate'));
    familyStore('generate').getState().setParam('text-to-image', 'promptTxt', 'x');
    familyStore('generate').getState().resetParams('text-to-image');
    expect(familyStore('generate').getState().tools['text-to-image']?.params).toEqual({});
  });
});
