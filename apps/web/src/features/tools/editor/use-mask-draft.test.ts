import { act, renderHook } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeApi, ok, resetFakeApi } from '../../../test/fake-api';
import type { InputImage } from '../store/family-stores';
import { useMaskDraft, withMaskInput } from './use-mask-draft';

afterEach(resetFakeApi);

let n = 0;
const image = (): InputImage => ({
  fileId: `img-${(n += 1)}`,
  url: '/api/files/img',
  thumbUrl: null,
  width: 20,
  height: 10,
});

const setup = () => {
  let uploads = 0;
  const api = fakeApi({
    'POST /upload': () => {
      uploads += 1;
      return ok({
        fileId: `mask-${uploads}`,
        url: `/api/files/mask-${uploads}`,
        thumbUrl: null,
        width: 20,
        height: 10,
        resized: false,
      });
    },
  });
  const onSaved = vi.fn();
  const img = image();
  const hook = renderHook(() =>
    useMaskDraft({
      enabled: true,
      toolId: `tool-${img.fileId}`,
      image: img,
      saved: undefined,
      onSaved,
    }),
  );
  return { api, onSaved, hook, uploads: () => uploads };
};

describe('the mask draft of a tool page', () => {
  it('starts empty at the image size: nothing to send', async () => {
    const { hook, api } = setup();
    const draft = hook.result.current;
    expect(draft.doc).toMatchObject({ width: 20, height: 10 });
    expect(draft.hasMask).toBe(false);
    expect(draft.state).toBe('empty');
    await expect(draft.flush()).resolves.toBeNull();
    expect(api.callsTo('POST', '/upload')).toHaveLength(0);
  });

  it('flush uploads unsaved edits and answers that file id; unchanged, it uploads nothing', async () => {
    const { hook, onSaved, uploads } = setup();
    const doc = hook.result.current.doc!;
    act(() => {
      doc.apply({ kind: 'polygon', mode: 'paint', points: [0, 0, 10, 0, 10, 10, 0, 10] });
      hook.result.current.changed();
    });
    expect(hook.result.current.state).toBe('dirty');
    expect(hook.result.current.hasMask).toBe(true);
    expect(hook.result.current.percent).toBe(50);
    let id: string | null = null;
    await act(async () => {
      id = await hook.result.current.flush();
    });
    expect(id).toBe('mask-1');
    expect(onSaved).toHaveBeenLastCalledWith(expect.objectContaining({ fileId: 'mask-1' }));
    expect(hook.result.current.state).toBe('saved');
    await act(async () => {
      id = await hook.result.current.flush();
    });
    expect(id).toBe('mask-1');
    expect(uploads()).toBe(1);

    // A later edit makes the saved copy stale: the next flush sends a new file.
    act(() => {
      doc.apply({ kind: 'invert' });
      hook.result.current.changed();
    });
    await act(async () => {
      id = await hook.result.current.flush();
    });
    expect(id).toBe('mask-2');
  });

  it('a cleared selection is not uploaded: the saved mask input is removed', async () => {
    const { hook, onSaved } = setup();
    const doc = hook.result.current.doc!;
    act(() => {
      doc.apply({ kind: 'invert' });
      hook.result.current.changed();
    });
    await act(() => hook.result.current.flush());
    act(() => {
      doc.apply({ kind: 'clear' });
      hook.result.current.changed();
    });
    let id: string | null = 'x';
    await act(async () => {
      id = await hook.result.current.flush();
    });
    expect(id).toBeNull();
    expect(onSaved).toHaveBeenLastCalledWith(null);
    expect(hook.result.current.state).toBe('empty');
  });

  it('saves on its own a moment after the last edit', async () => {
    vi.useFakeTimers();
    try {
      const { hook, uploads } = setup();
      act(() => {
        hook.result.current.doc!.apply({ kind: 'invert' });
        hook.result.current.changed();
      });
      expect(uploads()).toBe(0);
      await act(() => vi.advanceTimersByTimeAsync(1500));
      expect(uploads()).toBe(1);
    } finally {
      vi.useRealTimers();
    }
  });
});

describe('leaving the page', () => {
  it('saves edits still waiting for the pause', async () => {
    const { hook, uploads, onSaved } = setup();
    act(() => {
      hook.result.current.doc!.apply({ kind: 'invert' });
      hook.result.current.changed();
    });
    hook.unmount();
    await vi.waitFor(() => expect(onSaved).toHaveBeenCalled());
    expect(uploads()).toBe(1);
  });
});

describe('the inputs a task is started with', () => {
  const inputs = { upload_img: 'img', mask: 'old' };
  it('use the mask flush() just saved instead of the store’s copy', () => {
    expect(withMaskInput(inputs, 'new')).toEqual({ upload_img: 'img', mask: 'new' });
    expect(withMaskInput(inputs, null)).toEqual({ upload_img: 'img' });
    expect(withMaskInput(inputs, undefined)).toBe(inputs);
  });
});
