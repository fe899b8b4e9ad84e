import { describe, expect, it, vi } from 'vitest';
import { specRoutes } from '@huijing/contracts';
import { z } from 'zod';
import { CN_STRENGTH_DEFAULT, CN_STRENGTH_INDOOR_EXTERIOR, interiorRender } from './params';
import { buildTool, defineTool, spreadValues } from './define-tool';
import { runPrice } from './tool-entry';
import { allTools, getTool, toolForRoute, toolsOfFamily } from './registry';

/** A well-formed tool's metadata, for definitions made up by the tests. */
const probe = {
  id: 'probe',
  family: 'edit' as const,
  routes: ['/probe'],
  name: { 'zh-CN': '探针', 'en-US': 'Probe' },
  description: { 'zh-CN': '探针', 'en-US': 'Probe' },
  ticketType: 1 as const,
  price: 1,
  capability: 'compress' as const,
  inputs: [],
  widgets: {},
};

describe('tool registry', () => {
  it('has unique ids; every tool has parsable defaults, a price and spec routes', () => {
    const ids = allTools.map((t) => t.id);
    expect(new Set(ids).size).toBe(ids.length);
    const routes = new Set<string>(specRoutes);
    for (const t of allTools) {
      expect(t.params.safeParse({}).success, t.id).toBe(true);
      expect(Number.isInteger(t.price) && t.price >= 0, t.id).toBe(true);
      for (const r of t.routes) expect(routes.has(r), `${t.id} ${r}`).toBe(true);
    }
  });

  it('uses the spec defaults: cnStrength 0.75, and 0.7 on indoor exterior', () => {
    const strength = (id: string) =>
      (getTool(id)?.params.parse({}) as { cnStrength?: number }).cnStrength;
    expect(strength('home-decoration')).toBe(CN_STRENGTH_DEFAULT);
    expect(CN_STRENGTH_DEFAULT).toBe(0.75);
    expect(strength('indoor-exterior')).toBe(CN_STRENGTH_INDOOR_EXTERIOR);
    expect(CN_STRENGTH_INDOOR_EXTERIOR).toBe(0.7);
  });

  it('marks the tools that promise to keep the space, and not those that change the view', () => {
    const keeps = new Set(allTools.filter((t) => t.keepsStructure).map((t) => t.id));
    for (const t of toolsOfFamily('render')) {
      const changesView = ['multi-angle', 'studio-indoor', 'studio-outdoor', 'wanwuqianyi'];
      expect(keeps.has(t.id), t.id).toBe(!changesView.includes(t.id));
    }
    for (const id of ['material-change', 'background-change', 'atmosphere-change', 'old-house'])
      expect(keeps.has(id), id).toBe(true);
    for (const id of ['empty-room', 'local-render', 'clean']) expect(keeps.has(id), id).toBe(true);
    for (const id of ['text-to-image', 'extend', 'to-line', 'image-to-video', 'upscale'])
      expect(keeps.has(id), id).toBe(false);
  });

  it('prices a run per image asked for', () => {
    expect(runPrice(2, undefined)).toBe(2);
    expect(runPrice(2, 3)).toBe(6);
    expect(runPrice(2, 0)).toBe(2);
    expect(runPrice(2, 2.5)).toBe(2);
    expect(runPrice(0, 4)).toBe(0);
  });

  it('spreads the multi-angle render’s pictures over its views, and no other tool’s', () => {
    const multi = getTool('multi-angle')!;
    expect(multi.spread).toBe('view');
    expect(multi.params.parse({})).toMatchObject({ view: 'auto', count: 4 });
    expect(spreadValues(multi)).toEqual([
      'orbit-left',
      'orbit-right',
      'wide',
      'top-down',
      'close-up',
    ]);
    // Every view says where the camera goes in words an image model reads, not just "Wide".
    for (const o of multi.widgets.view!.options!.filter((o) => o.value !== 'auto'))
      expect(o.prompt, String(o.value)).toMatch(/camera|view|shot/);
    expect(allTools.filter((t) => t.spread).map((t) => t.id)).toEqual(['multi-angle']);
    expect(spreadValues(getTool('home-decoration')!)).toEqual([]);
  });

  it('refuses malformed definitions at import', () => {
    const base = probe;
    expect(() => defineTool({ ...base, params: () => z.object({ q: z.number() }) })).toThrow(
      /defaults/,
    );
    expect(() =>
      defineTool({
        ...base,
        params: () => z.object({}),
        widgets: { nope: { kind: 'switch', label: base.name } } as never,
      }),
    ).toThrow(/unknown parameter/);
    expect(() => defineTool({ ...base, id: 'Bad Id', params: () => z.object({}) })).toThrow();
    // A spread option needs an 'auto' and concrete values to spread over.
    const select = (values: string[]) => ({
      kind: 'select' as const,
      label: base.name,
      options: values.map((value) => ({ value, label: base.name })),
    });
    const view = z.enum(['auto', 'a', 'b']).default('auto');
    expect(() =>
      defineTool({
        ...base,
        params: () => z.object({ view }),
        widgets: { view: select(['a', 'b']) },
        spread: 'view',
      }),
    ).toThrow(/spread/);
    expect(() =>
      defineTool({ ...base, params: () => z.object({ view }), widgets: {}, spread: 'view' }),
    ).toThrow(/spread/);
    expect(
      spreadValues(
        defineTool({
          ...base,
          params: () => z.object({ view }),
          widgets: { view: select(['auto', 'b', 'a']) },
          spread: 'view',
        }),
      ),
    ).toEqual(['b', 'a']);
  });

  it('gives every route to one page only (tools sharing /imgs2Video are its two modes)', () => {
    const owners = new Map<string, string[]>();
    for (const t of allTools)
      for (const r of t.routes) owners.set(r, [...(owners.get(r) ?? []), t.id]);
    const shared = [...owners].filter(([, ids]) => ids.length > 1);
    expect(shared).toEqual([['/imgs2Video', ['multi-image-video', 'first-last-video']]]);
  });

  it('finds tools by id, route (case-insensitive) and family', () => {
    expect(getTool('clean')?.routes).toEqual(['/clean']);
    expect(toolForRoute('/MaterialChange')?.id).toBe('material-change');
    expect(toolForRoute('/nope')).toBeUndefined();
    expect(toolForRoute('/imgs2Video')?.id).toBe('multi-image-video');
    expect(toolsOfFamily('generate').every((t) => t.family === 'generate')).toBe(true);
  });

  it('prices video tools in video tickets and live render in live tickets', () => {
    expect(
      toolsOfFamily('generate').filter((t) => t.ticketType === 4).length,
    ).toBeGreaterThanOrEqual(4);
    expect(getTool('live-render')?.ticketType).toBe(2);
  });
});

describe('tool parameters built when read', () => {
  const spec = probe;

  it('builds a tool’s schema once, however often it is read', () => {
    const build = vi.fn(() => z.object({ q: z.number().default(1) }));
    const tool = defineTool({ ...spec, params: build });
    expect(tool.params).toBe(tool.params);
    expect(tool.params.parse({})).toEqual({ q: 1 });
    expect(build).toHaveBeenCalledTimes(1);
    expect(Object.keys(tool)).toContain('params');
  });

  it('builds none without the definition checks (the web’s bundle) until a page reads one', () => {
    const build = vi.fn(() => z.object({ q: z.number() }));
    const tool = buildTool({ ...spec, params: build });
    expect(tool.id).toBe('probe');
    expect(build).not.toHaveBeenCalled();
    expect(Object.keys(tool.params.shape)).toEqual(['q']);
    expect(build).toHaveBeenCalledTimes(1);
  });

  it('builds a render tool’s shared settings when they are read, not when the tool file loads', () => {
    const set = interiorRender({ space: 'home-space' });
    expect(Object.keys(set.widgets)).toContain('cnStrength');
    // A getter: each read builds the schemas anew (the tool's params function reads it once).
    expect(set.shape.cnStrength).not.toBe(set.shape.cnStrength);
    expect(Object.keys(set.shape)).toEqual(expect.arrayContaining(Object.keys(set.widgets)));
  });
});
