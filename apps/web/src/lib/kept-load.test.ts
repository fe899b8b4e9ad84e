import { describe, expect, it, vi } from 'vitest';
import { keptLoad } from './kept-load';

describe('keptLoad', () => {
  it('answers the same promise on every call and loads once', async () => {
    const load = vi.fn(() => Promise.resolve(7));
    const get = keptLoad(load);
    const first = get();
    expect(get()).toBe(first);
    expect(first.status).toBeUndefined();
    await expect(first).resolves.toBe(7);
    expect(get()).toBe(first);
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('marks the promise fulfilled with its value once it has come', async () => {
    const get = keptLoad(() => Promise.resolve({ name: 'mask' }));
    await get();
    const settled = get();
    expect(settled.status).toBe('fulfilled');
    expect(settled.status === 'fulfilled' && settled.value).toEqual({ name: 'mask' });
  });

  it('forgets a load that failed, so the next call tries again', async () => {
    const load = vi
      .fn<() => Promise<string>>()
      .mockRejectedValueOnce(new Error('chunk failed'))
      .mockResolvedValueOnce('second');
    const get = keptLoad(load);
    const failed = get();
    await expect(failed).rejects.toThrow('chunk failed');
    const retried = get();
    expect(retried).not.toBe(failed);
    await expect(retried).resolves.toBe('second');
    expect(load).toHaveBeenCalledTimes(2);
  });
});
