import { describe, expect, it } from 'vitest';
import { catalogDefaults, classifyGroupKeys } from '@huijing/contracts';
import type { z } from 'zod';
import type { Widget } from './define-tool';
import { atmospheres, CN_STRENGTH_DEFAULT, CN_STRENGTH_INDOOR_EXTERIOR } from './params';
import { allTools, getTool } from './registry';

type Def = {
  type: string;
  innerType?: z.ZodType;
  entries?: Record<string, string>;
  options?: z.ZodType[];
  values?: unknown[];
};
const defOf = (s: z.ZodType) => (s as unknown as { def: Def }).def;

/** The schema under default/optional wrappers: what a widget's value must be. */
const base = (s: z.ZodType): z.ZodType => {
  let cur = s;
  while (['default', 'optional', 'nullable'].includes(defOf(cur).type)) cur = defOf(cur).innerType!;
  return cur;
};
const bounds = (s: z.ZodType) => s as unknown as { minValue: number | null; maxValue: number };

/** Every value a finite schema accepts (enum, union of literals), or undefined when infinite. */
const finiteValues = (s: z.ZodType): unknown[] | undefined => {
  const d = defOf(s);
  if (d.type === 'enum') return Object.values(d.entries!);
  if (d.type === 'literal') return d.values;
  if (d.type === 'number') {
    // A small integer range (count 1–4) is a finite choice too.
    const n = s as unknown as { isInt: boolean; minValue: number; maxValue: number };
    if (!n.isInt || n.maxValue - n.minValue > 20) return undefined;
    return Array.from({ length: n.maxValue - n.minValue + 1 }, (_, i) => n.minValue + i);
  }
  if (d.type === 'union') {
    const all = d.options!.map(finiteValues);
    return all.every(Boolean) ? all.flat() : undefined;
  }
  return undefined;
};

const eachWidget = () =>
  allTools.flatMap((tool) =>
    Object.entries(tool.widgets as Record<string, Widget>).map(([name, widget]) => ({
      tool,
      name,
      widget,
      schema: (tool.params.shape as Record<string, z.ZodType>)[name]!,
    })),
  );

describe('tool parameters and their widgets', () => {
  it('gives every tool a form: each tool with parameters shows at least one', () => {
    for (const tool of allTools) {
      const names = Object.keys(tool.params.shape);
      if (names.length > 0) expect(Object.keys(tool.widgets).length, tool.id).toBeGreaterThan(0);
    }
  });

  it('draws sliders and number fields only on numbers, inside the schema range', () => {
    const numeric = eachWidget().filter((w) => ['slider', 'number'].includes(w.widget.kind));
    expect(numeric.length).toBeGreaterThan(10);
    for (const { tool, name, widget, schema } of numeric) {
      const at = `${tool.id}.${name}`;
      const b = base(schema);
      expect(defOf(b).type, at).toBe('number');
      if (widget.kind === 'slider') {
        expect(widget.min, at).toBeTypeOf('number');
        expect(widget.max, at).toBeTypeOf('number');
        expect(widget.step, at).toBeGreaterThan(0);
      }
      const { minValue, maxValue } = bounds(b);
      if (widget.min !== undefined) {
        expect(widget.min, at).toBeGreaterThanOrEqual(minValue ?? -Infinity);
        expect(schema.safeParse(widget.min).success, at).toBe(true);
      }
      if (widget.max !== undefined) {
        expect(widget.max, at).toBeLessThanOrEqual(maxValue);
        expect(schema.safeParse(widget.max).success, at).toBe(true);
      }
    }
  });

  it('offers select and segmented options that all parse, and every value the schema allows', () => {
    const choices = eachWidget().filter((w) => ['select', 'segmented'].includes(w.widget.kind));
    expect(choices.length).toBeGreaterThan(20);
    for (const { tool, name, widget, schema } of choices) {
      const at = `${tool.id}.${name}`;
      const values = (widget.options ?? []).map((o) => o.value);
      expect(values.length, at).toBeGreaterThan(1);
      expect(new Set(values).size, at).toBe(values.length);
      for (const v of values) expect(schema.safeParse(v).success, `${at}=${v}`).toBe(true);
      const allowed = finiteValues(base(schema));
      expect(allowed, `${at} is a finite choice`).toBeDefined();
      expect([...values].sort(), at).toEqual([...allowed!].sort());
    }
  });

  it('puts switches on booleans and pickers and text on strings', () => {
    for (const { tool, name, widget, schema } of eachWidget()) {
      const at = `${tool.id}.${name}`;
      const type = defOf(base(schema)).type;
      if (widget.kind === 'switch') expect(type, at).toBe('boolean');
      if (['prompt', 'text', 'style-picker', 'material-picker'].includes(widget.kind))
        expect(type, at).toBe('string');
      if (widget.kind === 'style-picker') expect(classifyGroupKeys, at).toContain(widget.catalog);
      else expect(widget.catalog, `${at} names a catalogue only on a style-picker`).toBeUndefined();
    }
  });

  it('has defaults that parse and stay put when parsed again', () => {
    for (const tool of allTools) {
      const defaults = tool.params.parse({});
      expect(tool.params.parse(defaults), tool.id).toEqual(defaults);
    }
  });

  it('keeps the spec defaults: cnStrength 0.75 everywhere, 0.7 on indoor exterior', () => {
    const withStrength = allTools.filter((t) => 'cnStrength' in t.params.shape);
    expect(withStrength.length).toBeGreaterThan(25);
    for (const tool of withStrength) {
      const { cnStrength } = tool.params.parse({}) as { cnStrength: number };
      const expected =
        tool.id === 'indoor-exterior' ? CN_STRENGTH_INDOOR_EXTERIOR : CN_STRENGTH_DEFAULT;
      expect(cnStrength, tool.id).toBe(expected);
    }
    expect(CN_STRENGTH_DEFAULT).toBe(0.75);
    expect(CN_STRENGTH_INDOOR_EXTERIOR).toBe(0.7);
  });

  it('gives every render tool the spec render parameters with sensible defaults', () => {
    const home = getTool('home-decoration')!.params.parse({});
    expect(home).toEqual({
      promptTxt: '',
      cnStrength: 0.75,
      source: 'photo',
      style: catalogDefaults.interiorStyle,
      space: '',
      ipaPlus: false,
      lock: false,
      view: 'auto',
      atmosphere: 'auto',
      ignoreWordAndImage: false,
      count: 1,
      // A trained model is optional; its strength defaults to 0.8 (docs/training.md).
      loraStrength: 0.8,
    });
    expect(getTool('indoor')!.params.safeParse({ loraStrength: 1.6 }).success).toBe(false);
    const arch = getTool('architecture')!.params.parse({}) as Record<string, unknown>;
    expect(arch).toMatchObject({ style: catalogDefaults.architectureStyle, environment: 'auto' });
    expect(getTool('landscape')!.params.parse({})).toMatchObject({
      style: catalogDefaults.landscapeStyle,
    });
    expect(getTool('birds-eye')!.params.parse({})).toMatchObject({ view: 'aerial' });
    expect(getTool('lock-image')!.params.parse({})).toMatchObject({ lock: true });
    expect(getTool('indoor-exterior')!.params.parse({})).toMatchObject({
      environment: catalogDefaults.windowView,
      lock: true,
    });
    // The spec names, never a variant of them.
    const specNames = ['promptTxt', 'cnStrength', 'ipaPlus', 'lock', 'view', 'atmosphere'];
    for (const tool of allTools.filter((t) => t.capability.startsWith('render'))) {
      const names = Object.keys(tool.params.shape);
      expect(names, tool.id).toContain('promptTxt');
      for (const n of names)
        if (specNames.some((s) => s.toLowerCase() === n.toLowerCase()))
          expect(specNames, tool.id).toContain(n);
    }
    expect(() => getTool('home-decoration')!.params.parse({ count: 5 })).toThrow();
    expect(() => getTool('home-decoration')!.params.parse({ cnStrength: 1.2 })).toThrow();
  });

  it('text to image Pro adds ratio, count, negative prompt and a style preset', () => {
    const pro = getTool('text-to-image-pro')!;
    expect(Object.keys(pro.params.shape)).toEqual(
      expect.arrayContaining(['promptTxt', 'aspectRatio', 'count', 'negativePrompt', 'style']),
    );
    expect(pro.params.parse({})).toMatchObject({ aspectRatio: '4:3', count: 1 });
    expect(pro.params.safeParse({ promptTxt: '  ' }).success).toBe(false);
    // The basic tool has the same controls over fewer shapes and no seed.
    const basic = getTool('text-to-image')!;
    expect(Object.keys(basic.params.shape).sort()).toEqual(
      ['promptTxt', 'style', 'aspectRatio', 'count', 'negativePrompt'].sort(),
    );
    expect(basic.params.safeParse({ aspectRatio: '21:9' }).success).toBe(false);
    expect(pro.params.safeParse({ aspectRatio: '21:9' }).success).toBe(true);
  });

  it('asks the local engine for exactly the parameters it reads', () => {
    // The engine's schemas (apps/server/src/engines/local), written out: a rename on either side
    // must show up here.
    const engine: Record<string, string[]> = {
      compress: ['format', 'targetKB', 'quality'],
      upscale: ['scale', 'mode'],
      'to-line': ['lineWeight', 'detail', 'style'],
      'color-flat-plan': ['colors', 'palette', 'outline'],
      inpaint: ['method', 'radius'],
      extend: ['top', 'right', 'bottom', 'left', 'ratio'],
      'color-transfer': ['strength'],
      'color-grade': ['atmosphere', 'strength'],
      matting: ['points', 'clicks', 'rect', 'bgColor', 'tolerance'],
      'video-camera-move': ['motion', 'duration', 'fps', 'resolution'],
      'video-first-last': ['duration', 'transition', 'fps', 'resolution'],
      'video-multi-image': [
        'durationPerImage',
        'durations',
        'transition',
        'transitionDuration',
        'fit',
        'fps',
        'resolution',
      ],
    };
    const local = allTools.filter((t) => t.capability in engine);
    expect(local.length).toBeGreaterThanOrEqual(13);
    for (const tool of local)
      expect(Object.keys(tool.params.shape).sort(), tool.id).toEqual(
        [...engine[tool.capability]!].sort(),
      );
    expect(getTool('upscale')!.params.parse({})).toEqual({ scale: 2, mode: 'lanczos' });
    expect(getTool('real-upscale')!.params.parse({})).toEqual({ scale: 2, mode: 'esrgan' });
    expect(getTool('to-line')!.params.parse({})).toEqual({
      lineWeight: 2,
      detail: 'medium',
      style: 'xdog',
    });
    expect(getTool('atmosphere-change')!.params.parse({})).toEqual({
      atmosphere: 'dusk',
      strength: 1,
    });
    expect(getTool('image-to-video')!.params.parse({})).toEqual({
      motion: 'zoom-in',
      duration: 5,
      fps: 24,
      resolution: '720p',
    });
    expect(getTool('multi-image-video')!.params.parse({})).toMatchObject({
      durationPerImage: 3,
      transition: 'fade',
      transitionDuration: 0.8,
    });
    expect(getTool('first-last-video')!.params.parse({})).toMatchObject({
      duration: 4,
      transition: 'dissolve',
    });
    expect(getTool('upscale')!.params.safeParse({ scale: 3 }).success).toBe(false);
    expect(getTool('matting')!.params.safeParse({ bgColor: 'white' }).success).toBe(false);
    expect(getTool('color-flat-plan')!.params.parse({})).toEqual({
      colors: 10,
      palette: 'original',
      outline: true,
    });
  });

  it('uses one atmosphere vocabulary for the colour grade engine and the render tools', () => {
    const grade = getTool('atmosphere-change')!.params.shape as Record<string, z.ZodType>;
    const gradeValues = finiteValues(base(grade.atmosphere!))!;
    expect([...gradeValues].sort()).toEqual(atmospheres.map(([v]) => v).sort());
    const render = getTool('indoor')!.params.shape as Record<string, z.ZodType>;
    expect(finiteValues(base(render.atmosphere!))!.map(String).sort()).toEqual(
      ['auto', ...gradeValues.map(String)].sort(),
    );
  });
});
