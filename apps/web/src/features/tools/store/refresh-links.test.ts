import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { FakeCall } from '../../../test/fake-api';
import type { InputImage } from './family-stores';

const HOUR = 3_600_000;
const signed = (id: string, exp: number) => `/api/files/${id}?exp=${exp}&sig=old${id}`;
const img = (id: string, exp: number): InputImage => ({
  fileId: id,
  url: signed(id, exp),
  thumbUrl: `/api/files/${id}/thumb?w=320&exp=${exp}&sig=old${id}`,
  width: 40,
  height: 30,
});
const freshUrl = (id: string) => `/api/files/${id}?exp=${Date.now() + 2 * HOUR}&sig=new${id}`;

/** What a page saved before it was closed (the persist format of family-stores.ts). */
const seed = (tools: Record<string, { inputs: Record<string, InputImage[]> }>) =>
  localStorage.setItem(
    'hj-tool-state-render',
    JSON.stringify({
      state: {
        tools: Object.fromEntries(
          Object.entries(tools).map(([id, t]) => [id, { params: { cnStrength: 0.6 }, ...t }]),
        ),
      },
      version: 1,
    }),
  );

/**
 * A fresh module graph per test: the family stores are created (and restored) once per page load,
 * which is what is under test. The fake server knows the files in `alive`.
 */
const load = async (alive: string[], answer?: () => { status: number }) => {
  vi.resetModules();
  const fake = await import('../../../test/fake-api');
  const keys = await import('../../../lib/storage-keys');
  const api = fake.fakeApi({
    'POST /upload/links': (call: FakeCall) => {
      if (answer) return fake.fail(answer().status, 50000, '服务器开小差了');
      const { fileIds } = call.body as { fileIds: string[] };
      return fake.ok({
        links: fileIds
          .filter((id) => alive.includes(id))
          .map((id) => ({ fileId: id, url: freshUrl(id), thumbUrl: null })),
      });
    },
  });
  const stores = await import('./family-stores');
  return { api, stores, fake, signIn: () => keys.storage.set(keys.storageKeys.satoken, 'tok') };
};

let reset: (() => void) | undefined;
beforeEach(() => localStorage.clear());
afterEach(() => reset?.());

describe('saved inputs get fresh links after a reload', () => {
  it('restores every input (lists and the mask too) with new links and drops files that are gone', async () => {
    const past = Date.now() - HOUR;
    const later = Date.now() + HOUR;
    seed({
      indoor: { inputs: { upload_img: [img('a', past)], mask: [img('m', past)] } },
      lama: { inputs: { upload_img: [img('b', later)] } },
      'multi-angle': { inputs: { refs: [img('c', past), img('gone', past)] } },
    });
    const { api, stores, fake, signIn } = await load(['a', 'm', 'b', 'c']);
    reset = fake.resetFakeApi;
    signIn();
    const render = stores.familyStore('render');

    // Expired links are not shown (the editor would drop a mask it cannot read); fresh ones are.
    expect(render.getState().tools['indoor']?.inputs).toEqual({});
    expect(render.getState().tools['indoor']?.params.cnStrength).toBe(0.6);
    expect(render.getState().tools['lama']?.inputs.upload_img?.[0]?.fileId).toBe('b');

    await vi.waitFor(() => expect(render.getState().tools['indoor']?.inputs.mask).toHaveLength(1));
    const tools = render.getState().tools;
    expect(tools['indoor']?.inputs.upload_img?.[0]).toMatchObject({ fileId: 'a', width: 40 });
    expect(tools['indoor']?.inputs.upload_img?.[0]?.url).toMatch(/sig=newa$/);
    expect(tools['indoor']?.inputs.mask?.[0]?.url).toMatch(/sig=newm$/);
    expect(tools['lama']?.inputs.upload_img?.[0]?.url).toMatch(/sig=newb$/);
    expect(tools['multi-angle']?.inputs.refs?.map((i) => i.fileId)).toEqual(['c']);

    const calls = api.callsTo('POST', '/upload/links');
    expect(calls).toHaveLength(1);
    expect((calls[0]!.body as { fileIds: string[] }).fileIds.sort()).toEqual(
      ['a', 'b', 'c', 'gone', 'm'].sort(),
    );
    // The fresh links are what the next reload starts from.
    const saved = localStorage.getItem('hj-tool-state-render') ?? '';
    expect(saved).toContain('sig=newm');
    expect(saved).not.toContain('gone');
  });

  it('signed out it asks nothing and loses nothing; on sign-in a gone picture takes its mask along', async () => {
    const past = Date.now() - HOUR;
    seed({ indoor: { inputs: { upload_img: [img('a', past)], mask: [img('m', past)] } } });
    const { api, stores, fake, signIn } = await load(['m']);
    reset = fake.resetFakeApi;
    const render = stores.familyStore('render');
    render.getState().setParam('indoor', 'cnStrength', 0.4);
    await stores.refreshStaleLinks();
    expect(api.callsTo('POST', '/upload/links')).toHaveLength(0);
    // Held inputs are still saved, beside the change made meanwhile.
    const saved = localStorage.getItem('hj-tool-state-render') ?? '';
    expect(saved).toContain('sig=olda');
    expect(saved).toContain('0.4');

    signIn();
    await stores.refreshStaleLinks();
    expect(api.callsTo('POST', '/upload/links')).toHaveLength(1);
    expect(render.getState().tools['indoor']?.inputs).toEqual({ upload_img: [], mask: [] });
  });

  it('a failing server changes nothing and throws nothing', async () => {
    const past = Date.now() - HOUR;
    seed({ indoor: { inputs: { upload_img: [img('a', past)] } } });
    const { api, stores, fake, signIn } = await load([], () => ({ status: 500 }));
    reset = fake.resetFakeApi;
    signIn();
    const render = stores.familyStore('render');
    await vi.waitFor(() => expect(api.callsTo('POST', '/upload/links')).toHaveLength(1));
    await expect(stores.refreshStaleLinks()).resolves.toBeDefined();
    expect(render.getState().held['indoor']?.upload_img?.[0]?.fileId).toBe('a');
    expect(localStorage.getItem('hj-tool-state-render')).toContain('sig=olda');
  });
});
