import * as contracts from '@huijing/contracts';
// The web's `@huijing/tools` is the registry as data (build/light-checks.ts); the real one, with
// its zod schemas, is imported by path to compare the two.
import { allTools as lightTools } from '@huijing/tools';
import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { allTools as realTools } from '../../../../packages/tools/src/registry';
import { LIGHT_CONTRACT_CHECKS, lightSchema } from '../../build/light-schema';
import { jsonCheck, type JsonSchema } from './json-check';

const resolve = (schema: JsonSchema, root: JsonSchema): JsonSchema =>
  schema.$ref ? resolve(root.$defs![schema.$ref.replace('#/$defs/', '')]!, root) : schema;

/** A value the schema describes, as plain as can be (recursion stops at depth 3). */
const sample = (schema: JsonSchema, root: JsonSchema, depth = 0): unknown => {
  const s = resolve(schema, root);
  if (s.default !== undefined) return s.default;
  if (s.const !== undefined) return s.const;
  if (s.enum) return s.enum[0];
  if (s.anyOf ?? s.oneOf) return sample((s.anyOf ?? s.oneOf)![0]!, root, depth);
  const type = [s.type ?? 'null'].flat().find((t) => t !== 'null') ?? 'null';
  switch (type) {
    case 'string':
      return s.pattern?.includes('#') ? '#a1b2c3' : 'ab'.padEnd(s.minLength ?? 2, 'x');
    case 'number':
    case 'integer':
      return Math.max(s.minimum ?? 0, Math.min(s.maximum ?? 3, 3));
    case 'boolean':
      return true;
    case 'array':
      return depth > 2 || !s.items ? [] : [sample(s.items, root, depth + 1)];
    case 'object': {
      const out: Record<string, unknown> = {};
      for (const [key, property] of Object.entries(s.properties ?? {})) {
        out[key] = sample(property, root, depth + 1);
      }
      if (typeof s.additionalProperties === 'object') {
        out.extraKey = sample(s.additionalProperties, root, depth + 1);
      }
      return out;
    }
    default:
      return null;
  }
};

const wrongs = [
  undefined,
  null,
  '',
  '  padded  ',
  'x'.repeat(1001),
  1.5,
  -1,
  0,
  4,
  1e9,
  true,
  [],
  {},
];

/** The value, and the value with one place changed (removed, or set to each of `wrongs`). */
const variants = (value: unknown): unknown[] => {
  const out: unknown[] = [value];
  const walk = (node: unknown, set: (next: unknown) => unknown) => {
    for (const wrong of wrongs) out.push(set(wrong));
    if (Array.isArray(node)) {
      node.forEach((item, i) =>
        walk(item, (next) => set(node.map((x, j) => (j === i ? next : x)))),
      );
    } else if (node && typeof node === 'object') {
      out.push(set({ ...node, unknownKey: 'dropped' }));
      for (const key of Object.keys(node)) {
        const { [key]: _gone, ...rest } = node as Record<string, unknown>;
        out.push(set(rest));
        walk((node as Record<string, unknown>)[key], (next) => set({ ...node, [key]: next }));
      }
    }
  };
  walk(value, (next) => next);
  return out;
};

/** zod and the light check agree: both accept with the same data, or both refuse. */
const agree = (name: string, zodSchema: z.ZodType, values: unknown[]) => {
  const light = jsonCheck(lightSchema(name, zodSchema));
  let refused = 0;
  for (const value of values) {
    const a = zodSchema.safeParse(value);
    const b = light.safeParse(value);
    expect(b.success, `${name} ${JSON.stringify(value)?.slice(0, 300)}`).toBe(a.success);
    if (a.success && b.success) expect(b.data, name).toEqual(a.data);
    else refused += 1;
  }
  return refused;
};

describe('json-check against zod', () => {
  it.each(realTools.map((t) => [t.id, t] as const))(
    "checks %s's parameters as zod does",
    (_id, tool) => {
      const json = lightSchema(tool.id, tool.params);
      const refused = agree(tool.id, tool.params, variants(sample(json, json)));
      expect(refused, 'the variants include refused values').toBeGreaterThan(0);
    },
  );

  it.each(LIGHT_CONTRACT_CHECKS.map((name) => [name] as const))('checks %s as zod does', (name) => {
    const schema = contracts[name] as z.ZodType;
    const json = lightSchema(name, schema);
    const valid = sample(json, json);
    expect(schema.safeParse(valid).success, 'the sample is valid').toBe(true);
    const refused = agree(name, schema, variants(valid));
    expect(refused).toBeGreaterThan(0);
  });

  it("keeps a schema's own messages and trims before it checks", () => {
    const tool = realTools.find((t) => t.id === 'text-to-image')!;
    const light = lightTools.find((t) => t.id === 'text-to-image')!;
    const blank = { promptTxt: '   ' };
    expect(tool.params.safeParse(blank).error?.issues[0]?.message).toBe('请输入描述词');
    expect(light.params.safeParse(blank)).toEqual({
      success: false,
      error: { issues: [{ path: ['promptTxt'], message: '请输入描述词' }] },
    });
    const matting = lightTools.find((t) => t.id === 'matting')!;
    const colour = Object.keys(matting.params.shape).find((k) =>
      matting.params.safeParse({ [k]: '#ZZZZZZ' }).error?.issues[0]?.message.includes('#RRGGBB'),
    );
    expect(colour, "the matting tool's colour keeps its message").toBeDefined();
    expect(matting.params.safeParse({ [colour!]: '#A0b1C2' }).success).toBe(true);
  });

  it('says in Chinese what a value lacks where the schema has no message of its own', () => {
    const check = jsonCheck<unknown>({
      type: 'object',
      properties: { n: { type: 'integer', minimum: 1 }, s: { type: 'string', maxLength: 2 } },
      required: ['n'],
    });
    expect(check.safeParse({}).error?.issues[0]).toEqual({ path: ['n'], message: '缺少必填项' });
    expect(check.safeParse({ n: 0 }).error?.issues[0]?.message).toBe('不能小于 1');
    expect(check.safeParse({ n: 1.5 }).error?.issues[0]?.message).toBe('应为整数');
    expect(check.safeParse({ n: 1, s: 'abc' }).error?.issues[0]?.message).toBe('不能超过 2 个字');
    expect(() => check.parse({ n: 'x' })).toThrow('应为整数');
  });
});

describe('the registry as data', () => {
  it('holds every tool of the registry with the same definition and defaults, less the hosted templates', () => {
    expect(lightTools.map((t) => t.id)).toEqual(realTools.map((t) => t.id));
    for (const [i, real] of realTools.entries()) {
      const light = lightTools[i]!;
      // `hosted` (the providers' prompt templates) is the server's alone.
      const { params: _real, hosted: _hosted, ...realMeta } = real;
      const { params: _light, ...lightMeta } = light;
      expect(JSON.parse(JSON.stringify(lightMeta)), real.id).toEqual(
        JSON.parse(JSON.stringify(realMeta)),
      );
      expect('hosted' in light, real.id).toBe(false);
      expect(light.params.parse({}), real.id).toEqual(real.params.parse({}));
      expect(Object.keys(light.params.shape), real.id).toEqual(Object.keys(real.params.shape));
    }
  });

  it('refuses, at build time, a schema whose rules a light check cannot say', async () => {
    const { z } = await import('zod');
    expect(() =>
      lightSchema(
        'refined',
        z.string().refine((v) => v !== 'x'),
      ),
    ).toThrow(/refinement/);
    expect(() => lightSchema('email', z.email())).toThrow(/keyword format/);
    expect(() => lightSchema('lower', z.string().toLowerCase())).toThrow(/transform/);
  });
});
