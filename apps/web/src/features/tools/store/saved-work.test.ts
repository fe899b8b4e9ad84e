import { afterEach, describe, expect, it } from 'vitest';
import { familyStorageKey, rememberSavedWork } from './saved-work';

const tools = [
  { id: 'indoor', family: 'render' as const },
  { id: 'home-decoration', family: 'render' as const },
  { id: 'matting', family: 'edit' as const },
];
const keep = (family: 'render' | 'edit', state: unknown) =>
  localStorage.setItem(familyStorageKey(family), JSON.stringify({ state }));
const cookie = () => document.cookie.split('; ').find((c) => c.startsWith('hj_work='));

describe('rememberSavedWork', () => {
  afterEach(() => {
    localStorage.clear();
    document.cookie = 'hj_work=; Path=/; Max-Age=0';
  });

  it('names the tools this device keeps a picture or a run of', () => {
    keep('render', {
      tools: {
        indoor: { inputs: { upload_img: [{ fileId: 'f1' }] } },
        'home-decoration': { inputs: { upload_img: [] } },
      },
    });
    keep('edit', { tools: { matting: { taskId: 't1' } } });
    rememberSavedWork(tools);
    expect(cookie()).toBe('hj_work=indoor.matting');
  });

  it('leaves no cookie once nothing is kept', () => {
    keep('edit', { tools: { matting: { taskId: 't1' } } });
    rememberSavedWork(tools);
    expect(cookie()).toBe('hj_work=matting');
    localStorage.clear();
    rememberSavedWork(tools);
    expect(cookie()).toBeUndefined();
  });
});
